#!/usr/bin/python3
"""walk_phase.py GAME_OUT POINT PIC_RENDER [--keys N] [--span D] [--each] [--pace F]
                [--move CYCLE:S ...] [--corpus DIR] [--font FILE]

Whether a walkthrough point (walkthrough_spec.py) that is not exact differs
only by the length of the walks before it: under DOSBox a walk lasts the
wall-clock time between its two key presses, so ego can stop a pixel or
two away, or leave a room on another cel.  The cel remembers every walk:
the games' logic 0 stops ego's cycling while it stands, and 2.936 advances
a walker's cel every cycle, blocked or not (probe BW in the README), so a
walk one cycle longer anywhere before the point turns ego's cel there.

Default: moves each of the last N direction keys before the point (default
2) by -D..+D cycles (default 3) together in the point's input script
(GAME_OUT/POINT.input.txt), renders relic's screen at the point's tick for
every combination and prints the nearest to the original's shot
(GAME_OUT/POINT.dosbox.png) as `differing-pixels@shifts`.
--each: moves every direction key before the point alone by -D..+D.
--pace F: every event and the point at F times its cycle (the original's
pace against relic's, e.g. 0.94 when it ran 18.8 of 20 cycles a second),
then a greedy search moves each direction key by -D..+D in turn, keeping
what brings the screen nearer (two rounds).
--move CYCLE:S moves the direction key at CYCLE by S cycles first (repeat
it), so --each searches a second key with the first one held moved.
0 for some shifts: the same keys held a few cycles longer or shorter give
the original's screen (reasons.txt `clock`: the walk was timed by the wall
clock); never 0: something else differs.
Developer tool (needs the oracle's numpy/PIL); not part of make test."""
import argparse, itertools, json, re, subprocess, sys, tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2].parent / "shared" / "tools" / "agi-oracle"))
sys.path.insert(0, "/work/shared/tools/agi-oracle")
from dosbox_oracle import to_ega  # noqa: E402

DIRECTIONS = {"up", "down", "left", "right", "home", "end", "pgup", "pgdn"}


class Renderer:
    def __init__(self, a, orig, tmp):
        self.a, self.orig = a, orig
        self.png, self.script = Path(tmp) / "s.png", Path(tmp) / "in.txt"

    def diff(self, lines, tick):
        """Pixels of relic's screen at tick with these script lines that differ from the shot."""
        self.script.write_text("\n".join(lines) + "\n")
        cmd = [self.a.pic_render, str(self.a.corpus / self.a.out.name), "--from-start", "--tick", str(tick),
               "--input", str(self.script), "--screen", str(self.png), "--profile", "2.936"]
        if self.a.font:
            cmd += ["--font", str(self.a.font)]
        subprocess.run(cmd, check=True, capture_output=True)
        return int((to_ega(self.png)[0] != self.orig).sum())


def moved(lines, shifts, tick):
    out = list(lines)
    for i, s in shifts:
        c, rest = out[i].split(" ", 1)
        out[i] = f"{max(0, min(int(c) + s, tick - 1))} {rest}"
    return out


def paced(lines, pace):
    out = []
    for ln in lines:
        m = re.match(r"(\d+) (.*)$", ln)
        out.append(f"{round(int(m.group(1)) * pace)} {m.group(2)}" if m else ln)
    return out


def greedy(r, lines, walks, tick, span):
    best = r.diff(lines, tick)
    for _ in range(2):
        for i in walks:
            keep = lines
            for s in range(-span, span + 1):
                if s and (d := r.diff(moved(keep, [(i, s)], tick), tick)) < best:
                    best, lines = d, moved(keep, [(i, s)], tick)
            if best == 0:
                return best, lines
    return best, lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("point")
    ap.add_argument("pic_render")
    ap.add_argument("--keys", type=int, default=2)
    ap.add_argument("--span", type=int, default=3)
    ap.add_argument("--each", action="store_true")
    ap.add_argument("--pace", type=float)
    ap.add_argument("--move", action="append", default=[])
    ap.add_argument("--corpus", type=Path, default=HERE.parents[2].parent / "shared" / "corpus" / "agi")
    ap.add_argument("--font", type=Path)
    a = ap.parse_args()
    orig, _ = to_ega(a.out / f"{a.point}.dosbox.png")
    report = json.load(open(a.out / "report.json"))
    tick = next(s["relic_tick"] for s in report if s["name"] == a.point)
    lines = (a.out / f"{a.point}.input.txt").read_text().splitlines()
    for mv in a.move:
        cyc, s = mv.split(":")
        i = next(i for i, ln in enumerate(lines) if re.match(rf"{cyc} key (\w+)$", ln))
        lines = moved(lines, [(i, int(s))], tick)
    if a.pace:
        lines, tick = paced(lines, a.pace), round(tick * a.pace)
    walks = [i for i, ln in enumerate(lines)
             if (m := re.match(r"(\d+) key (\w+)$", ln)) and m.group(2) in DIRECTIONS and int(m.group(1)) < tick]
    with tempfile.TemporaryDirectory() as tmp:
        r = Renderer(a, orig, tmp)
        if a.pace:
            best, got = greedy(r, lines, walks, tick, a.span)
            changed = [f"{got[i]} (was {lines[i]})" for i in walks if got[i] != lines[i]]
            print(f"{a.out.name} {a.point} at pace {a.pace} (tick {tick}): {best} pixels; keys moved: "
                  + (", ".join(changed) or "none"))
            return
        res = []
        if a.each:
            for i in walks:
                for s in range(-a.span, a.span + 1):
                    if s:
                        res.append((r.diff(moved(lines, [(i, s)], tick), tick), f"{lines[i]} {s:+d}"))
        else:
            last = walks[-a.keys:]
            for shifts in itertools.product(range(-a.span, a.span + 1), repeat=len(last)):
                d = r.diff(moved(lines, list(zip(last, shifts)), tick), tick)
                res.append((d, ",".join(f"{s:+d}" for s in shifts)))
            print(f"keys {', '.join(lines[i] for i in last)}")
    res.sort()
    print(f"{a.out.name} {a.point}: " + " ".join(f"{d}@{what}" for d, what in res[:8]))


if __name__ == "__main__":
    main()
