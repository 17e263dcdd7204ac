#!/usr/bin/env python3
"""Writes the hex payloads of the relic sample game (pictures, views,
sound) under raw/, each byte commented.  The .hex files are committed; run
this again after changing a drawing here.  Formats: agi-spec
picture_resources.md, view_resources.md, sound.md.  Original work, CC0."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def write(rel, lines):
    with open(os.path.join(HERE, rel), "w") as f:
        for hexpart, note in lines:
            f.write(f"{hexpart:<39} # {note}\n" if note else f"{hexpart}\n")


def hx(*bs):
    return " ".join(f"{b:02x}" for b in bs)


# ---- pictures: commands f0 colour, f1 visual off, f6 absolute line,
# f8 fill, ff end; coordinates x 0-159, y 0-167.
def line(*pts):
    return [0xf6] + [c for p in pts for c in p]


def picture(title, parts):
    out = [(f"# picture: {title} (agi-spec picture_resources.md)", None)]
    for cmd, note in parts:
        out.append((hx(*cmd), note))
    out.append((hx(0xf1, 0xff), "visual drawing off; end of picture"))
    return out


MEADOW = picture("the meadow, room 1", [
    ([0xf0, 2] + line((0, 100), (159, 100)), "green horizon line"),
    ([0xf0, 6] + line((30, 99), (30, 70), (34, 70), (34, 99)), "brown tree trunk"),
    ([0xf8, 32, 85], "fill the trunk"),
    ([0xf0, 2] + line((22, 70), (32, 50), (42, 70), (22, 70)), "green crown outline"),
    ([0xf8, 32, 62], "fill the crown"),
    ([0xf0, 9, 0xf8, 80, 10], "light blue sky above the horizon"),
    ([0xf0, 10, 0xf8, 80, 140], "light green grass below it"),
])

HOUSE = picture("the house, room 2", [
    ([0xf0, 2] + line((0, 110), (159, 110)), "green horizon line"),
    ([0xf0, 6] + line((50, 109), (50, 70), (110, 70), (110, 109)), "brown walls"),
    ([0xf0, 4] + line((45, 70), (80, 45), (115, 70), (45, 70)), "red roof outline"),
    ([0xf8, 80, 60], "fill the roof"),
    ([0xf0, 14, 0xf8, 80, 90], "yellow walls"),
    ([0xf0, 9, 0xf8, 10, 10], "light blue sky"),
    ([0xf0, 10, 0xf8, 80, 140], "light green grass"),
])

DOOR = picture("the door, room 3", [
    ([0xf0, 8] + line((0, 120), (159, 120)), "grey floor line"),
    ([0xf0, 0] + line((65, 119), (65, 60), (95, 60), (95, 119)), "black door frame"),
    ([0xf0, 6, 0xf8, 80, 90], "brown door"),
    ([0xf0, 7, 0xf8, 10, 10], "light grey wall"),
    ([0xf0, 8, 0xf8, 80, 150], "grey floor"),
])


# ---- views: a header, loops, cels of run-length rows (colour << 4 | run,
# a row ends with 00; trailing transparent pixels are left out).
def rle_rows(rows, transparent):
    out = []
    for row in rows:
        runs, i = [], 0
        while i < len(row):
            j = i
            while j < len(row) and row[j] == row[i] and j - i < 15:
                j += 1
            runs.append((row[i], j - i))
            i = j
        while runs and runs[-1][0] == transparent:
            runs.pop()
        out.append([c << 4 | n for c, n in runs] + [0])
    return out


PALETTE = {".": 15, "S": 6, "B": 1, "R": 4, "Y": 14, "K": 0}


def cel(picture_rows, note):
    rows = [[PALETTE[ch] for ch in r] for r in picture_rows]
    w, h = len(rows[0]), len(rows)
    body = [[w, h, 15]] + rle_rows(rows, 15)
    return body, note


def view(title, loops, description):
    """loops: list of lists of (rows, note).  Returns commented hex lines."""
    out = [(f"# view: {title} (agi-spec view_resources.md)", None)]
    n = len(loops)
    header_len = 5 + 2 * n
    loop_blobs = []
    for cels in loops:
        cel_blobs = [cel(rows, note) for rows, note in cels]
        head = 1 + 2 * len(cel_blobs)
        offs, pos = [], head
        for body, _ in cel_blobs:
            offs.append(pos)
            pos += sum(len(r) for r in body)
        loop_blobs.append((offs, cel_blobs, pos))
    loop_offs, pos = [], header_len
    for offs, cels, size in loop_blobs:
        loop_offs.append(pos)
        pos += size
    desc_off = pos
    out.append((hx(1, 1), "reserved"))
    out.append((hx(n), f"{n} loop(s)"))
    out.append((hx(desc_off & 255, desc_off >> 8), f"description at offset {desc_off}"))
    for i, o in enumerate(loop_offs):
        out.append((hx(o & 255, o >> 8), f"loop {i} at offset {o}"))
    for li, (offs, cels, _) in enumerate(loop_blobs):
        out.append((hx(len(cels), *[b for o in offs for b in (o & 255, o >> 8)]),
                    f"loop {li}: {len(cels)} cel(s) at loop offsets {offs}"))
        for ci, (body, note) in enumerate(cels):
            out.append((hx(*body[0]), f"cel {ci}: {body[0][0]}x{body[0][1]}, transparent colour 15 ({note})"))
            for r, row in enumerate(body[1:]):
                out.append((hx(*row), f"row {r}"))
    text = description.encode("ascii") + b"\0"
    out.append((hx(*text), f'"{description}"'))
    return out


def walker(facing):
    """Two walking cels of a 5x10 figure: head, body, legs apart/together."""
    head = {"right": ["..SS.", "..SK."], "left": [".SS..", ".KS.."],
            "down": [".SSS.", ".KSK."], "up": [".SSS.", ".SSS."]}[facing]
    body = ["..B..", ".BBB.", "B.B.B", "..B..", "..R.."]
    legs = [[".R.R.", "R...R"], ["..R..", "..R.."]]
    return [(head + body + l, f"{facing}, step {i}") for i, l in enumerate(legs)]


EGO = view("the hero, four directions (right, left, down, up), two steps each",
           [walker("right"), walker("left"), walker("down"), walker("up")],
           "The hero of this little story.")
KEY = view("the brass key", [[(["YY...", "YYYYY", "YY.Y."], "a key")]], "A small brass key.")

# ---- sound: four channel offsets, then 5-byte events (duration u16le,
# divisor/tone bytes, attenuation); ff ff ends a channel.
SOUND = [("# sound: a C-E-G-C arpeggio (agi-spec sound.md)", None),
         (hx(8, 0, 30, 0, 32, 0, 34, 0), "channels at 8, 30, 32, 34"),
         (hx(15, 0, 0x1a, 0x8b, 0x92), "15 ticks, divisor 0x1ab (C4), attenuation 2"),
         (hx(15, 0, 0x15, 0x83, 0x92), "divisor 0x153 (E4)"),
         (hx(15, 0, 0x11, 0x8d, 0x92), "divisor 0x11d (G4)"),
         (hx(30, 0, 0x0d, 0x86, 0x92), "30 ticks, divisor 0x0d6 (C5)"),
         (hx(0xff, 0xff), "channel 0 ends"),
         (hx(0xff, 0xff), "channel 1: silent"),
         (hx(0xff, 0xff), "channel 2: silent"),
         (hx(0xff, 0xff), "channel 3: silent")]

write("raw/picture/picture001.hex", MEADOW)
write("raw/picture/picture002.hex", HOUSE)
write("raw/picture/picture003.hex", DOOR)
write("raw/view/view000.hex", EGO)
write("raw/view/view001.hex", KEY)
write("raw/sound/sound001.hex", SOUND)
