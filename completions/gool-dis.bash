# bash completion for gool-dis(1), part of relic.
# Installed as share/bash-completion/completions/gool-dis.

# The helpers shared by relic's completions; the build copies
# completions/common.sh in here, so the installed file loads alone.
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

_gool_dis()
{
    local cur prev
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    local opts='-e --entry -a --all -g --game --code --pool --assemble -o --output -r --run --state --frames
                --event --max-steps --seed --trace --addresses --json -v --verbose -q --quiet -h --help -V --version'
    case $prev in
        -g | --game)
            COMPREPLY=($(compgen -W '1 2 3' -- "$cur"))
            return
            ;;
        -e | --entry | --state | --frames | --event | --max-steps | --seed)
            return
            ;;
        --code | --pool | -o | --output | --trace)
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -f -- "$cur"))
            return
            ;;
    esac
    _relic_comp_options "$opts" && return
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -f -- "$cur"))
} &&
    complete -F _gool_dis gool-dis

# ex: filetype=sh
