#!/bin/sh
# Follows the AGI interpreter's handle through one agi_vm_cycle (issue 31;
# docs/DESIGN.md "The AGI interpreter"): GNU cflow draws the static call
# tree from agi_vm_cycle over the interpreter's files, and the walk goes
# through it depth first, counting only calls to functions that take the
# handle (agi_vm *).  The handle changes file at every call into another
# file and at every return from it.  The dispatch through opcodes.h's
# handler tables is expanded to a call of every handler of the row's
# column, as a switch over the opcodes would be.
#   mk/callwalk.sh [DIR]   DIR: the interpreter's sources (libvm/agi/vm; the
#   flat libvm/agi of a checkout before issue 31 works too); KEEP=1 keeps
#   the prepared copy
# Prints the files, the calls into another file, how many of them enter a
# file already entered and left, and the longest run of moves back and
# forth between the text module (vm_text.c, vm_lines.c) and vm_modal.c.
dir=${1:-libvm/agi/vm}
top=$(cd "$(dirname "$0")/.." && pwd)
command -v cflow >/dev/null || { echo "callwalk: cflow not installed (apt-get install cflow)" >&2; exit 2; }
tmp=$(mktemp -d)
if [ -n "$KEEP" ]; then echo "callwalk: sources kept in $tmp" >&2; else trap 'rm -rf "$tmp"' EXIT; fi
mkdir "$tmp/vm"
cp "$dir"/*.c "$dir"/*.h "$tmp/vm/"
[ -f "$dir/../opcodes.h" ] && cp "$dir/../opcodes.h" "$tmp/"
if grep -q 'agi_vm_ops\[op\](' "$tmp/vm/vm_exec.c" 2>/dev/null; then
    sed -i 's/agi_vm_ops\[op\](vm, a, cur)/agi_vm_walk_ops(vm, a, cur)/; s/agi_vm_tests\[op\](vm, a)/agi_vm_walk_tests(vm, a)/' "$tmp/vm/vm_exec.c"
    cat >> "$tmp/vm/vm_exec.c" <<'WALK'
#define AGI_X_WALK(e, op, name, args, since, handler) handler(vm, a, logic);
static void agi_vm_walk_ops(agi_vm *vm, const uint8_t *a, unsigned logic) { AGI_ACTION_LIST(AGI_X_WALK) }
#undef AGI_X_WALK
#define AGI_X_WALK(e, op, name, args, since, handler) handler(vm, a);
static int agi_vm_walk_tests(agi_vm *vm, const uint8_t *a) { AGI_CONDITION_LIST(AGI_X_WALK) return 0; }
WALK
    # cflow would take the handlers' declarations by typedef (vm_private.h)
    # for their definitions: out with them, and the helpers declared first
    sed -i '/^AGI_ACTION_LIST(AGI_X_DECLARE)$/d; /^AGI_CONDITION_LIST(AGI_X_DECLARE)$/d' "$tmp/vm/vm_private.h"
    sed -i '0,/^#include "vm_private.h"/s//#include "vm_private.h"\nstatic void agi_vm_walk_ops(agi_vm *vm, const uint8_t *a, unsigned logic);\nstatic int agi_vm_walk_tests(agi_vm *vm, const uint8_t *a);/' "$tmp/vm/vm_exec.c"
fi
(cd "$tmp/vm" && cflow --cpp -I "$top/libformats/include" -I "$top/libvm/include" \
    -D_DEFAULT_SOURCE --main agi_vm_cycle -d 0 vm_*.c 2>/dev/null) | awk '
function fileof(line,   m) {
    if (match(line, / at [^ >]*:[0-9]+>/)) {
        m = substr(line, RSTART + 4, RLENGTH - 5); sub(/:[0-9]+$/, "", m); sub(/.*\//, "", m)
        return m
    }
    return ""
}
function move(f, is_call) {
    if (f == cur) return
    if (is_call) { calls++; if (f in seen) reenter++ } else rets++
    if ((cur ~ /vm_text|vm_lines/ && f ~ /vm_modal/) || (cur ~ /vm_modal/ && f ~ /vm_text|vm_lines/)) { run++; if (run > maxrun) maxrun = run } else run = 0
    if (is_call) enter[f]++
    seen[f] = 1
    cur = f
}
BEGIN { skip = -1 }
{
    match($0, /^ */); d = RLENGTH / 4
    while (top > d) { top--; if (top > 0) move(file[top - 1], 0) }
    if (skip >= 0 && d > skip) next
    skip = -1
    f = fileof($0)
    if (NR > 1 && ($0 !~ /agi_vm \*/ || f == "")) { skip = d; next }
    if (NR == 1) { cur = f; seen[f] = 1 } else move(f, 1)
    file[d] = f; top = d + 1
}
END {
    while (top > 1) { top--; move(file[top - 1], 0) }
    n = 0; for (f in seen) n++
    printf "files %d, calls into another file %d (into a file already left %d), returns %d, longest text (vm_text, vm_lines)/vm_modal run %d\n",
           n, calls, reenter, rets, maxrun
    for (f in enter) printf "  %4d %s\n", enter[f], f | "sort -rn"
}'
