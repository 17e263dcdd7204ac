#!/bin/sh
# The AGI interpreter's handle followed through real cycles (issue 31;
# docs/DESIGN.md "The AGI interpreter"): every vm_*.c file but vm_json.c is
# compiled with -finstrument-functions, a driver runs a game with make
# bench's input (a walk, "look", Enter every fifth cycle) and records each
# function's entry and exit during cycles [FROM, TO); addr2line names
# their files.  Prints, per cycle: calls into another file, moves (calls
# and returns), moves into a file already left in that cycle, and the
# longest run of moves back and forth between the text module (vm_text.c,
# vm_lines.c) and vm_modal.c.
#   mk/calltrace.sh GAME_DIR [FROM TO [SRCROOT]]   (default 0 300, this tree;
#   SRCROOT must be built: its build/lib archives are linked)
game=$1; from=${2:-0}; to=${3:-300}; src=${4:-$(cd "$(dirname "$0")/.." && pwd)}
[ -d "$game" ] || { echo "usage: mk/calltrace.sh GAME_DIR [FROM TO [SRCROOT]]" >&2; exit 2; }
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
if [ -d "$src/libvm/agi/vm" ]; then vmdir=$src/libvm/agi/vm; else vmdir=$src/libvm/agi; fi
CFL="-std=c11 -D_DEFAULT_SOURCE -O2 -g -fno-pie -I$src/libformats/include -I$src/libvm/include"
objs=""
for f in "$vmdir"/vm_*.c; do
    case $f in *vm_json.c) continue ;; esac
    o=$w/$(basename "$f" .c).o
    cc $CFL -finstrument-functions -c "$f" -o "$o" || exit 1
    objs="$objs $o"
done
cat > "$w/trace.c" <<'DRIVER'
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include "relic/agi.h"
#include "relic/agi_vm.h"
static int on;
static FILE *out;
void __cyg_profile_func_enter(void *fn, void *site) __attribute__((no_instrument_function));
void __cyg_profile_func_exit(void *fn, void *site) __attribute__((no_instrument_function));
void __cyg_profile_func_enter(void *fn, void *site) { (void)site; if (on) fprintf(out, "E %p\n", fn); }
void __cyg_profile_func_exit(void *fn, void *site) { (void)site; if (on) fprintf(out, "X %p\n", fn); }
static const char walk[] = "seed 1\n40 type \"look\"\n150 dir 3\n300 dir 5\n";
int main(int argc, char **argv)
{
    unsigned long from = strtoul(argv[2], 0, 10), to = strtoul(argv[3], 0, 10);
    char text[24 * 400 + sizeof walk];
    size_t n = (size_t)snprintf(text, sizeof text, "%s", walk);
    for (unsigned c = 5; c <= 2000 && n < sizeof text; c += 5)
        n += (size_t)snprintf(text + n, sizeof text - n, "%u key enter\n", c);
    agi_input_script in;
    agi_fileset fs = {0, 0};
    agi_game g;
    agi_vm *vm = NULL;
    agi_vm_opts o = {.seed = 1};
    if (argc < 5 || !(out = fopen(argv[4], "w")) || agi_input_parse(text, n, &in, NULL) ||
        agi_fileset_read_dir(argv[1], &fs, NULL) || agi_game_open(&fs, NULL, &g, NULL) || agi_vm_new(&g, &o, &vm, NULL))
        return 1;
    relic_err err;
    relic_err_clear(&err);
    while (agi_vm_cycles(vm) < to && !agi_vm_has_quit(vm)) {
        on = agi_vm_cycles(vm) >= from;
        if (on)
            fprintf(out, "C %lu\n", agi_vm_cycles(vm));
        int rc = agi_vm_cycle(vm, &in, &err);
        on = 0;
        if (rc != RELIC_OK)
            break;
    }
    fclose(out);
    return 0;
}
DRIVER
cc $CFL -c "$w/trace.c" -o "$w/trace.o" || exit 1
cc -no-pie -o "$w/trace" "$w/trace.o" $objs "$src/build/lib/librelic-vm.a" "$src/build/lib/librelic-formats.a" -lm || exit 1
"$w/trace" "$game" "$from" "$to" "$w/log" || { echo "calltrace: the run failed" >&2; exit 1; }
grep '^[EX]' "$w/log" | awk '{print $2}' | sort -u > "$w/addrs"
addr2line -f -e "$w/trace" $(cat "$w/addrs") | paste - - | awk '{print $2}' | sed 's/:.*//; s|.*/||' > "$w/files"
paste -d' ' "$w/addrs" "$w/files" > "$w/map"
awk -v map="$w/map" -v ncyc=$((to - from)) '
BEGIN { while ((getline l < map) > 0) { split(l, p, " "); file[p[1]] = p[2] } }
function move(f) {
    if (f == cur) return
    moves++
    if (f in seen) back++
    seen[f] = 1
    if ((cur ~ /vm_text|vm_lines/ && f ~ /vm_modal/) || (cur ~ /vm_modal/ && f ~ /vm_text|vm_lines/)) { run++; if (run > maxrun) maxrun = run } else run = 0
    cur = f
}
$1 == "C" { delete seen; cur = ""; top = 0; next }
$1 == "E" { f = file[$2]; stk[top++] = f; nf[f] = 1
            if (cur == "") { cur = f; seen[f] = 1 } else { if (f != cur) { calls++; ent[f]++ } move(f) }
            next }
$1 == "X" { top--; if (top > 0) move(stk[top - 1]) }
END {
    n = 0; for (f in nf) n++
    printf "%d cycles, %d files; a cycle: %.1f calls into another file, %.1f moves (calls and returns), %.1f into a file already left; longest text (vm_text, vm_lines)/vm_modal run %d\n",
           ncyc, n, calls / ncyc, moves / ncyc, back / ncyc, maxrun
    for (f in ent) printf "  %8.1f %s\n", ent[f] / ncyc, f | "sort -rn"
}' "$w/log"
