# bash completion for rgm-dump(1), part of relic.
# Installed as share/bash-completion/completions/rgm-dump.

# The helpers shared by relic's completions; the build copies
# completions/common.sh in here, so the installed file loads alone.
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

_rgm_dump()
{
    local cur prev
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    local opts='-a --actor --strings --vars --attrs --placements -d --def --run --all --ticks --max-steps --task-length --seed --trace --assemble -o --output --json -v --verbose -q --quiet -h --help -V --version'
    case $prev in
        -a | --actor | --run)
            # NAME: an actor of the map given on the line.
            local map w
            for w in "${COMP_WORDS[@]}"; do
                [[ $w == *.[Rr][Gg][Mm] && -f $w ]] && map=$w
            done
            [[ -n $map ]] && COMPREPLY=($(compgen -W "$(rgm-dump "$map" --json 2>/dev/null |
                sed -n 's/^ *"name": "\(.*\)",\{0,1\}$/\1/p')" -- "$cur"))
            return
            ;;
        -d | --def | --trace | -o | --output)
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -f -- "$cur"))
            return
            ;;
        --ticks | --max-steps | --task-length | --seed)
            return
            ;;
        -h | --help | -V | --version)
            return
            ;;
    esac
    _relic_comp_options "$opts" && return
    # --assemble reads a map source, every other mode a map.
    if _relic_comp_has --assemble; then
        _relic_comp_matching '*.rgmsrc'
    else
        _relic_comp_matching '*.@(rgm|RGM)'
    fi
} &&
    complete -F _rgm_dump rgm-dump

# ex: filetype=sh
