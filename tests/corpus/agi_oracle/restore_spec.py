#!/usr/bin/python3
"""The restore points' spec for ../shared/tools/agi-oracle/dosbox_oracle.py:
the title and two Enters, then per save F7, Enter (the directory), 14 ups
and the downs to the slot, Enter, Enter (the confirmation); a shot 6 s
after (`restored`), a typed `look`, Tab's status screen (`inv`), and right,
3 s, right again (`walk`).

usage: restore_spec.py N [--single] > spec.txt
  N saves restored one after another (slot s for the s-th), or with
  --single N = 1 and the save alone as slot 1.

The relic cycles of each step are what the step costs DOSBox's wall clock
at 10 cycles a second (ltec's speed 2; 2.936 runs 10 a second there):
  - `key`: one xdotool call, about 0.1 s (measured: 0.07-0.12 s): 1 cycle;
  - `type "look"`: four characters 60 ms apart, 0.1 s, then Enter (0.3 s,
    0.1 s, 0.1 s measured): the Enter reaches the game 4 cycles after the
    first character, the step ends a cycle later;
  - `shot` while the game runs (the restored screen, the walk): two
    captures 1 s apart and relic's renders, about 2 s of wall clock that
    the oracle gives relic no cycles for: 20 cycles after it.  A shot
    under a window or the status screen costs nothing: 2.936 runs no
    cycle while one waits for a key.
The first specs gave each key 10 cycles (3 for the list keys), the typed
line's Enter at the first character and a shot none, so relic's restored
screen was 70 cycles after the confirmation where DOSBox's was 61-62.
Modal steps (the dialog's keys) keep their old spacing: the dialog waits.
"""
import argparse

KEY = 1  # cycles an xdotool key costs
TYPE_ENTER = 4  # cycles from the first typed character to the Enter
SHOT = 20  # cycles a shot costs while the game runs


def spec(n, single):
    out = ["wait 10 100", "key enter 20", "wait 6 60", "key enter 20", "wait 12 120"]
    for s in range(1, n + 1):
        slot = 1 if single else s
        out += [f"key f7 {KEY}", "wait 3 30", f"key enter {KEY}", "wait 2 20"]
        out += [f"key up {KEY}", "wait 0.3 3"] * 14  # the list wraps: 14 ups from the preselected slot
        out += [f"key down {KEY}", "wait 0.3 3"] * (slot - 1)
        out += [f"key enter {KEY}", "wait 2 20", f"key enter {KEY}", "wait 6 60", f"shot s{s:02d}_restored",
                f"wait 0 {SHOT}", f"wait 0 {TYPE_ENTER}", 'type "look" 1', "wait 4 40", f"shot s{s:02d}_look",
                f"key enter {KEY}", "wait 2 20", f"key tab {KEY}", "wait 3 30", f"shot s{s:02d}_inv",
                f"key enter {KEY}", "wait 3 30", f"key right {KEY}", "wait 3 30", f"key right {KEY}", "wait 3 30",
                f"shot s{s:02d}_walk", f"wait 0 {SHOT}"]
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("n", type=int)
    ap.add_argument("--single", action="store_true")
    a = ap.parse_args()
    print(spec(a.n, a.single), end="")


if __name__ == "__main__":
    main()
