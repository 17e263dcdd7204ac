#!/usr/bin/python3
"""phase.py GAME_OUT POINT PIC_RENDER LO HI [--corpus DIR] [--font FILE] [--game G] [--save-dir DIR]

Whether a point that is not exact is a phase: renders relic's screen at
every tick LO..HI with the point's input script (GAME_OUT/POINT.input.txt
of a dosbox_oracle.py run, GAME_OUT named after the game) and prints the
ticks nearest to the original's shot (GAME_OUT/POINT.dosbox.png), as
`differing-pixels@tick`.  0 at some tick: the two interpreters show the
same screen at different cycles (reasons.txt `anim`); never 0: something
else differs too (an object placed by random, or a rule).  --game names the
game when GAME_OUT is not named after it; --save-dir is the dialogs' folder
of a run that restores saves (restore_goldens.py).  Developer tool
(needs the oracle's numpy/PIL); not part of make test."""
import argparse, subprocess, sys, tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2].parent / "shared" / "tools" / "agi-oracle"))
sys.path.insert(0, "/work/shared/tools/agi-oracle")
from dosbox_oracle import to_ega  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("point")
    ap.add_argument("pic_render")
    ap.add_argument("lo", type=int)
    ap.add_argument("hi", type=int)
    ap.add_argument("--corpus", type=Path, default=HERE.parents[2].parent / "shared" / "corpus" / "agi")
    ap.add_argument("--font", type=Path)
    ap.add_argument("--game")
    ap.add_argument("--save-dir")
    a = ap.parse_args()
    orig, _ = to_ega(a.out / f"{a.point}.dosbox.png")
    res = []
    with tempfile.TemporaryDirectory() as tmp:
        png = Path(tmp) / "s.png"
        for t in range(a.lo, a.hi + 1):
            cmd = [a.pic_render, str(a.corpus / (a.game or a.out.name)), "--from-start", "--tick", str(t), "--input",
                   str(a.out / f"{a.point}.input.txt"), "--screen", str(png), "--profile", "2.936"]
            if a.font:
                cmd += ["--font", str(a.font)]
            if a.save_dir:
                cmd += ["--save-dir", a.save_dir]
            subprocess.run(cmd, check=True, capture_output=True)
            res.append((int((to_ega(png)[0] != orig).sum()), t))
    res.sort()
    print(f"{a.out.name} {a.point}: " + " ".join(f"{d}@{t}" for d, t in res[:10]))


if __name__ == "__main__":
    main()
