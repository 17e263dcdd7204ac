#!/usr/bin/python3
"""The sound-by-sound table of README.md for one game (developer tool, not part of `make test`; see
README.md, "Sound by sound, with keys").

Builds a copy of GAME_DIR whose logic 0 plays the given sounds in turn (load them all; 40 cycles
of silence, 100 before the first; `sound(N, f200)`, wait for the flag or 240 cycles,
`stop.sound()`, the next), records it in the original under DOSBox (capture.py), runs the same
copy in relic (pic-render --from-start --profile 2.936 --device tandy --audio), cuts both
recordings at their silences (segments.py), gives relic's pieces to the sounds by the schedule
(each sound's length read from its resource) and the original's by relic's (one shift, then
following each sound's start), and prints one README table row per sound: events equal/total,
worst onset and pitch (noise rate) of the matched events (notes.py), and audio_compare.py's
pitch / shape / gate.

usage: sound_table.py GAME_DIR INTERP_DIR SOUND [SOUND ...] [--display :N] [--keep DIR] [--json]
example: sound_table.py ../shared/corpus/agi/ltec ../shared/reference/agi-interpreter-2.936 3 0 \\
    --keep /tmp/table/ltec
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import segments

HERE = Path(__file__).resolve().parent
BIN = HERE.parent.parent / "build" / "bin"
RATE = 20  # cycles a second (v10 = 1)
GAP, LIMIT = 40, 240  # cycles of silence before each sound; the longest a sound plays
LEAD = 100  # cycles before the first sound: the capture starts while the interpreter loads


def logic0(sounds):
    out = ["if (!isset(f201)) {", "  set(f201);", "  v10 = 1;"]
    out += [f"  load.sound({n});" for n in sounds] + ["  v200 = 0;", "  v201 = 0;", "}", "v201++;"]
    for k, n in enumerate(sounds):
        out += [f"if (v200 == {2 * k}) {{", f"  if (v201 > {LEAD if k == 0 else GAP}) {{",
                f"    v200 = {2 * k + 1};", "    v201 = 0;", f"    sound({n},f200);", "  }", "}",
                f"if (v200 == {2 * k + 1}) {{", f"  if ((isset(f200) || v201 > {LIMIT})) {{",
                "    stop.sound();", f"    v200 = {2 * k + 2};", "    v201 = 0;", "  }", "}"]
    return "\n".join(out + ["return();", ""])


def ticks(payload_path):
    """A sound's length in 1/60 s ticks, as relic's scheduler plays it under 2.936 (its completion
    tick, the first tick after the last note)."""
    r = subprocess.run([str(BIN / "snd-render"), "--file", str(payload_path), "--profile", "2.936",
                        "--events", "-"], check=True, capture_output=True, text=True)
    return json.loads(r.stdout)["completion_tick"] - 1


def make(game, sounds, out):
    """The sequencing copy of game in out; each sound's (start, end) in seconds of relic's run."""
    src = Path(tempfile.mkdtemp(prefix="sound_table."))
    subprocess.run([str(BIN / "agi-unpack"), str(game), "-o", str(src)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    (src / "logic" / "logic000.lgc").write_text(logic0(sounds))
    subprocess.run([str(BIN / "agi-pack"), str(src), "-o", str(out)], check=True, stdout=subprocess.DEVNULL)
    times, c = [], 1
    for k, n in enumerate(sounds):
        c += (LEAD if k == 0 else GAP) + 1
        length = min(-(-ticks(src / "raw" / "sound" / f"sound{n:03d}.bin") // 3) + 1, LIMIT + 1)
        times.append((c / RATE, (c + length) / RATE))
        c += length
    shutil.rmtree(src)
    return times


def group(pieces, sr, times, shift=None):
    """The (start, end) samples of each sound's pieces, or None. With a shift (s), it follows the
    first piece of each sound found, so that the original's drift of a cycle a sound does not add
    up; relic's pieces are grouped on the schedule itself (a sound may start with a rest)."""
    follow = shift is not None
    shift = shift or 0.0
    out = []
    for a, b in times:
        mine = [(s, e) for s, e in pieces if a + shift - 0.6 <= s / sr < b + shift + 0.3]
        out.append((mine[0][0], max(e for _, e in mine)) if mine else None)
        if mine and follow:
            shift = mine[0][0] / sr - a
    return out


