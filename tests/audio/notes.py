#!/usr/bin/python3
"""Note-by-note comparison of two recordings of AGI sound: Sierra's
interpreter under DOSBox (../shared/tools/agi-oracle/audio_capture.py) and
relic (pic-render --audio, snd-render -o).  A developer tool, not part of
make test; see tests/audio/README.md for the method and its limits.

usage: notes.py ORIGINAL.wav RELIC.wav [--name NAME] [--png OUT.png]
                [--events RELIC_EVENTS.json] [--max-lag S] [--json] [-v]

Both recordings go through the same extractor, which turns them into note
events per voice (onset tick, frequency, level, tone or noise); the events
are then aligned (one global lag) and matched: onset within one sound tick
(1/60 s), pitch within 1 %, level within one 2 dB attenuation step once the
two recordings' gains are matched.  --events also checks the extractor on
relic's side against the exact command stream (snd-render --events)."""
import argparse, json, sys, wave
import numpy as np

TICK = 1.0 / 60.0
SN_CLOCK = 3579545.0


def load(path, speaker=False):
    with wave.open(path) as w:
        n, sr = w.getnchannels(), w.getframerate()
        x = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64)
    if n > 1:
        x = x.reshape(-1, n).mean(axis=1)
    if speaker:
        x = strip_chip_levels(x)
    x /= 32768.0
    return x - np.mean(x), sr


def strip_chip_levels(x):
    """A DOSBox recording of the PC speaker less the Tandy voice it also holds.

    The oracle's DOSBox has the Tandy chip on every machine (tandy=on), and AGI 2.936 writes its
    envelope's attenuation bytes to the chip's port on an EGA machine too: the recording adds voice
    0 (never given a frequency, folded to about 1,610 Hz), at 8,191 x 10^(-a/10) for attenuation a
    or 0, to the speaker's +-5,000. Each sample that fits one level and a speaker side exactly
    (within 2) gives the level; the others (the speaker's 70 us slope) keep the level before them."""
    levels = np.array([0.0] + [-8191.0 * 10 ** (-a / 10) for a in range(15)], dtype=np.float32)
    d = np.abs(x.astype(np.float32)[:, None] - levels[None, :])
    err = np.abs(d - 5000.0)
    best = err.argmin(axis=1)
    ok = err[np.arange(len(x)), best] <= 2
    idx = np.where(ok, np.arange(len(x)), 0)
    np.maximum.accumulate(idx, out=idx)
    return x - np.where(ok[idx], levels[best[idx]], 0.0)


