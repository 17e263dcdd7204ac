#!/usr/bin/python3
"""restore_goldens.py PIC_RENDER GAME RUN=ORACLE_DIR... [--corpus DIR] [--font FILE] [--write-inputs]

Digest lines for tests/corpus/agi_oracle_restore.sha256 from dosbox_oracle.py
runs that restore GAME's real saves through its own dialog: RUN "all" had
every save of GAME/saves in its slot, RUN "SG.N" that save alone as slot 1.
Each point is rendered again with PIC_RENDER in a save folder made as the
corpus test makes it (the saves copied, one file time for all: the dialog
preselects the newest), with the BIOS font FILE and with relic's own, and
printed as `GAME RUN/POINT TICK STATUS ORIGINAL_SHA256 RELIC_FONT_SHA256`
(the status as goldens.py gives it; reasons from reasons.txt under the name
RUN/POINT).  --write-inputs copies the runs' input scripts to
GAME-restore-all.input and GAME-restore-one.input.

A point is stable when the DOSBox screen was (the oracle's two captures)
and relic's screen is the same the two cycles before (after is the next
key's): a screen that changes every cycle (room 5's stars) cannot be
caught at one cycle by a wall-clock shot.  The table on stderr has a `stable` column and each
run's count of exact points among all and among the stable ones.
Developer tool (needs the oracle's numpy/PIL); not part of make test."""
import argparse, json, os, shutil, subprocess, sys, tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from goldens import digest  # noqa: E402

FILE_TIME = 1000000000  # the corpus test's file time for every save


def save_folder(corpus, game, run, tmp):
    d = Path(tempfile.mkdtemp(dir=tmp))
    pairs = [(f"SG.{k}", f"SG.{k}") for k in range(1, 13)] if run == "all" else [(run, "SG.1")]
    for src, dst in pairs:
        f = corpus / game / "saves" / src
        if f.exists():
            shutil.copy(f, d / dst)
            os.chmod(d / dst, 0o644)
            os.utime(d / dst, (FILE_TIME, FILE_TIME))
    return d


def render(pic, game_dir, tick, script, font, folder, out):
    cmd = [pic, str(game_dir), "--from-start", "--tick", str(tick), "--input", str(script), "--profile", "2.936",
           "--save-dir", str(folder), "-o", str(out.with_suffix(".pic.png")), "--screen", str(out)]
    if font:
        cmd += ["--font", str(font)]
    subprocess.run(cmd, check=True, capture_output=True)
    return digest(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pic_render")
    ap.add_argument("game")
    ap.add_argument("runs", nargs="+")
    ap.add_argument("--corpus", type=Path, default=HERE.parents[2].parent / "shared" / "corpus" / "agi")
    ap.add_argument("--font", type=Path, default=Path.home() / ".cache" / "dosbox_oracle" / "font8.bin")
    ap.add_argument("--write-inputs", action="store_true")
    a = ap.parse_args()
    reasons = {}
    for ln in (HERE / "reasons.txt").read_text().splitlines():
        f = ln.split("#", 1)[0].split()
        if len(f) >= 3:
            reasons[(f[0], f[1])] = f[2]
    tmp = Path(tempfile.mkdtemp())
    raw = a.font.read_bytes() if a.font and a.font.exists() else b""
    ladder = [("exact", raw[:2048])]
    if len(raw) in (4096, 7680):
        ladder.append(("exact-rom", raw[:4096]))
    if len(raw) in (5632, 7680):
        ladder.append(("exact-8x14", raw[:2048] + raw[-3584:]))
    for i, (st, data) in enumerate(ladder):
        (tmp / f"{st}.bin").write_bytes(data)
        ladder[i] = (st, tmp / f"{st}.bin")
    totals = []  # (kind, points, exact, stable, stable and exact) a run
    for spec in a.runs:
        run, odir = spec.split("=", 1)
        n_all = n_exact = n_stable = n_stable_exact = 0
        odir = Path(odir)
        shots = json.load(open(odir / "report.json"))
        script = odir / f"{shots[-1]['name']}.input.txt"
        if a.write_inputs:
            shutil.copy(script, HERE / f"{a.game}-restore-{'all' if run == 'all' else 'one'}.input")
        folder = save_folder(a.corpus, a.game, run, tmp)
        for s in shots:
            name, tick = f"{run}/{s['name']}", s["relic_tick"]
            orig, oidx = digest(odir / f"{s['name']}.dosbox.png")
            bios, bidx = render(a.pic_render, a.corpus / a.game, tick, script, a.font, folder, tmp / "b.png")
            own, _ = render(a.pic_render, a.corpus / a.game, tick, script, None, folder, tmp / "r.png")
            eq = oidx == bidx
            status = "exact" if bios == orig else reasons.get((a.game, name), "differs")
            if status == "exact" and not s.get("dosbox_stable", True) and (a.game, name) in reasons:
                status = reasons[(a.game, name)]
            if status == "exact" and len(ladder) > 1:
                status = next((st for st, f in ladder
                               if render(a.pic_render, a.corpus / a.game, tick, script, f, folder,
                                         tmp / "b2.png")[0] == orig), "differs")
            near = [render(a.pic_render, a.corpus / a.game, t, script, None, folder, tmp / "n.png")[0]
                    for t in (tick - 2, tick - 1)]
            stable = bool(s.get("dosbox_stable", True)) and near[0] == own and near[1] == own
            is_exact = status.startswith("exact")
            n_all += 1
            n_exact += is_exact
            n_stable += stable
            n_stable_exact += stable and is_exact
            print(f"{a.game} {name} {tick} {status} {orig} {own}")
            print(f"| {a.game} | {name} | {100.0 * eq.mean():.3f} | {'yes' if stable else 'no'} | {status} |",
                  file=sys.stderr)
        totals.append(("one run" if run == "all" else "each alone", n_all, n_exact, n_stable, n_stable_exact))
    for kind in ("one run", "each alone"):
        t = [sum(x[i] for x in totals if x[0] == kind) for i in range(1, 5)]
        if t[0]:
            print(f"{kind}: {t[1]}/{t[0]} exact, {t[3]}/{t[2]} of the stable points", file=sys.stderr)
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
