#!/bin/sh
# The installed tree as another project sees it: `make install
# DESTDIR=$STAGE PREFIX=/usr` (done by `make test` before the suite), then
# a C++ program compiled and linked against it with pkg-config only, run
# against the shared libraries; every installed header compiles as C++;
# the libraries carry their sonames; the decoder libraries need no PNG,
# GIF, audio or JSON library.  Prints TAP.
BUILD=${BUILD:-build}
STAGE=${STAGE:-$BUILD/stage}
STAGE=$(cd "$STAGE" 2>/dev/null && pwd)
CXX=${CXX:-c++}
# Under make check-asan the libraries are instrumented: the program is too.
SAN=${SANFLAGS:-}
n=0
tap() { n=$((n + 1)); echo "$1 $n - $2"; }
if [ -z "$STAGE" ] || [ ! -f "$STAGE/usr/lib/pkgconfig/relic.pc" ]; then
    tap "not ok" "install: no staged tree (make install DESTDIR=... PREFIX=/usr)"; echo "1..$n"; exit 0
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/relic-install-XXXXXX")
lib="$STAGE/usr/lib"
export PKG_CONFIG_PATH="$lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$STAGE"
for l in formats vm io audio; do
    so=$(readelf -d "$lib/librelic-$l.so" 2>/dev/null | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
    if [ "$so" = "librelic-$l.so.0" ] && [ -f "$lib/librelic-$l.a" ] && [ -e "$lib/librelic-$l.so.0" ]; then
        tap ok "install: librelic-$l.so.0 (soname $so) and librelic-$l.a"
    else tap "not ok" "install: librelic-$l: soname '$so', archive or link missing"; fi
done
for l in formats vm; do
    deps=$(readelf -d "$lib/librelic-$l.so" | grep NEEDED | grep -E 'png|gif|sndfile|jansson')
    if [ -z "$deps" ]; then tap ok "install: librelic-$l needs no libpng, giflib, libsndfile or jansson"
    else tap "not ok" "install: librelic-$l needs $deps"; fi
done
bad=$(grep -l 'json_t' "$STAGE/usr/include/relic"/*.h | while read -r h; do
    case $(basename "$h") in io.h|*json*.h) ;; *) echo "$(basename "$h")" ;; esac; done)
if [ -z "$bad" ]; then tap ok "install: json_t appears only in io.h and the *_json.h headers"
else tap "not ok" "install: json_t in $bad"; fi
# Every header alone, as C++ (the JSON ones with relic-io's flags).
hdr_fail=""
for h in "$STAGE/usr/include/relic"/*.h; do
    name=$(basename "$h")
    pc=relic; grep -q jansson "$h" && pc=relic-io
    printf '#include "relic/%s"\nint main() { return 0; }\n' "$name" > "$work/h.cpp"
    $CXX -std=c++11 -Wall -Werror -fsyntax-only $(pkg-config --cflags $pc) "$work/h.cpp" 2>>"$work/hdr.log" || hdr_fail="$hdr_fail $name"
done
if [ -z "$hdr_fail" ]; then tap ok "install: every installed header compiles alone as C++"
else tap "not ok" "install: headers failing as C++:$hdr_fail"; sed 's/^/# /' "$work/hdr.log" | head -20 >&2; fi
if $CXX -std=c++11 -Wall $SAN -o "$work/hello" tests/install/hello.cpp $(pkg-config --cflags --libs relic) 2>"$work/cxx.log"; then
    tap ok "install: C++ program builds with pkg-config --cflags --libs relic ($(pkg-config --libs relic))"
    out=$(LD_LIBRARY_PATH="$lib" "$work/hello" 2>&1)
    if [ $? -eq 0 ]; then tap ok "install: it runs against the shared libraries: $(printf '%s' "$out" | tail -1)"
    else tap "not ok" "install: it fails: $out"; fi
    loaded=$(LD_LIBRARY_PATH="$lib" ldd "$work/hello" | grep -E 'librelic|png|gif|sndfile|jansson' | awk '{print $1}' | tr '\n' ' ')
    case $loaded in
        *png*|*gif*|*sndfile*|*jansson*) tap "not ok" "install: it loads $loaded" ;;
        *) tap ok "install: it loads only $loaded(no output libraries)" ;;
    esac
else
    tap "not ok" "install: C++ program does not build"; sed 's/^/# /' "$work/cxx.log" >&2
fi
if $CXX -std=c++11 $SAN -o "$work/hello-static" tests/install/hello.cpp -I"$STAGE/usr/include" \
    "$lib/librelic-vm.a" "$lib/librelic-formats.a" -lm 2>"$work/static.log" && "$work/hello-static" >/dev/null; then
    tap ok "install: the same program links the static archives"
else tap "not ok" "install: static link fails"; sed 's/^/# /' "$work/static.log" >&2; fi
rm -rf "$work"
echo "1..$n"
