#!/bin/sh
# The libFuzzer harnesses are built only by `make fuzz` (clang), so an API
# change elsewhere could leave one that no longer compiles without any test
# noticing.  Each harness is compiled here for syntax and types with the
# project's compiler (no fuzzer runtime needed).  TAP, one line per harness.
CC=${CC:-cc}
n=0
for f in tests/fuzz/fuzz_*.c; do
    n=$((n + 1))
    if err=$($CC -std=c11 -D_DEFAULT_SOURCE -fsyntax-only -Ilibformats/include -Ilibvm/include -Itests \
            $(pkg-config --cflags libpng jansson sndfile 2>/dev/null) "$f" 2>&1); then
        echo "ok $n - fuzz harness compiles: $f"
    else
        echo "not ok $n - fuzz harness compiles: $f"
        printf '%s\n' "$err" | sed 's/^/# /' >&2
    fi
done
echo "1..$n"
