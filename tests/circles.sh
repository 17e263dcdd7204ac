#!/bin/sh
# No circle of calls between the files of one folder (libformats/<engine>,
# libvm/<engine>, cmd/<tool>): a circle means two files are one module cut
# in the wrong place.  Checked on the built objects with nm, as
# tests/layers.sh does: a file calls another when it uses a symbol the
# other defines.  Every strongly connected set of two or more files fails
# (none is allowed: a module's two halves that call each other become one
# file, or the part both call moves to a third).  TAP output, one line
# per check.
BUILD=${BUILD:-build}
NM=${NM:-nm}
objs=$(for d in libformats libvm libio libaudio cmd; do
    [ -d "$BUILD/obj/$d" ] && find "$BUILD/obj/$d" -name '*.o'
done | LC_ALL=C sort)
if [ -z "$objs" ]; then
    echo "not ok 1 - circles: no objects in $BUILD/obj (build first)"
    exit 0
fi
for o in $objs; do
    f=${o#"$BUILD"/obj/}
    f=${f%.o}
    # An object left from a source file that is gone is not part of the tree.
    [ -f "$f.c" ] || continue
    "$NM" "$o" | sed "s|^|$f |"
done | awk '
    function folder(f) { sub(/\/[^\/]*$/, "", f); return f }
    BEGIN { n = 0; nf = 0 }
    NF == 4 && $3 ~ /^[TDBR]$/ { def[folder($1), $4] = $1; if (!($1 in seen)) { seen[$1] = 1; file[++nf] = $1 }; next }
    NF == 3 && $2 == "U" { use[++n] = $1 " " $3; if (!($1 in seen)) { seen[$1] = 1; file[++nf] = $1 } }
    END {
        for (i = 1; i <= n; i++) {
            split(use[i], u, " ")
            k = folder(u[1]) SUBSEP u[2]
            if (!(k in def) || def[k] == u[1]) continue
            if (!((u[1], def[k]) in edge)) { edge[u[1], def[k]] = 1; out[u[1]] = out[u[1]] " " def[k] }
        }
        # reach[a, b]: b can be reached from a (breadth first from each file)
        for (i = 1; i <= nf; i++) {
            a = file[i]; head = 1; tail = 0
            k = split(out[a], t, " ")
            for (j = 1; j <= k; j++) if (!((a, t[j]) in reach)) { reach[a, t[j]] = 1; queue[++tail] = t[j] }
            while (head <= tail) {
                b = queue[head++]
                k = split(out[b], t, " ")
                for (j = 1; j <= k; j++) if (!((a, t[j]) in reach)) { reach[a, t[j]] = 1; queue[++tail] = t[j] }
            }
        }
        # a circle: the files that reach each other (file[] is in sorted order)
        bad = 0
        for (i = 1; i <= nf; i++) {
            a = file[i]
            if (a in done || !((a, a) in reach)) continue
            set = a
            for (j = i + 1; j <= nf; j++) {
                b = file[j]
                if ((a, b) in reach && (b, a) in reach) { set = set " " b; done[b] = 1 }
            }
            done[a] = 1
            printf "# circle of calls between files: %s\n", set
            bad++
        }
        printf "%s - circles: no circle of calls between the files of a folder (%d files)\n",
               bad ? "not ok 1" : "ok 1", nf
    }'
