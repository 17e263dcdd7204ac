#!/usr/bin/env python3
"""Writes the AGI256-2 seeds of the libFuzzer targets from the fixture game
tests/fixtures/agi/agi256_2 (make_agi256_2.py, explicit bytes):

  fuzz_agi_agi256/picture_fe_first.bin  its raw picture 1 (first pixel 0xfe)
  fuzz_agi_agi256/view_f00f.bin         its 0xF00F view 0
  fuzz_agi_game/agi256_2.bin            the whole game in the target's input
                                        scheme: byte 0 = 0 (v2 split names),
                                        then each file as a little-endian u16
                                        length and its bytes

Run it from this folder; the outputs are committed, this script only
documents them.  Use: build/fuzz/fuzz_agi_agi256 tests/fuzz/seeds/fuzz_agi_agi256"""
import os

GAME = os.path.join("..", "..", "fixtures", "agi", "agi256_2")


def read(name):
    with open(os.path.join(GAME, name), "rb") as f:
        return f.read()


def record(vol, entry):
    """The payload of a v2 VOL record at a directory entry."""
    off = ((entry[0] & 0x0F) << 16) | (entry[1] << 8) | entry[2]
    size = vol[off + 3] | vol[off + 4] << 8
    return vol[off + 5 : off + 5 + size]


vol = read("VOL.0")
pictures = read("PICDIR")
views = read("VIEWDIR")
seeds = {
    "fuzz_agi_agi256/picture_fe_first.bin": record(vol, pictures[3:6]),
    "fuzz_agi_agi256/view_f00f.bin": record(vol, views[0:3]),
}
game = bytes([0])
for name in ("LOGDIR", "PICDIR", "VIEWDIR", "SNDDIR", "VOL.0"):
    data = read(name)
    game += len(data).to_bytes(2, "little") + data
seeds["fuzz_agi_game/agi256_2.bin"] = game
for name, data in seeds.items():
    with open(name, "wb") as f:
        f.write(data)
