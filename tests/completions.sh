#!/bin/sh
# The installed shell completions (`make install DESTDIR=$STAGE PREFIX=/usr`,
# done by `make test`), as a shell loads them: each bash file alone, in a
# bash without bash-completion and, where bash-completion is installed (or
# RELIC_BASH_COMPLETION names its bash_completion), through its lazy loader;
# the zsh functions through compinit where zsh is installed.  A completion
# runs as readline would call it, on fixed lines in a folder of known
# names; its offers must be these.  Prints TAP.
BUILD=${BUILD:-build}
STAGE=${STAGE:-$BUILD/stage}
STAGE=$(cd "$STAGE" 2>/dev/null && pwd)
BC=${RELIC_BASH_COMPLETION:-/usr/share/bash-completion/bash_completion}
n=0
tap() { n=$((n + 1)); echo "$1 $n - $2"; }
share=$STAGE/usr/share
if [ -z "$STAGE" ] || [ ! -d "$share/bash-completion/completions" ]; then
    tap "not ok" "completions: no staged tree (make install DESTDIR=... PREFIX=/usr)"; echo "1..$n"; exit 0
fi
if ! command -v bash >/dev/null 2>&1; then
    echo "ok 1 # SKIP completions: no bash"; echo "1..1"; exit 0
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/relic-completions-XXXXXX")
mkdir "$work/games" "$work/games/kq1" "$work/games/sq2"
touch "$work/games/notes" "$work/games/t.wav" "$work/games/t.mid" "$work/games/m.rgm" "$work/games/m.rgmsrc"

# offer MODE LINE: the offers, one line, sorted, for LINE with the cursor at
# its end.  MODE plain: the staged file sourced alone; lazy: bash-completion
# loaded and left to find the file by the command's name.  The words are
# split as readline splits them (also at '=' and ':').
offer() {
    (cd "$work/games" && HOME=$work bash --norc --noprofile -c '
        mode=$1 line=$2 dir=$3 bc=$4
        set -f
        words=()
        for w in $line; do
            while [[ $w == *[=:]* ]]; do
                pre=${w%%[=:]*}
                [[ -n $pre ]] && words+=("$pre")
                words+=("${w:${#pre}:1}")
                w=${w:${#pre}+1}
            done
            [[ -n $w ]] && words+=("$w")
        done
        [[ $line == *" " ]] && words+=("")
        if [[ $mode == lazy ]]; then
            . "$bc" || exit 9
            __load_completion "${words[0]}" || exit 8
        else
            . "$dir/${words[0]}" || exit 9
        fi
        spec=$(complete -p "${words[0]}") || exit 8
        fn=${spec#*-F }
        fn=${fn%% *}
        COMP_WORDS=("${words[@]}") COMP_CWORD=$((${#words[@]} - 1)) COMP_LINE=$line COMP_POINT=${#line}
        COMPREPLY=()
        set +f
        "$fn" "${words[0]}" "${words[COMP_CWORD]}" "${words[COMP_CWORD - 1]}"
        printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " " | sed "s/ $//"
    ' offer "$1" "$2" "$share/bash-completion/completions" "$BC") </dev/null 2>&1
}
expect() { # MODE LINE OFFERS
    got=$(XDG_DATA_DIRS=$share offer "$1" "$2")
    if [ "$got" = "$3" ]; then tap ok "completions ($1): '$2' offers '$3'"
    else tap "not ok" "completions ($1): '$2' offers '$got', not '$3'"; fi
}

# Each file loads alone: the helpers it shares with the others are in it.
for f in "$share/bash-completion/completions"/*; do
    t=$(basename "$f")
    fn=$(printf '%s' "$t" | tr - _)
    got=$(cd "$work" && bash --norc --noprofile -c '. "$1" && complete -p "$2"' x "$f" "$t" 2>&1)
    if [ "$got" = "complete -F _$fn $t" ] && ! grep -q 'common\.sh"$' "$f"; then
        tap ok "completions: $t loads alone and completes with _$fn"
    else tap "not ok" "completions: $t alone: '$got'"; fi
done

# Lines that reach each shared helper (line parsing, file names, options)
# and the tools' own value lists; the same offers with and without
# bash-completion, except where a pattern filters: _filedir's, and the
# extended patterns, which need the extglob that bash-completion sets.
checks='agi-pack --profile 2.9|2.917 2.936
agi-pack --profile=2.9|2.917 2.936
agi-pack --no|--no-compress
agi-pack -o |kq1 sq2
agi-pack |kq1 sq2
agi-unpack --only logic,v|logic,view
agi-unpack --only logic:1|
agi-unpack --views cels,s|cels,sheets
agi-unpack -o s|sq2
gool-dis --ga|--game
gool-dis --game |1 2 3
pic-render --fr|--frames --from-start
pic-render --channel p|priority
pic-render --frames |kq1 sq2
rgm-dump --ass|--assemble
rgm-dump --assemble |kq1 m.rgmsrc sq2
riven-script --audio-format f|flac
save-inspect --profile 3|3.002.086 3.002.102 3.002.149
snd-render --format |flac ogg wav
snd-render k|kq1
snd-render --rate 4|44100 48000'
plain_only='pic-render -o |kq1 m.rgm m.rgmsrc notes sq2 t.mid t.wav
snd-render -o |kq1 m.rgm m.rgmsrc notes sq2 t.mid t.wav'
lazy_only='pic-render -o |kq1 m.rgm m.rgmsrc notes sq2 t.mid t.wav
snd-render -o |kq1 sq2 t.wav
snd-render --midi |kq1 sq2 t.mid
rgm-dump |kq1 m.rgm sq2'
run_checks() { # MODE LIST (read in this shell, so the count goes on)
    while IFS='|' read -r line offers; do expect "$1" "$line" "$offers"; done <<EOF
$2
EOF
}
run_checks plain "$checks"
run_checks plain "$plain_only"
if [ -f "$BC" ]; then
    run_checks lazy "$checks"
    run_checks lazy "$lazy_only"
else
    tap ok "# SKIP completions: no bash-completion at $BC (lazy loading not checked)"
fi

# zsh: compinit finds each installed function for its command.
if command -v zsh >/dev/null 2>&1; then
    for f in "$share/zsh/site-functions"/_*; do
        t=$(basename "$f" | sed 's/^_//')
        got=$(cd "$work" && HOME=$work zsh -f -c 'fpath=("$1" $fpath); autoload -Uz compinit; compinit -u -D; print -r -- ${_comps[$2]}' \
            x "$share/zsh/site-functions" "$t" 2>&1)
        if [ "$got" = "_$t" ]; then tap ok "completions (zsh): compinit gives $t to _$t"
        else tap "not ok" "completions (zsh): $t gets '$got'"; fi
    done
else
    tap ok "# SKIP completions: no zsh (zsh functions not loaded)"
fi
rm -rf "$work"
echo "1..$n"
