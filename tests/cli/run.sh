#!/bin/sh
# CLI golden tests.  Each tests/cli/<tool>/<case>.args holds one shell
# command line run with the built tools first on PATH (@FIX@ is
# tests/fixtures, @OUT@ a fresh folder, @SAMPLE@ the built sample game,
# @BUILD@ the build folder: build-asan under make check-asan, where build/
# may not exist).  The command's stdout must equal
# <case>.expected (exit status appended as "[exit N]"); GEN=1 rewrites the
# expected files.  Every JSON document a case leaves (printed, or as a
# *.json file under @OUT@) must keep the order rule (tests/json_order.py);
# a case whose .args starts with "# json-order: no" is exempt (it writes
# malformed JSON on purpose).  Prints TAP.
BUILD=${BUILD:-build}
n=0
for args in tests/cli/*/*.args; do
    [ -f "$args" ] || continue
    n=$((n + 1))
    case_name=${args%.args}
    out=$(mktemp -d "${TMPDIR:-/tmp}/relic-cli-XXXXXX")
    cmd=$(sed -e "s|@FIX@|tests/fixtures|g" -e "s|@OUT@|$out|g" -e "s|@SAMPLE@|$BUILD/samples/relicdemo|g" -e "s|@BUILD@|$BUILD|g" "$args")
    actual=$(PATH="$PWD/$BUILD/bin:$PATH"; export PATH; eval "$cmd" 2>&1; echo "[exit $?]")
    actual=$(printf '%s\n' "$actual" | sed -e "s|$out|@OUT@|g")
    order=
    if ! head -n 1 "$args" | grep -q '^# json-order: no'; then
        printf '%s\n' "$actual" > "$out.stdout"
        files=$(find "$out" -name '*.json' -type f)
        if [ -n "$files" ] || grep -q '^{$' "$out.stdout"; then
            # shellcheck disable=SC2086 # one name a line, no spaces in @OUT@
            order=$(python3 tests/json_order.py --text "$out.stdout" --files $files | sed -e "s|$out|@OUT@|g")
        fi
        rm -f "$out.stdout"
    fi
    if [ -n "$order" ]; then
        echo "not ok $n - $case_name (JSON order)"
        printf '%s\n' "$order" | sed 's/^/# /' >&2
    elif [ -n "$GEN" ]; then
        printf '%s\n' "$actual" > "$case_name.expected"
        echo "ok $n - $case_name (regenerated)"
    elif [ "$actual" = "$(cat "$case_name.expected" 2>/dev/null)" ]; then
        echo "ok $n - $case_name"
    else
        echo "not ok $n - $case_name"
        printf '%s\n' "$actual" | diff "$case_name.expected" - | sed 's/^/# /' >&2
    fi
    rm -rf "$out"
done
echo "1..$n"
