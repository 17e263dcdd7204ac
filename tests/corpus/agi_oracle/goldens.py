#!/usr/bin/python3
"""goldens.py ORACLE_ROOT PIC_RENDER [--corpus DIR] [--font FILE] [--write-inputs]

Digest lines for tests/corpus/agi_oracle.sha256 from dosbox_oracle.py runs:
ORACLE_ROOT/GAME/report.json and GAME/POINT.dosbox.png for each game.  Each
point is rendered again with the current PIC_RENDER (with the BIOS font and
with relic's own), so the status says whether this build is exact.  Prints
`GAME POINT TICK STATUS ORIGINAL_SHA256 RELIC_FONT_SHA256` lines, and a
summary table on stderr.  --write-inputs copies each game's input script to
tests/corpus/agi_oracle/GAME.input (the corpus test runs them).
Developer tool (needs the oracle's numpy/PIL); not part of make test."""
import argparse, hashlib, json, os, shutil, subprocess, sys, tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2].parent / "shared" / "tools" / "agi-oracle"))
sys.path.insert(0, "/work/shared/tools/agi-oracle")
from dosbox_oracle import to_ega  # noqa: E402


def digest(png):
    idx, _ = to_ega(png)
    return hashlib.sha256(idx.tobytes()).hexdigest(), idx


def render(pic, game, tick, script, font, out):
    cmd = [pic, str(game), "--from-start", "--tick", str(tick), "--input", str(script), "--profile", "2.936",
           "-o", str(out.with_suffix(".pic.png")), "--screen", str(out)]
    if font:
        cmd += ["--font", str(font)]
    subprocess.run(cmd, check=True, capture_output=True)
    return digest(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", type=Path)
    ap.add_argument("pic_render")
    ap.add_argument("--corpus", type=Path, default=HERE.parents[2].parent / "shared" / "corpus" / "agi")
    ap.add_argument("--font", type=Path, default=Path.home() / ".cache" / "dosbox_oracle" / "font8.bin")
    ap.add_argument("--write-inputs", action="store_true")
    a = ap.parse_args()
    reasons = {}
    rp = HERE / "reasons.txt"
    if rp.exists():
        for ln in rp.read_text().splitlines():
            f = ln.split("#", 1)[0].split()
            if len(f) >= 3:
                reasons[(f[0], f[1])] = f[2]
    tmp = Path(tempfile.mkdtemp())
    # A font file beyond the 8x8 font (4,096 bytes: the window glyphs from
    # F000:FA6E; 5,632: the 8x14 text-mode font; 7,680: both, romfont.py's
    # dump) names the part a point needs: `exact` with the 8x8 font alone,
    # `exact-rom` with the window glyphs, `exact-8x14` with the 8x14 font
    # (the corpus test checks each when RELIC_BIOS_FONT has that part).
    ladder = []
    if a.font and a.font.exists() and a.font.stat().st_size in (4096, 5632, 7680):
        raw = a.font.read_bytes()
        parts = {"exact": raw[:2048]}
        if len(raw) in (4096, 7680):
            parts["exact-rom"] = raw[:4096]
        if len(raw) in (5632, 7680):
            parts["exact-8x14"] = raw[:2048] + raw[-3584:]
        for status, data in parts.items():
            (tmp / f"{status}.bin").write_bytes(data)
            ladder.append((status, tmp / f"{status}.bin"))
    for gdir in sorted(p for p in a.root.iterdir() if (p / "report.json").exists()):
        game = gdir.name
        shots = json.load(open(gdir / "report.json"))
        script = gdir / f"{shots[-1]['name']}.input.txt"
        if a.write_inputs:
            shutil.copy(script, HERE / f"{game}.input")
        for s in shots:
            name, tick = s["name"], s["relic_tick"]
            orig, oidx = digest(gdir / f"{name}.dosbox.png")
            bios, bidx = render(a.pic_render, a.corpus / game, tick, script, a.font, tmp / "b.png")
            own, _ = render(a.pic_render, a.corpus / game, tick, script, None, tmp / "r.png")
            eq = (oidx == bidx)
            status = "exact" if bios == orig else reasons.get((game, name), "differs")
            if status == "exact" and not s.get("dosbox_stable", True) and (game, name) in reasons:
                status = reasons[(game, name)]  # a moving screen caught at relic's phase by chance
            if status == "exact" and ladder:
                status = next((st for st, f in ladder
                               if render(a.pic_render, a.corpus / game, tick, script, f, tmp / "b2.png")[0] == orig),
                              "differs")  # exact only with two parts together: no status for that yet
            print(f"{game} {name} {tick} {status} {orig} {own}")
            print(f"| {game} | {name} | {100.0 * eq.mean():.3f} | {100.0 * eq[8:176].mean():.3f} | {status} |",
                  file=sys.stderr)
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
