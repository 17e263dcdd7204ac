#!/bin/sh
# Runs the whole suite: every cmocka program (unit and corpus) with TAP
# output, then the CLI golden tests; prints one closing line
# "N passed, N failed, N skipped" and exits non-zero on any failure.
BUILD=${BUILD:-build}
export RELIC_FIXTURES="${RELIC_FIXTURES:-tests/fixtures}"
export CMOCKA_MESSAGE_OUTPUT=TAP
log="$BUILD/test.log"
: > "$log"
pass=0 fail=0 skip=0
count() { # TAP lines on stdin -> updates counters via temp file
    awk '
        /^(not )?ok .*# ?SKIP/ { s++; next }
        /^ok /         { p++; next }
        /^not ok /     { f++; print "FAIL: " $0 > "/dev/stderr"; next }
        END { printf "%d %d %d\n", p, f, s }'
}
add() { set -- $1; pass=$((pass + $1)); fail=$((fail + $2)); skip=$((skip + $3)); }
for t in "$BUILD"/tests/test_*; do
    [ -x "$t" ] || continue
    out=$("$t" 2>&1); rc=$?
    printf '%s\n' "== $t" "$out" >> "$log"
    printf '%s\n' "$out" | grep -E '^# .*skipped' | sed "s|^|$(basename "$t"): |"
    res=$(printf '%s\n' "$out" | count)
    add "$res"
    # A program that crashed or failed outside its TAP lines is one failure.
    if [ $rc -ne 0 ] && [ "$(echo "$res" | cut -d' ' -f2)" = 0 ]; then
        echo "FAIL: $t exited $rc" >&2; fail=$((fail + 1))
    fi
done
# Lint (cppcheck, ~20 s) runs under CI=true and make check (WERROR set).
lint=""
[ "$CI" = true ] || [ -n "$WERROR" ] && lint="tests/lint.sh --tap ${LINT_DIRS:-libformats libvm libio libaudio cmd}"
for script in tests/cli/run.sh tests/corpus/cli_roundtrip.sh tests/layers.sh tests/circles.sh tests/browser/run.sh \
              tests/install/run.sh tests/completions.sh tests/warnings.sh tests/format.sh tests/faults/run.sh tests/fuzz_harness.sh ${lint:+"$lint"}; do
    out=$(BUILD="$BUILD" sh $script 2>>"$log")
    printf '%s\n' "== $script" "$out" >> "$log"
    printf '%s\n' "$out" | grep -E '^# .*skipped'
    add "$(printf '%s\n' "$out" | count)"
done
echo "details: $log"
echo "$pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
