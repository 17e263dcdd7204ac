#!/bin/sh
# `make lint`: cppcheck (Debian) over the given folders; clean means no
# finding.  Checks: warning (likely bugs) and portability; style findings
# are left to review.  A finding that is a false positive is silenced at
# its line with a `// cppcheck-suppress id` comment saying why.
# With --tap, prints one TAP line (for make test under CI / make check).
tap=0
[ "$1" = --tap ] && { tap=1; shift; }
if ! command -v cppcheck >/dev/null; then
    if [ $tap = 1 ]; then
        if [ "$CI" = true ]; then echo "not ok 1 - lint: cppcheck not installed under CI (make deps)"
        else echo "# lint skipped: cppcheck not installed"; echo "ok 1 # SKIP lint: no cppcheck"; fi
        echo "1..1"; exit 0
    fi
    echo "make lint: cppcheck not installed (make deps)"; exit 1
fi
out=$(cppcheck -q -j2 --std=c11 --enable=warning,portability --inline-suppr --library=mk/cppcheck.cfg \
      -D__GNUC__ -Ilibformats/include -Ilibvm/include -Icmd/common --suppress=missingIncludeSystem --suppressions-list=mk/cppcheck-suppressions.txt \
      --template='{file}:{line}: {severity}: {message} [{id}]' "$@" 2>&1)
n=$(printf '%s' "$out" | grep -c ': \(error\|warning\|portability\|style\|performance\):')
if [ $tap = 1 ]; then
    if [ "$n" = 0 ]; then echo "ok 1 - lint: cppcheck clean over $*"
    else echo "not ok 1 - lint: $n cppcheck findings"; printf '%s\n' "$out" | sed 's/^/# /' >&2; fi
    echo "1..1"; exit 0
fi
printf '%s\n' "$out" | grep -v '^$'
echo "make lint: $n findings"
[ "$n" = 0 ]