def spectra(x, sr, win=1024, pad=8192):
    """Magnitude spectra one sound tick apart, each window centred on its tick."""
    hop = sr * TICK
    n = int(len(x) / hop)
    w = np.hanning(win)
    xp = np.concatenate([np.zeros(win // 2), x, np.zeros(win)])
    idx = (np.arange(n) * hop).astype(int)
    frames = np.stack([xp[i:i + win] * w for i in idx]) if n else np.zeros((0, win))
    mag = np.abs(np.fft.rfft(frames, pad, axis=1)) * (2.0 / w.sum())
    return mag, np.fft.rfftfreq(pad, 1.0 / sr)


def frame_peaks(m, freqs, floor):
    """Tone fundamentals in one spectrum: local maxima above floor between
    60 Hz and 2 kHz (above, DOSBox's unfiltered squares alias), refined by a parabola on the log magnitude, without
    the odd harmonics (3f, 5f, 7f) of a stronger square below them."""
    lo, hi = np.searchsorted(freqs, 60), np.searchsorted(freqs, 2000)
    seg = m[lo - 1:hi + 1]
    i = np.nonzero((seg[1:-1] > seg[:-2]) & (seg[1:-1] >= seg[2:]) & (seg[1:-1] > floor))[0] + lo
    out = []
    for k in i:
        a, b, c = np.log(m[k - 1] + 1e-12), np.log(m[k] + 1e-12), np.log(m[k + 1] + 1e-12)
        d = 0.5 * (a - c) / (a - 2 * b + c) if a - 2 * b + c else 0.0
        out.append((freqs[k] + d * (freqs[1] - freqs[0]), m[k]))
    out.sort(key=lambda p: -p[1])
    kept = []
    for f, a in out:
        harmonic = any(abs(f / f0 - h) < 0.02 * h and a < 0.6 * a0 for f0, a0 in kept for h in (3, 5, 7, 9))
        if not harmonic and not any(abs(f / f0 - 1) < 0.015 for f0, _ in kept):
            kept.append((f, a))
        if len(kept) == 4:
            break
    return kept


def flatness(m, freqs):
    sel = (freqs >= 200) & (freqs <= 8000)
    v = m[sel] ** 2 + 1e-18
    return float(np.exp(np.mean(np.log(v))) / np.mean(v))


def noise_rate(m, freqs):
    """The frequency below which half a noise spectrum's power lies (200 Hz
    to 8 kHz): white noise shifted at R Hz has a sinc^2 spectrum with its
    first null at R, so this follows the rate (clock / 512, / 1,024, / 2,048
    or voice 2's tone) and tells the presets apart, a factor of 2 each."""
    sel = (freqs >= 200) & (freqs <= 8000)
    p = np.cumsum(m[sel] ** 2)
    return float(freqs[sel][np.searchsorted(p, p[-1] / 2)]) if p[-1] > 0 else 0.0


def extract(x, sr, range_db=32.0):
    """Note events: tracks of fundamentals that hold their pitch (within
    1.5 %) from tick to tick, read down to range_db below the loudest; noise
    events: runs of flat (noise) spectra."""
    mag, freqs = spectra(x, sr)
    top = mag.max() if mag.size else 0.0
    floor = max(top * 10 ** (-range_db / 20), 1e-5)
    open_tracks, events = [], []
    for t in range(len(mag)):
        peaks = frame_peaks(mag[t], freqs, floor)
        nxt = []
        for f, a in peaks:
            best = None
            for tr in open_tracks:
                if abs(f / tr["f"][-1] - 1) < 0.015 and (best is None or abs(f - tr["f"][-1]) < abs(f - best["f"][-1])):
                    best = tr
            if best is not None:
                open_tracks.remove(best)
                best["f"].append(f)
                best["a"].append(a)
                nxt.append(best)
            else:
                nxt.append({"t0": t, "f": [f], "a": [a]})
        for tr in open_tracks:
            events.append(tr)
        open_tracks = nxt
    events.extend(open_tracks)
    notes = []
    for tr in events:
        if len(tr["f"]) < 3:  # a note lasts at least the window's span
            continue
        a = np.array(tr["a"])
        amax = np.median(a[: max(3, len(a) // 2)])
        # Onset: the first tick whose magnitude reaches half the note's own.
        k = int(np.argmax(a >= 0.5 * amax))
        ff = np.array(tr["f"][1:-1] or tr["f"])
        notes.append({"onset": tr["t0"] + k, "ticks": len(a), "hz": float(np.median(ff)),
                      "db": float(20 * np.log10(amax + 1e-12)), "kind": "tone"})
    flat = np.array([flatness(mag[t], freqs) for t in range(len(mag))])
    loud = np.array([mag[t].max() > floor * 4 for t in range(len(mag))])
    on = (flat > 0.25) & loud
    t = 0
    while t < len(on):
        if on[t]:
            s = t
            while t < len(on) and on[t]:
                t += 1
            if t - s >= 2:
                notes.append({"onset": s, "ticks": t - s, "hz": noise_rate(mag[s:t].mean(axis=0), freqs),
                              "db": float(20 * np.log10(mag[s:t].max() + 1e-12)), "kind": "noise"})
        t += 1
    notes.sort(key=lambda n: (n["onset"], n["hz"]))
    return notes, mag, freqs


def best_lag(a, b, max_lag):
    """Ticks to add to b's onsets so that most events line up."""
    if not a or not b:
        return 0
    oa = np.array([n["onset"] for n in a])
    best, lag = -1, 0
    for k in sorted(range(-max_lag, max_lag + 1), key=abs):  # ties: the smallest shift
        score = 0
        for n in b:
            t = n["onset"] + k
            j = np.searchsorted(oa, t - 1)
            while j < len(oa) and oa[j] <= t + 1:
                if n["kind"] == a[j]["kind"] and (n["kind"] == "noise" or abs(a[j]["hz"] / n["hz"] - 1) < 0.01):
                    score += 1
                    break
                j += 1
        if score > best:
            best, lag = score, k
    return lag


def match(a, b, lag):
    """Greedy one-to-one matching of b (shifted by lag) onto a: returns
    pairs (i, j) and the gain offset (median dB difference)."""
    used, pairs = set(), []
    for i, n in enumerate(a):
        cand = None
        for j, m in enumerate(b):
            if j in used or m["kind"] != n["kind"] or abs(m["onset"] + lag - n["onset"]) > 1:
                continue
            if n["kind"] == "tone" and abs(m["hz"] / n["hz"] - 1) > 0.01:
                continue
            if cand is None or abs(m["onset"] + lag - n["onset"]) < abs(b[cand]["onset"] + lag - n["onset"]):
                cand = j
        if cand is not None:
            used.add(cand)
            pairs.append((i, cand))
    gain = float(np.median([a[i]["db"] - b[j]["db"] for i, j in pairs])) if pairs else 0.0
    return pairs, gain


def compare(orig, rel, args):
    x, sr = load(orig, getattr(args, "speaker", False))
    y, sr2 = load(rel)
    range_db = getattr(args, "range", None) or (12.0 if getattr(args, "speaker", False) else 32.0)
    a, ma, fa = extract(x, sr, range_db)
    b, mb, fb = extract(y, sr2, range_db)
    lag = best_lag(a, b, int(args.max_lag * 60))
    # Notes cut by either recording's start or end are left out.
    a_in = [n for n in a if max(0, lag) + 3 <= n["onset"] < min(len(ma), len(mb) + lag) - 3]
    b_in = [n for n in b if max(0, -lag) + 3 <= n["onset"] < min(len(mb), len(ma) - lag) - 3]
    pairs, gain = match(a_in, b_in, lag)
    equal, worst_onset, worst_pitch, worst_rate = 0, 0, 0.0, 0.0
    rows = []
    for i, j in pairs:
        n, m = a_in[i], b_in[j]
        d_on = m["onset"] + lag - n["onset"]
        d_hz = 100.0 * (m["hz"] / n["hz"] - 1) if n["hz"] else 0.0
        d_db = m["db"] + gain - n["db"]
        # A noise's rate is read from its spectrum's median, within 30 %
        # (the presets differ by 100 %); a tone's pitch within 1 %.
        ok = abs(d_on) <= 1 and abs(d_hz) <= (30.0 if n["kind"] == "noise" else 1.0) and abs(d_db) <= 2.0
        equal += ok
        worst_onset = max(worst_onset, abs(d_on))
        if n["kind"] == "noise":
            worst_rate = max(worst_rate, abs(d_hz))
        else:
            worst_pitch = max(worst_pitch, abs(d_hz))
        rows.append((n, m, d_on, d_hz, d_db, ok))
    total = max(len(a_in), len(b_in))
    res = {"name": args.name or orig, "events_original": len(a_in), "events_relic": len(b_in),
           "matched": len(pairs), "equal": int(equal), "total": total, "lag_ticks": lag,
           "gain_db": round(gain, 2), "worst_onset_ticks": worst_onset, "worst_pitch_pct": round(worst_pitch, 3),
           "noise_events": sum(n["kind"] == "noise" for n in a_in), "worst_noise_rate_pct": round(worst_rate, 1)}
    if args.events:
        res["extractor_vs_exact"] = check_exact(b, args.events)
    if args.png:
        picture(ma, fa, mb, fb, a_in, b_in, lag, [(a_in[i], b_in[j]) for i, j in pairs], args.png)
    if args.v:
        matched_a = {id(r[0]) for r in rows}
        matched_b = {id(r[1]) for r in rows}
        for n, m, d_on, d_hz, d_db, ok in rows:
            print(f"  {'=' if ok else '~'} tick {n['onset']:5d} {n['kind']:5s} {n['hz']:8.1f} Hz {n['db']:6.1f} dB"
                  f"  | relic {m['hz']:8.1f} Hz d_onset {d_on:+d} d_pitch {d_hz:+.2f}% d_level {d_db:+.1f} dB")
        for n in a_in:
            if id(n) not in matched_a:
                print(f"  - tick {n['onset']:5d} {n['kind']:5s} {n['hz']:8.1f} Hz {n['db']:6.1f} dB only in the original")
        for m in b_in:
            if id(m) not in matched_b:
                print(f"  + tick {m['onset'] + lag:5d} {m['kind']:5s} {m['hz']:8.1f} Hz {m['db']:6.1f} dB only in relic")
    return res


def check_exact(notes, path):
    """The extractor against relic's exact command stream: every note start
    (a tone write whose attenuation is not 0x0f) of 60 Hz-2 kHz lasting
    three ticks or more, with the frequency its divisor gives
    (clock / (32 * divisor)).  A note repeated at once is one event."""
    doc = json.load(open(path))
    cmds = doc.get("sound_commands", doc if isinstance(doc, list) else [])
    starts, div, fresh = [], {}, {}
    for c in cmds:
        ch = c.get("channel", 0)
        if c.get("kind") == "tone" and ch < 3:
            div[ch] = c.get("divisor", 0) or 1024
            fresh[ch] = c["tick"]
        elif c.get("kind") in ("attenuation", "silence") and ch < 3:
            if fresh.get(ch) == c["tick"]:
                audible = c.get("kind") == "attenuation" and c.get("attenuation", 15) != 15
                starts.append((c["tick"], ch, SN_CLOCK / (32.0 * div[ch]) if audible else 0.0))
                fresh[ch] = None
    exact = []
    for i, (t, ch, hz) in enumerate(starts):
        nxt = next((u for u, c2, _ in starts[i + 1:] if c2 == ch), t + 10 ** 9)
        prev = next((h for u, c2, h in reversed(starts[:i]) if c2 == ch), 0.0)
        if 60 <= hz <= 2000 and nxt - t >= 3 and abs(prev - hz) > 0.001:
            exact.append((t, hz))
    tones = [n for n in notes if n["kind"] == "tone"]
    found = 0
    for t, hz in exact:
        if any(abs(n["onset"] - t) <= 1 and abs(n["hz"] / hz - 1) <= 0.01 for n in tones):
            found += 1
    return {"exact_events": len(exact), "extracted_within_tolerance": found}


def picture(ma, fa, mb, fb, a, b, lag, pairs, path):
    """Side by side: the original's spectrogram (left) and relic's (right),
    60 Hz-4 kHz on a log axis, one column per tick; events marked green
    when matched, red when not."""
    from PIL import Image
    rows = 256
    edges = 60.0 * (4000.0 / 60.0) ** (np.arange(rows + 1) / rows)

    def image(m, f, shift):
        n = m.shape[0]
        out = np.zeros((rows, n), dtype=np.float64)
        for r in range(rows):
            sel = (f >= edges[r]) & (f < edges[r + 1])
            if sel.any():
                out[rows - 1 - r] = m[:, sel].max(axis=1)
        db = 20 * np.log10(out + 1e-9)
        top = db.max() if db.size else 0
        return np.clip((db - top + 60) / 60 * 200, 0, 200).astype(np.uint8)

    ia, ib = image(ma, fa, 0), image(mb, fb, lag)
    w = max(ia.shape[1], ib.shape[1] + max(lag, 0))
    canvas = np.zeros((rows, 2 * w + 4), dtype=np.uint8)
    canvas[:, :ia.shape[1]] = ia
    off = w + 4 + max(lag, 0)
    cut = max(0, -lag)
    part = ib[:, cut:cut + (2 * w + 4 - off)]
    canvas[:, off:off + part.shape[1]] = part
    canvas[:, w:w + 4] = 255
    matched = {id(x) for p in pairs for x in p}

    def mark(n, x0):
        if n["kind"] != "tone" or not (60 <= n["hz"] < 4000):
            return
        r = rows - 1 - int(np.searchsorted(edges, n["hz"]) - 1)
        x = x0 + n["onset"]
        if 0 <= x < canvas.shape[1] and 0 <= r < rows:
            canvas[r, x:min(x + 3, canvas.shape[1])] = 253 if id(n) in matched else 254
    for n in a:
        mark(n, 0)
    for n in b:
        mark(n, w + 4 + lag)
    img = Image.fromarray(canvas, mode="P")
    pal = []
    for v in range(256):
        pal += [v, v, v] if v <= 200 else [0, 0, 0]
    pal[253 * 3:254 * 3] = [0, 255, 0]
    pal[254 * 3:255 * 3] = [255, 0, 0]
    pal[255 * 3:256 * 3] = [255, 255, 255]
    img.putpalette(pal)
    img.save(path, optimize=False)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("original")
    ap.add_argument("relic")
    ap.add_argument("--name")
    ap.add_argument("--png")
    ap.add_argument("--events")
    ap.add_argument("--max-lag", type=float, default=10.0)
    ap.add_argument("--range", type=float,
                    help="dB below the loudest peak that notes are read to (default 32, the chip's 16 steps)")
    ap.add_argument("--speaker", action="store_true",
                    help="PC speaker recordings: strip the Tandy levels from the original's (see "
                         "strip_chip_levels) and read notes within 12 dB (the speaker has one level; "
                         "its folded overtones lie below)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("-v", action="store_true", help="list every event")
    args = ap.parse_args()
    r = compare(args.original, args.relic, args)
    if args.json:
        print(json.dumps(r))
        return
    print(f"{'game/sound':24s} {'equal/total':>11s} {'matched':>7s} {'worst onset':>11s} {'worst pitch':>11s}"
          f" {'lag':>6s} {'gain':>7s}")
    print(f"{r['name'][:24]:24s} {r['equal']:5d}/{r['total']:<5d} {r['matched']:7d} {r['worst_onset_ticks']:8d} tk"
          f" {r['worst_pitch_pct']:9.2f} % {r['lag_ticks']:6d} {r['gain_db']:+6.1f}")
    if "extractor_vs_exact" in r:
        e = r["extractor_vs_exact"]
        print(f"extractor on relic: {e['extracted_within_tolerance']} of {e['exact_events']} exact events found")


if __name__ == "__main__":
    main()
