#!/usr/bin/python3
"""romfont.py OUT [--display :N]: dump DOSBox's 7,680-byte font for
pic-render --font / RELIC_BIOS_FONT.  A 16-bit DOS program (the approach of
the oracle's mkfontcom.py) asks the video BIOS (int 10h AX=1130h, BH=3 and
BH=4) for the 8x8 font, 2,048 bytes as the oracle's own dump, then copies
the 2,048 bytes at F000:FA6E: AGI 2.936's message window indexes that
128-glyph table with every byte, so codes from 0x80 draw the ROM bytes after
it; last the 8x14 font of the EGA text mode (AX=1130h BH=2: 256 glyphs of
14 bytes, 3,584 bytes; DOSBox keeps it in its video BIOS at C000), which
text.screen() shows.  The first 2,048 or 4,096 bytes are the smaller font
files (`head -c`).  Developer tool (runs DOSBox through the oracle); the
bytes are the BIOS's data and stay out of the tree."""
import argparse, shutil, struct, subprocess, sys, time, types
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2].parent / "shared" / "tools" / "agi-oracle"))
sys.path.insert(0, "/work/shared/tools/agi-oracle")
import dosbox_oracle  # noqa: E402


FONT_BYTES = 2048 + 2048 + 256 * 14


def program():
    code, fix = bytearray(), []
    emit = code.extend
    emit((0xB8, 0x0D, 0x00, 0xCD, 0x10))                      # mov ax,0Dh; int 10h
    for bh, off, size in ((3, 0, 1024), (4, 1024, 1024), (2, 4096, 256 * 14)):
        emit((0xB8, 0x30, 0x11, 0xB7, bh, 0xCD, 0x10))        # mov ax,1130h; mov bh,n; int 10h
        emit((0x1E, 0x06, 0x1F, 0x89, 0xEE, 0x07, 0xBF))      # push ds; push es; pop ds; mov si,bp; pop es; mov di,
        fix.append((len(code), off)); emit((0, 0))
        emit((0xB9, size & 0xFF, size >> 8, 0xF3, 0xA4, 0x06, 0x1F))  # mov cx,size; rep movsb; push es; pop ds
    emit((0x1E, 0x07, 0xB8, 0x00, 0xF0, 0x8E, 0xD8))          # push ds; pop es; mov ax,F000h; mov ds,ax
    emit((0xBE, 0x6E, 0xFA, 0xBF))                            # mov si,FA6Eh; mov di,
    fix.append((len(code), 2048)); emit((0, 0))
    emit((0xB9, 0x00, 0x08, 0xF3, 0xA4, 0x06, 0x1F))          # mov cx,800h; rep movsb; push es; pop ds
    emit((0xB4, 0x3C, 0x31, 0xC9, 0xBA)); name_at = len(code); emit((0, 0))   # create
    emit((0xCD, 0x21, 0x89, 0xC3, 0xB4, 0x40, 0xB9, 0x00, 0x1E, 0xBA))       # write 1E00h bytes
    fix.append((len(code), 0)); emit((0, 0))
    emit((0xCD, 0x21, 0xB4, 0x3E, 0xCD, 0x21, 0xB8, 0x03, 0x00, 0xCD, 0x10, 0xB8, 0x00, 0x4C, 0xCD, 0x21))
    name = 0x100 + len(code)
    code += b"FONT8.BIN\0"
    buf = 0x100 + len(code)
    for pos, off in fix:
        struct.pack_into("<H", code, pos, buf + off)
    struct.pack_into("<H", code, name_at, name)
    return bytes(code)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("--display", default=":93")
    ap.add_argument("--work", type=Path, default=Path("/tmp/romfont"))
    a = ap.parse_args()
    args = types.SimpleNamespace(display=a.display, machine="ega", cycles=4000, out=a.work)
    c = a.work / "C"
    c.mkdir(parents=True, exist_ok=True)
    (c / "FONTDUMP.COM").write_bytes(program())
    box = dosbox_oracle.Dosbox(args, c, a.work / "cap")
    try:
        box.start("FONTDUMP.COM\nexit", wait_window=False)
        for _ in range(100):
            if (c / "FONT8.BIN").exists() and (c / "FONT8.BIN").stat().st_size == FONT_BYTES:
                break
            time.sleep(0.2)
        time.sleep(0.5)
    finally:
        box.stop()
    shutil.copy(c / "FONT8.BIN", a.out)
    print(f"{a.out}: {a.out.stat().st_size} bytes")


if __name__ == "__main__":
    main()
