#!/bin/sh
# The AGI interpreter's files are layers (libvm/agi/vm/vm_private.h): each
# vm_*.c calls only files of its own layer or below, and no circle of calls
# runs between files.  Checked on the built objects with nm: which file
# defines and which uses each symbol.  TAP output, one line per check.
BUILD=${BUILD:-build}
dir="$BUILD/obj/libvm/agi/vm"
NM=${NM:-nm}
set -- "$dir"/vm_*.o
if [ ! -e "$1" ]; then
    echo "not ok 1 - layers: no objects in $dir (build first)"
    exit 0
fi
# file layer (the order of vm_private.h)
layers='vm_state 1
vm_rules 1
vm_font 1
vm_res 2
vm_obj 3
vm_motion 3
vm_obj_ops 3
vm_text 3
vm_events 4
vm_modal 5
vm_input 5
vm_expect 5
vm_savedlg 5
vm_room 6
vm_exec 6
vm_session 7
vm_save 7
vm_core 8
vm_screen 8'
for o in "$@"; do
    f=$(basename "$o" .o)
    # An object left from a source file that is gone is not part of the tree.
    [ -f "libvm/agi/vm/$f.c" ] || continue
    "$NM" "$o" | sed "s|^|$f |"
done | printf '%s\n===\n%s\n' "$layers" "$(cat)" | awk '
    BEGIN { part = 0; n = 0 }
    $0 == "===" { part = 1; next }
    part == 0 { layer[$1] = $2; next }
    NF == 4 && $3 ~ /^[TDBR]$/ { def[$4] = $1; files[$1] = 1; next }
    NF == 3 && $2 == "U" { use[++n] = $1 " " $3; files[$1] = 1 }
    END {
        bad = 0
        for (f in files)
            if (!(f in layer)) { printf "# %s.c has no layer in tests/layers.sh\n", f; bad++ }
        for (i = 1; i <= n; i++) {
            split(use[i], u, " ")
            if (!(u[2] in def) || def[u[2]] == u[1]) continue
            from = u[1]; to = def[u[2]]
            if (!((from, to) in edge)) { edge[from, to] = 1; out[from] = out[from] " " to }
            if (layer[to] > layer[from]) {
                printf "# %s (layer %d) calls %s of %s (layer %d)\n", from, layer[from], u[2], to, layer[to]
                bad++
            }
        }
        printf "%s - layers: every vm_*.c call goes to its own layer or below\n", bad ? "not ok 1" : "ok 1"
        # no circle: peel files that call no remaining file until none is left
        left = 0
        for (f in files) { alive[f] = 1; left++ }
        do {
            peeled = 0
            for (f in alive) {
                k = split(out[f], t, " "); busy = 0
                for (j = 1; j <= k; j++) if (t[j] in alive) busy = 1
                if (!busy) { delete alive[f]; left--; peeled = 1 }
            }
        } while (peeled)
        if (left) {
            s = ""
            for (f in alive) s = s " " f
            printf "# files in a circle of calls, or calling into one:%s\n", s
        }
        printf "%s - layers: no circle of calls between vm_*.c files\n", left ? "not ok 2" : "ok 2"
    }'
