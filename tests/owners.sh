#!/bin/sh
# Each sub-struct of struct agi_vm (libvm/agi/vm/vm_internal.h) is owned by
# one file of the AGI interpreter (or one module cut in two), which alone
# writes it; the other files call the owner's functions.
# Check 2 (the compile-time wall): every sub-struct with state (text,
# input, replay list, resources, sound, modal, menus, save dialogs,
# execution stack, the run's control signals) is defined in its owner's
# private header (vm_text.h, vm_input.h, vm_res.h, vm_modal.h, vm_exec.h,
# vm_state.h), the event queue in vm_events.c itself, and reached from
# struct agi_vm by pointer, so a file that does not include the header sees
# an incomplete type.  It fails when vm_internal.h defines one of them
# again, or when a file other than the owner (and vm_test_internal.h, the
# unit tests' one door, which no library file includes) includes a private
# header.
# Check 1, for what is still held by value (vm_core.c's hooks, vm_state.c's
# mirror of the flow signals for the bytecode loop): it reads the sources of
# libvm/agi/vm/ (comments and string literals stripped) and fails on any
# write to a member of a sub-struct outside its owner: an assignment (=,
# op=), ++ or --, the destination of memcpy, memmove, memset, snprintf,
# strcpy or free, or a pointer into it kept in a variable that is not
# const.  TAP output, a line per check.  tests/owners.sh DIR checks another folder
# (the planted-violation demonstration in docs/DESIGN.md).
dir=${1:-libvm/agi/vm}
# sub-struct, then its owner: the file (its name without .c), or the files
# of a module cut in two by concept (the modal waits and their save and
# restore dialogs)
owners='hooks vm_core
flow_halt vm_state'
set -- "$dir"/vm_*.c
if [ ! -e "$1" ]; then
    echo "not ok 1 - owners: no sources in $dir"
    exit 0
fi
found=$(for f in "$@"; do
    OWNERS="$owners" FILE="$f" perl -0777 -ne '
        my (%owner, %owns);
        for (split /\n/, $ENV{OWNERS}) {
            my ($sub, @files) = split " ";
            $owner{$sub} = join(".c, ", @files) . ".c";
            $owns{$sub}{$_} = 1 for @files;
        }
        my $subs = join "|", sort keys %owner;
        my $file = $ENV{FILE};
        (my $base = $file) =~ s{.*/}{};
        $base =~ s/\.c$//;
        # comments and string literals out, the line breaks kept
        s{/\*.*?\*/}{ (my $c = $&) =~ s/[^\n]//g; $c }gse;
        s{//[^\n]*}{}g;
        s{"(?:[^"\\\n]|\\.)*"}{""}g;
        my $path = qr/(?:\[[^\]\n]*\]|\.[a-z_0-9]+|->[a-z_0-9]+)*/;
        my @hits;
        push @hits, [$1, $2, $-[0]] while /vm->($subs)\.([a-z_0-9]+)$path\s*(?:[-+*\/%&|^]|<<|>>)?=(?!=)/g;
        push @hits, [$1, $2, $-[0]] while /vm->($subs)\.([a-z_0-9]+)$path\s*(?:\+\+|--)/g;
        push @hits, [$1, $2, $-[0]] while /(?:\+\+|--)\s*vm->($subs)\.([a-z_0-9]+)/g;
        push @hits, [$1, $2, $-[0]]
            while /\b(?:memcpy|memmove|memset|snprintf|vsnprintf|strcpy|strncpy|strcat|free)\s*\(\s*&?\s*vm->($subs)\.([a-z_0-9]+)/g;
        push @hits, [$1, $2, $-[0]] while /(?<!const )\b[a-z_0-9]+\s*\*\s*[a-z_0-9]+\s*=\s*&?\s*vm->($subs)\.([a-z_0-9]+)/g;
        # the whole sub-struct: assigned, or the destination of a mem* call
        push @hits, [$1, "*", $-[0]] while /vm->($subs)\s*=(?!=)/g;
        push @hits, [$1, "*", $-[0]] while /(?<!const )\b[a-z_0-9]+\s*\*\s*[a-z_0-9]+\s*=\s*&\s*vm->($subs)\s*;/g;
        push @hits, [$1, "*", $-[0]] while /\b(?:memcpy|memmove|memset)\s*\(\s*&\s*vm->($subs)\s*,/g;
        for my $h (@hits) {
            next if $owns{$h->[0]}{$base};
            my $line = 1 + (substr($_, 0, $h->[2]) =~ tr/\n//);
            my $what = $h->[1] eq "*" ? "" : ".$h->[1]";
            print "$file:$line: writes vm->$h->[0]$what (owned by $owner{$h->[0]})\n";
        }
    ' "$f"
done | sort -u)
if [ -n "$found" ]; then
    printf '%s\n' "$found" | sed 's/^/# /'
    echo "not ok 1 - owners: $(printf '%s\n' "$found" | grep -c .) writes to agi_vm sub-structs outside their owner file"
else
    echo "ok 1 - owners: every vm_*.c file writes only the agi_vm sub-structs it owns"
fi
# private header, its struct, the files that may include it
private='vm_text.h agi_vm_text vm_text.c vm_lines.c
vm_input.h agi_vm_input vm_input.c
vm_res.h agi_vm_replay_list vm_res.c
vm_res.h agi_vm_res vm_res.c
vm_res.h agi_vm_audio vm_res.c
vm_modal.h agi_vm_modal vm_modal.c vm_savedlg.c
vm_modal.h agi_vm_menus vm_modal.c vm_savedlg.c
vm_modal.h agi_vm_saves vm_modal.c vm_savedlg.c
vm_exec.h agi_vm_exec_state vm_exec.c
vm_state.h agi_vm_flow vm_state.c
vm_events.c agi_vm_events vm_events.c'
top=$(cd "$dir/../../.." && pwd)
walls=$(printf '%s\n' "$private" | while read -r header name allowed; do
    allowed=" $allowed "
    [ -f "$dir/$header" ] || { echo "$dir/$header: missing (the definition of struct $name)"; continue; }
    grep -q "^struct $name {" "$dir/$header" || echo "$dir/$header: does not define struct $name"
    grep -n "^\(typedef \)\?struct $name {" "$dir/vm_internal.h" | sed "s|^|$dir/vm_internal.h:|; s|\$| (defines struct $name, $header's)|"
    for f in $(grep -rl --include='*.c' --include='*.h' "#include \"\\(.*/\\)\\?$header\"" \
            "$top/libvm" "$top/libio" "$top/libformats" "$top/libaudio" "$top/cmd" "$dir" 2>/dev/null | sort -u); do
        base=${f##*/}
        case $allowed in *" $base "*) continue ;; esac
        [ "$base" = vm_test_internal.h ] || echo "$f: includes $header (private to$allowed)"
    done
done
grep -rl --include='*.c' --include='*.h' '#include "\(.*/\)\?vm_test_internal.h"' "$top/libvm" "$top/libio" \
    "$top/libformats" "$top/libaudio" "$top/cmd" "$dir" 2>/dev/null | sed 's|$|: includes vm_test_internal.h (the unit tests\x27 alone)|')
if [ -n "$walls" ]; then
    printf '%s\n' "$walls" | sort -u | sed 's/^/# /'
    echo "not ok 2 - owners: a private sub-struct header is seen outside its owner"
else
    echo "ok 2 - owners: every sub-struct with state is complete only in its owner (and the tests' header)"
fi
