#!/usr/bin/python3
"""Record what Sierra's AGI interpreter plays under DOSBox while keys are pressed (developer tool,
not part of `make test`; see README.md).

../shared/tools/agi-oracle/audio_capture.py records the first seconds of a game and cannot press
keys. This does the same recording (DOSBox's own wave capture, Ctrl-F6, which records the emulated
mixer in emulated time) and follows steps, one an argument or a line of --steps FILE:
  wait S        sleep S seconds
  key NAME      press a key (xdotool names, or enter esc space tab backspace up down left right f1..f10)
  type TEXT     type TEXT, then Enter
It writes the relic input script for the same keys with --relic-script FILE (cycles at --rate per
second, 20 by default, the interpreter's speed with v10 = 1): the timing of the two differs, so
compare sound by sound (notes.py --split).

usage: capture.py GAME_DIR INTERP_DIR OUT.wav [STEP ...] [--steps FILE] [--machine tandy|pcjr|ega]
                  [--relic-script FILE] [--rate N] [--display :N]
example: capture.py GAME INTERP out.wav "wait 8" "key enter" "wait 20"
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

XKEY = {"enter": "Return", "esc": "Escape", "space": "space", "tab": "Tab", "backspace": "BackSpace",
        "up": "Up", "down": "Down", "left": "Left", "right": "Right"}
XKEY.update({f"f{i}": f"F{i}" for i in range(1, 13)})


def parse_steps(a):
    lines = list(a.step)
    if a.steps:
        lines += a.steps.read_text().splitlines()
    steps = []
    for ln in lines:
        ln = ln.split("#", 1)[0].strip() if not ln.strip().startswith("type") else ln.strip()
        if not ln:
            continue
        op, _, arg = ln.partition(" ")
        if op not in ("wait", "key", "type"):
            sys.exit(f"unknown step '{ln}'")
        steps.append((op, arg.strip()))
    return steps or [("wait", "20")]


def game_copy(a, run):
    """The game with the interpreter laid over it (its own AGI files replaced)."""
    shutil.copytree(a.game, run)
    have = {p.name.lower(): p for p in run.iterdir()}
    for f in a.interp.iterdir():
        ln = f.name.lower()
        if not f.is_file() or ln in ("logdir", "picdir", "viewdir", "snddir", "object", "words.tok") \
                or ln.startswith("vol."):
            continue
        if ln.endswith(".ovl") or ln in ("agi", "agi.exe", "sierra.com", "hgc_font"):
            if ln in have:
                have[ln].unlink()
            shutil.copy2(f, run / f.name)
    names = {p.name.lower(): p.name for p in run.iterdir()}
    return names.get("sierra.com") or names.get("agi.exe") or names.get("agi") or "AGI"


def conf(a, run, cap, exe):
    return f"""[sdl]
fullscreen=false
output=surface
[dosbox]
machine={a.machine}
captures={cap}
memsize=16
[cpu]
core=normal
cycles=fixed 4000
[mixer]
nosound=true
rate=22050
[speaker]
pcspeaker=true
tandy=on
disney=false
[sblaster]
sbtype=none
[gus]
gus=false
[midi]
mpu401=none
mididevice=none
[dos]
keyboardlayout=none
[autoexec]
mount c {run}
c:
{exe}
"""


def relic_script(steps, rate):
    cycle, out = 0.0, []
    for op, arg in steps:
        if op == "wait":
            cycle += float(arg) * rate
        elif op == "key":
            out.append(f"{int(cycle)} key {arg}")
        else:
            out.append(f'{int(cycle)} type "{arg}"')
    return "\n".join(out) + "\n", int(cycle)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("game", type=Path)
    ap.add_argument("interp", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("step", nargs="*")
    ap.add_argument("--steps", type=Path)
    ap.add_argument("--machine", default="tandy")
    ap.add_argument("--relic-script", type=Path)
    ap.add_argument("--rate", type=float, default=20.0)
    ap.add_argument("--display", default=":131")
    a = ap.parse_args()
    steps = parse_steps(a)
    if a.relic_script:
        text, last = relic_script(steps, a.rate)
        a.relic_script.write_text(text)
        print(f"relic: --tick {last}")
    work = Path(tempfile.mkdtemp(prefix="h29cap."))
    run, cap = work / "C", work / "cap"
    cap.mkdir()
    exe = game_copy(a, run)
    (work / "dosbox.conf").write_text(conf(a, run, cap, exe))
    env = dict(os.environ, DISPLAY=a.display, SDL_AUDIODRIVER="dummy")
    xv = subprocess.Popen(["Xvfb", a.display, "-screen", "0", "800x600x24", "-nolisten", "tcp"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    box = subprocess.Popen(["dosbox", "-conf", str(work / "dosbox.conf"), "-noconsole"], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=str(work))

    def xdo(*args):
        subprocess.run(["xdotool", *args], env=env, stderr=subprocess.DEVNULL, timeout=20)

    def window():
        r = subprocess.run(["xdotool", "search", "--class", "dosbox"], env=env, capture_output=True, text=True)
        return r.stdout.split()[0] if r.stdout.strip() else None

    try:
        for _ in range(300):  # a loaded machine starts DOSBox slowly
            if window():
                break
            time.sleep(0.1)
        else:
            sys.exit("dosbox window not found")
        time.sleep(1.5)

        def key(k):
            w = window()
            if w:
                xdo("windowfocus", w)
                time.sleep(0.2)
                xdo("key", "--window", w, k)

        key("ctrl+F6")
        for op, arg in steps:
            if op == "wait":
                time.sleep(float(arg))
            elif op == "key":
                key(XKEY.get(arg.lower(), arg))
            else:
                xdo("type", "--delay", "80", arg)
                key("Return")
        key("ctrl+F6")
        time.sleep(1.5)
    finally:
        box.terminate()
        xv.terminate()
        try:
            box.wait(5)
        except subprocess.TimeoutExpired:
            box.kill()
    w = sorted(glob.glob(str(cap / "*.wav")))
    if not w:
        sys.exit("no capture")
    if int.from_bytes(open(w[0], "rb").read(8)[4:8], "little") == 0:
        sys.exit("capture not closed (the stop key was lost)")
    shutil.copy(w[0], a.out)
    shutil.rmtree(work, ignore_errors=True)
    print(a.out)


if __name__ == "__main__":
    main()