def offset(starts, ref):
    """The shift of the original against relic that starts the most sounds within 0.5 s."""
    cands = [s - a for s in starts for a, _ in ref] or [0.0]
    return max(cands, key=lambda d: sum(any(abs(s - a - d) < 0.5 for s in starts) for a, _ in ref))


def compare(work, name, sounds, times):
    """Rows for the sounds in work/orig.wav and work/relic.wav; times from make()."""
    xo, so = segments.load(work / "orig.wav")
    xr, sr = segments.load(work / "relic.wav")
    po, pr = segments.pieces(xo, so, 1.6), segments.pieces(xr, sr, 1.6)
    gr = group(pr, sr, times)
    # relic's pieces, where it plays, place the original's
    ref = [(g[0] / sr, g[1] / sr) if g else t for g, t in zip(gr, times)]
    go = group(po, so, ref, offset([s / so for s, _ in po], ref))
    rows = []
    for k, n in enumerate(sounds):
        label = f"{name}/{n}"
        if not go[k] or not gr[k]:
            where = "the original" if not go[k] else "relic"
            rows.append({"sound": label, "missing": f"silent in {where}"})
            continue
        fo, fr = work / f"o{n}.wav", work / f"r{n}.wav"
        segments.cut(xo, so, *go[k], fo)
        segments.cut(xr, sr, *gr[k], fr)
        rows.append(segments.compare_pair(fo, fr, label, (go[k][1] - go[k][0]) / so))
    return rows


def row(r):
    """One README table row: name | equal/total | worst onset, pitch (noise rate) | pitch / shape / gate."""
    if "equal" not in r:
        return f"| {r['sound']} | {r.get('missing', r.get('notes_error', '?'))} | | |"
    worst = f"{r['worst_onset_ticks']} tk, {r['worst_pitch_pct']:.2f} %"
    if r.get("noise_events"):
        worst += f", noise rate {r['worst_noise_rate_pct']:.0f} %"
    ac = r.get("audio_compare", {})
    return (f"| {r['sound']} | {r['equal']}/{r['total']} | {worst} | {ac.get('pitch', 0):.2f} /"
            f" {ac.get('shape', 0):.2f} / {ac.get('gate', 0):.2f} |")


def main():
    ap = argparse.ArgumentParser(usage=__doc__.split("usage: ")[1].split("\n")[0])
    ap.add_argument("game", type=Path)
    ap.add_argument("interp", type=Path)
    ap.add_argument("sounds", type=int, nargs="+")
    ap.add_argument("--display", default=":131")
    ap.add_argument("--keep", type=Path, help="keep the game copy, both recordings and the pieces here")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    work = a.keep or Path(tempfile.mkdtemp(prefix="sound_table."))
    (work / "tmp").mkdir(parents=True, exist_ok=True)
    os.environ["TMPDIR"] = str(work / "tmp")  # audio_compare.py leaves its sox files in TMPDIR
    times = make(a.game, a.sounds, work / "game")
    cycles = int(times[-1][1] * RATE) + GAP
    orig, rel = work / "orig.wav", work / "relic.wav"
    subprocess.run([str(BIN / "pic-render"), str(work / "game"), "--from-start", "--tick", str(cycles),
                    "--profile", "2.936", "--device", "tandy", "--audio", str(rel),
                    "-o", str(work / "relic.png")], check=True, stdout=subprocess.DEVNULL)
    subprocess.run([sys.executable, str(HERE / "capture.py"), str(work / "game"), str(a.interp), str(orig),
                    f"wait {cycles / RATE + 8:.0f}", "--display", a.display],
                   check=True, stdout=subprocess.DEVNULL)
    rows = compare(work, a.game.name, a.sounds, times)
    shutil.rmtree(work / "tmp" if a.keep else work)
    print(json.dumps(rows) if a.json else "\n".join(row(r) for r in rows))


if __name__ == "__main__":
    main()
