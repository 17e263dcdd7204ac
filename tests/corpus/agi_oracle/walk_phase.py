#!/usr/bin/python3
"""walk_phase.py GAME_OUT POINT PIC_RENDER [--keys N] [--span D] [--corpus DIR] [--font FILE]

Whether a walkthrough point (walkthrough_spec.py) that is not exact differs
only by the length of the walks before it: under DOSBox a walk lasts the
wall-clock time between its two key presses, so ego can stop a pixel or
two away, or leave a room on another cel.  Moves each of the last N
direction keys before the point (default 2) by -D..+D cycles (default 3)
in the point's input script (GAME_OUT/POINT.input.txt), renders relic's
screen at the point's tick for every combination and prints the nearest
to the original's shot (GAME_OUT/POINT.dosbox.png) as
`differing-pixels@shifts`.  0 for some shifts: the same keys held a few
cycles longer or shorter give the original's screen (reasons.txt `clock`:
the walk was timed by the wall clock); never 0: something else differs.
Developer tool (needs the oracle's numpy/PIL); not part of make test."""
import argparse, itertools, json, re, subprocess, sys, tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2].parent / "shared" / "tools" / "agi-oracle"))
sys.path.insert(0, "/work/shared/tools/agi-oracle")
from dosbox_oracle import to_ega  # noqa: E402

DIRECTIONS = {"up", "down", "left", "right", "home", "end", "pgup", "pgdn"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("point")
    ap.add_argument("pic_render")
    ap.add_argument("--keys", type=int, default=2)
    ap.add_argument("--span", type=int, default=3)
    ap.add_argument("--corpus", type=Path, default=HERE.parents[2].parent / "shared" / "corpus" / "agi")
    ap.add_argument("--font", type=Path)
    a = ap.parse_args()
    orig, _ = to_ega(a.out / f"{a.point}.dosbox.png")
    report = json.load(open(a.out / "report.json"))
    tick = next(s["relic_tick"] for s in report if s["name"] == a.point)
    lines = (a.out / f"{a.point}.input.txt").read_text().splitlines()
    walks = [i for i, ln in enumerate(lines)
             if (m := re.match(r"(\d+) key (\w+)$", ln)) and m.group(2) in DIRECTIONS and int(m.group(1)) < tick]
    walks = walks[-a.keys:]
    res = []
    with tempfile.TemporaryDirectory() as tmp:
        png, script = Path(tmp) / "s.png", Path(tmp) / "in.txt"
        for shifts in itertools.product(range(-a.span, a.span + 1), repeat=len(walks)):
            moved = list(lines)
            for i, s in zip(walks, shifts):
                c, rest = moved[i].split(" ", 1)
                moved[i] = f"{max(0, min(int(c) + s, tick - 1))} {rest}"
            script.write_text("\n".join(moved) + "\n")
            cmd = [a.pic_render, str(a.corpus / a.out.name), "--from-start", "--tick", str(tick), "--input",
                   str(script), "--screen", str(png), "--profile", "2.936"]
            if a.font:
                cmd += ["--font", str(a.font)]
            subprocess.run(cmd, check=True, capture_output=True)
            res.append((int((to_ega(png)[0] != orig).sum()), shifts))
    res.sort()
    keys = ", ".join(lines[i] for i in walks)
    print(f"{a.out.name} {a.point} (keys {keys}): " +
          " ".join(f"{d}@{','.join(f'{s:+d}' for s in sh)}" for d, sh in res[:8]))


if __name__ == "__main__":
    main()
