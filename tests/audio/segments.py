#!/usr/bin/python3
"""Compare two recordings sound by sound (developer tool, not part of `make test`; see README.md).

The original's timing between sounds (a key press, a logic cycle that waits for a flag) differs
from relic's by a tick or more, so one lag cannot line up a whole recording. This cuts both
recordings at their silences (at least --gap seconds), pairs the pieces in order and runs
notes.py (note events) and the oracle's audio_compare.py (pitch, shape, gate) on each pair.

usage: segments.py ORIGINAL.wav RELIC.wav [--game NAME] [--names A,B,...] [--gap S] [--json] [--keep DIR]
"""
import argparse
import json
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
COMPARE = HERE.parent.parent.parent / "shared" / "tools" / "agi-oracle" / "audio_compare.py"


def load(path):
    with wave.open(str(path)) as w:
        n, sr = w.getnchannels(), w.getframerate()
        x = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64)
    if n > 1:
        x = x.reshape(-1, n).mean(axis=1)
    return x, sr


def pieces(x, sr, gap, min_len=0.3):
    """(start, end) sample ranges that sound, split at silences of gap seconds or more."""
    hop = sr // 100
    d = np.abs(np.diff(x))  # DOSBox's output has a DC level: the changes sound, not the level
    n = len(d) // hop
    act = np.array([d[i * hop:(i + 1) * hop].max() > 8 for i in range(n)])
    out, start, quiet = [], None, 0
    for i, a in enumerate(act):
        if a:
            if start is None:
                start = i
            quiet = 0
        elif start is not None:
            quiet += 1
            if quiet * hop >= gap * sr:
                out.append((start, i - quiet + 1))
                start, quiet = None, 0
    if start is not None:
        out.append((start, n - quiet))
    return [(s * hop, e * hop) for s, e in out if (e - s) * hop >= min_len * sr]


def cut(x, sr, s, e, path, pad=0.25):
    a, b = max(0, s - int(pad * sr)), min(len(x), e + int(pad * sr))
    y = np.clip(x[a:b], -32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(sr)
        w.writeframes(y.tobytes())


def compare_pair(fo, fr, name, seconds):
    """notes.py's and audio_compare.py's numbers for one pair of cut pieces."""
    n = subprocess.run([sys.executable, str(HERE / "notes.py"), str(fo), str(fr), "--name", name,
                        "--max-lag", "1", "--json"], capture_output=True, text=True)
    c = subprocess.run([sys.executable, str(COMPARE), str(fo), str(fr), "--max-lag", "1", "--json"],
                       capture_output=True, text=True)
    row = {"sound": name, "seconds": round(seconds, 1)}
    try:
        row.update(json.loads(n.stdout))
    except ValueError:
        row["notes_error"] = n.stderr.strip()[-200:]
    try:
        row["audio_compare"] = json.loads(c.stdout)
    except ValueError:
        row["audio_compare_error"] = c.stderr.strip()[-200:]
    return row


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("original")
    ap.add_argument("relic")
    ap.add_argument("--game", default="")
    ap.add_argument("--names", default="")
    ap.add_argument("--gap", type=float, default=1.6)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--keep", type=Path, help="keep the cut pieces in this folder (oK.wav, rK.wav)")
    a = ap.parse_args()
    xo, so = load(a.original)
    xr, sr = load(a.relic)
    po, pr = pieces(xo, so, a.gap), pieces(xr, sr, a.gap)
    names = a.names.split(",") if a.names else []
    rows = []
    if len(po) != len(pr):
        print(f"{a.game}: {len(po)} sounds in the original, {len(pr)} in relic's recording", file=sys.stderr)
    tmp = a.keep or Path(tempfile.mkdtemp(prefix="segments."))
    tmp.mkdir(parents=True, exist_ok=True)
    for k, ((s1, e1), (s2, e2)) in enumerate(zip(po, pr)):
        name = f"{a.game}/{names[k] if k < len(names) else k}"
        fo, fr = tmp / f"o{k}.wav", tmp / f"r{k}.wav"
        cut(xo, so, s1, e1, fo)
        cut(xr, sr, s2, e2, fr)
        rows.append(compare_pair(fo, fr, name, (e1 - s1) / so))
    if a.json:
        print(json.dumps(rows))
        return
    print(f"{'game/sound':24} {'secs':>5} {'equal/total':>11} {'worst onset':>11} {'worst pitch':>11}"
          f" {'pitch':>6} {'shape':>6} {'gate':>6}")
    for r in rows:
        ac = r.get("audio_compare", {})
        eq = f"{r.get('equal', '?')}/{r.get('total', '?')}"
        print(f"{r['sound']:24} {r['seconds']:5.1f} {eq:>11} {str(r.get('worst_onset_ticks', '-')) + ' tk':>11}"
              f" {r.get('worst_pitch_pct', 0):10.2f}% {ac.get('pitch', 0):6.3f} {ac.get('shape', 0):6.3f}"
              f" {ac.get('gate', 0):6.3f}")


if __name__ == "__main__":
    main()
