#!/usr/bin/python3
"""When a chip write takes effect in the oracle's recording (developer tool, not part of `make test`;
see README.md, "When a write takes effect").

A tone voice's phase is set by when its frequency write took effect, to the chip step. This builds a
probe game whose logic 0 starts sound 12 once the clock (v11) passes 4 s, so that a capture holds
the sound's start: voice 0 holds one long note (divisor 1,023) while voice 1 alternates between
divisor 1 at attenuation 15 (7 ticks) and divisor 1,023 (13 ticks), 60 times. Each of voice
1's 1,023 notes starts its period on the step after its write, so its phase against voice 0 tells,
to a chip step, when that write took effect. Recordings hold each voice's level exactly (DOSBox's
mixer adds the voices' integer levels), so every edge belongs to one voice by its size.

  write_timing.py make GAME_DIR OUT_DIR     the probe game (GAME_DIR's resources, logic 0 replaced)
  write_timing.py phases REC.wav [...]      voice 1's phase per note and the fitted write grid

`phases` fits two models of when tick k's writes take effect: on the chip step of the tick
(k * 59,658 / 16, relic's), or at the start of the emulator's 1 ms mixer block holding the tick,
rounded to the mixer's samples (22 or 23 a block at 22,050 Hz), with the block grid's offset T0
searched. It prints how many notes each model places within 3 chip steps. Notes are numbered from
the sound's first sample (from the first whole note when the recording starts inside the sound);
voice 0's phase is the reference, so one constant between the two voices stays free.
"""
import json
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

import numpy as np

SAMPLES_PER_MS = 22.05
STEPS_PER_SAMPLE = 3579545 / 16 / 1000 / SAMPLES_PER_MS
TICK_MS = 19886 / (14318180 / 12) * 1000
# DOSBox's mixer counts its samples a millisecond in 1/16,384ths, truncated: (22,050 << 14) / 1,000.
MIXER_SAMPLES_PER_MS = ((22050 << 14) // 1000) / (1 << 14)
HALF = 1023  # the probe's divisor: half a period, in chip steps
HALF_SAMPLES = HALF / STEPS_PER_SAMPLE
NOTE_TICKS, GAP_TICKS, NOTES = 13, 7, 60
V0_ATT, V1_ATT = 11, 4  # levels apart under the 2.9xx envelope (one step up, three down)
LOGIC0 = ("if (!isset(f201)) {\n  if (v11 > 4) {\n    set(f201);\n    load.sound(12);\n    sound(12,f200);\n  }\n}\n"
          "return();\n")


def probe_sound():
    def note(dur, div, att, ch):
        return (dur.to_bytes(2, "little")
                + bytes([(div >> 4) & 0x3F, 0x80 | ch << 5 | (div & 0xF), 0x90 | ch << 5 | att]))
    total = NOTES * (NOTE_TICKS + GAP_TICKS)
    v0 = note(total, HALF, V0_ATT, 0) + b"\xff\xff"
    v1 = b"".join(note(GAP_TICKS, 1, 15, 1) + note(NOTE_TICKS, HALF, V1_ATT, 1) for _ in range(NOTES)) + b"\xff\xff"
    end = b"\xff\xff"
    offs = [8, 8 + len(v0), 8 + len(v0) + len(v1), 8 + len(v0) + len(v1) + 2]
    return b"".join(o.to_bytes(2, "little") for o in offs) + v0 + v1 + end + end


def make(game, out, bindir):
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        subprocess.run([str(bindir / "agi-unpack"), game, "-o", str(src)], check=True, stdout=subprocess.DEVNULL)
        (src / "logic" / "logic000.lgc").write_text(LOGIC0)
        (src / "raw" / "sound").mkdir(parents=True, exist_ok=True)
        (src / "raw" / "sound" / "sound012.bin").write_bytes(probe_sound())
        subprocess.run([str(bindir / "agi-pack"), str(src), "-o", out], check=True, stdout=subprocess.DEVNULL)


def load(path):
    with wave.open(path) as w:
        x = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.int64)
        if w.getnchannels() == 2:
            x = x.reshape(-1, 2)[:, 0]
    return np.abs(x)  # DOSBox's Tandy chip is negated, relic's is not: levels either way


