#!/bin/sh
# Fault-injection suite (issue 17): every tool's main job with the Nth
# write/fsync/rename/open/malloc failing, and symbolic links planted at the
# temporaries the tools create.  The driver is tests/faults/faults.py; it
# prints TAP, and the matrix (tool x failing call: outcome) goes to
# $BUILD/faults-matrix.md.
BUILD=${BUILD:-build}
if ! command -v python3 >/dev/null 2>&1; then
    echo "ok 1 # SKIP fault injection: python3 is not installed"
    echo "1..1"
    exit 0
fi
exec python3 tests/faults/faults.py "$BUILD"
