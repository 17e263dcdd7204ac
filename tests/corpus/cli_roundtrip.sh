#!/bin/sh
# Corpus round trip through the tools themselves: for every game under
# $RELIC_CORPUS/agi, agi-unpack, then agi-pack (v2, and v3 compressed), then
# agi-unpack again must give identical payloads and message tables (logic
# payloads are compiled back from the unpacked .lgc sources), and the
# repacked OBJECT and WORDS.TOK must equal the shipped files byte for byte.
# Also, per game: agi-unpack -j1 and -j4 write byte-identical trees (same
# file list, same bytes) and identical stderr and exit status.
# Prints TAP; skips (or, under CI=true, fails) without a corpus.
BUILD=${BUILD:-build}
PATH="$PWD/$BUILD/bin:$PATH"
if [ -z "$RELIC_CORPUS" ]; then
    if [ "$CI" = true ]; then echo "not ok 1 - corpus CLI round trip: RELIC_CORPUS not set under CI"; echo "1..1"; exit 0; fi
    echo "# corpus CLI round trip skipped: RELIC_CORPUS not set"
    echo "ok 1 # SKIP corpus CLI round trip"; echo "1..1"; exit 0
fi
work=$(mktemp -d "$PWD/$BUILD/corpus-rt-XXXXXX")
n=0
for game in "$RELIC_CORPUS"/agi/*/; do
    name=$(basename "$game")
    n=$((n + 1))
    j="$work/$name/j"
    mkdir -p "$work/$name"
    agi-unpack "$game" -o "$j/1" -j1 >"$j.1.out" 2>"$j.1.err"; rc1=$?
    agi-unpack "$game" -o "$j/4" -j4 >"$j.4.out" 2>"$j.4.err"; rc4=$?
    if [ $rc1 -ne $rc4 ] || ! diff -r "$j/1" "$j/4" >/dev/null || ! cmp -s "$j.1.err" "$j.4.err" ||
       [ "$(cd "$j/1" && find . | sort)" != "$(cd "$j/4" && find . | sort)" ]; then
        echo "not ok $n - $name: agi-unpack -j1 and -j4 differ"
    else
        echo "ok $n - $name: agi-unpack -j1 and -j4 identical ($(find "$j/1" -type f | wc -l) files)"
    fi
    rm -rf "$j"
    for layout in v2 v3; do
        n=$((n + 1))
        u="$work/$name/u" g="$work/$name/$layout" u2="$work/$name/u-$layout"
        flag=""; [ $layout = v3 ] && flag="--v3 RT"
        agi-unpack "$game" -o "$u" >/dev/null 2>"$work/err"   # groza's placeholders exit 1
        if agi-pack "$u" -o "$g" $flag 2>>"$work/err" && agi-unpack "$g" -o "$u2" >/dev/null 2>>"$work/err" ;
        then :; else
            # only the two known placeholder files may fail to decode
            if grep -qv -e 'object:' -e 'words.tok:' -e 'OBJECT:' -e 'WORDS.TOK:' "$work/err"; then
                echo "not ok $n - $name $layout: $(head -1 "$work/err")"; continue
            fi
        fi
        # Logic sources name the profile the game was read with, and a
        # repacked game (no AGIDATA.OVL) may read as another; their bytes
        # are what must survive, and raw/logic of u2 was compiled from them.
        if ! diff -r "$u/raw" "$u2/raw" >/dev/null ||
           ! diff -r -x '*.lgc' -x '*.asm' "$u/logic" "$u2/logic" >/dev/null; then
            echo "not ok $n - $name $layout: payloads differ after the round trip"; continue
        fi
        bad=""
        for f in OBJECT WORDS.TOK; do
            shipped=$(find "$game" -maxdepth 1 -iname "$f" | head -1)
            [ -n "$shipped" ] && ! cmp -s "$shipped" "$g/$f" && bad="$bad $f"
        done
        if [ -n "$bad" ]; then echo "not ok $n - $name $layout:$bad not byte-identical"; continue; fi
        echo "ok $n - $name $layout: identical payloads, OBJECT and WORDS.TOK"
    done
    rm -rf "${work:?}/$name"
done
rm -rf "$work"
echo "1..$n"