def edges(x):
    """(sample, voice) of every edge: voice 0 is the quiet one (attenuation 11, 10-14 under the
    envelope), voice 1 the loud one (4, 3-7); a change followed by a one-sample step (DOSBox's
    mixer) counts once."""
    d = np.nonzero(np.diff(x))[0] + 1
    out, skip = [], -1
    for k in d:
        if k == skip:
            continue
        size = abs(int(x[min(k + 1, len(x) - 1)]) - int(x[k - 1]))
        if 250 <= size < 1200:
            out.append((k, 0))
        elif 1200 <= size < 6000:
            out.append((k, 1))
        skip = k + 1
    return out


def phase(samples):
    """A run of edges at ceil(phi + n * HALF_SAMPLES): phi, from the intersection of the edges'
    intervals (edges off the run by more than 3 samples, misread sums, are left out)."""
    e = np.asarray(samples, float)
    n = np.round((e - e[0]) / HALF_SAMPLES)
    r = e - n * HALF_SAMPLES
    r = r[np.abs(r - np.median(r)) < 3]
    return ((r - 1).max() + r.min()) / 2


def notes(x, path):
    ed = edges(x)
    v0 = [k for k, v in ed if v == 0]
    v1 = [k for k, v in ed if v == 1]
    if not v0 or not v1:
        sys.exit(f"write_timing.py: {path}: no edges of the probe's two voices (is it the probe's recording?)")
    p0 = phase(v0)
    groups, cur = [], [v1[0]]
    for k in v1[1:]:
        if k - cur[-1] > 3 * HALF_SAMPLES:
            groups.append(cur)
            cur = []
        cur.append(k)
    groups.append(cur)
    # A whole 13-tick note has 48 edges; while voice 0 is still loud (its envelope has not decayed
    # below voice 1) its edges read as voice 1's and make longer runs, left out here.
    full = [g for g in groups if 44 <= len(g) <= 50]
    if not full:
        sys.exit(f"write_timing.py: {path}: no whole note of voice 1")
    spacing = (NOTE_TICKS + GAP_TICKS) * TICK_MS * SAMPLES_PER_MS
    # Numbered from the sound's first sample when the recording holds it (it starts after a
    # silence), else from the first whole note recorded.
    sound = int(np.nonzero(x)[0][0])
    start = sound + GAP_TICKS * TICK_MS * SAMPLES_PER_MS if sound > 1000 * SAMPLES_PER_MS else full[0][0]
    return [(int(round((g[0] - start) / spacing)), ((phase(g) - p0) % HALF_SAMPLES) * STEPS_PER_SAMPLE) for g in full]


def wrap(a):
    return (a + HALF / 2) % HALF - HALF / 2


def fit(ph):
    idx = np.array([i for i, _ in ph])
    p = np.array([q for _, q in ph])
    ticks = GAP_TICKS + (NOTE_TICKS + GAP_TICKS) * idx
    exact = wrap(p - (ticks * 59658 / 16) % HALF)
    c_exact = float(np.median(exact))
    best = None
    for t0 in np.arange(0, 20, 0.005):  # the mixer's sample pattern repeats every 20 ms
        block = np.floor(t0 + TICK_MS * ticks)
        pred = (np.floor(block * MIXER_SAMPLES_PER_MS) * STEPS_PER_SAMPLE) % HALF
        r = wrap(p - pred)
        hits = int(np.sum(np.abs(wrap(r - np.median(r))) <= 3))  # one constant is free (docstring)
        if best is None or hits > best[0]:
            best = (hits, round(float(t0), 3))
    return {"notes": len(p), "tick_steps_within_3": int(np.sum(np.abs(wrap(exact - c_exact)) <= 3)),
            "ms_blocks_within_3": best[0], "t0_ms": best[1]}


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == "make":
        make(sys.argv[2], sys.argv[3], Path(__file__).resolve().parents[2] / "build" / "bin")
    elif len(sys.argv) >= 3 and sys.argv[1] == "phases":
        for path in sys.argv[2:]:
            ph = notes(load(path), path)
            print(json.dumps({"recording": path, **fit(ph),
                              "phases": [[i, round(q, 1)] for i, q in ph]}))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
