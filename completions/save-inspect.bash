# bash completion for save-inspect(1), part of relic.
# Installed as share/bash-completion/completions/save-inspect; needs
# bash-completion for the full behaviour (a plain fallback is used without).

# The helpers shared by relic's completions; the build copies
# completions/common.sh in here, so the installed file loads alone.
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

_save_inspect()
{
    local cur prev words cword split=false
    COMPREPLY=()
    _relic_comp_init_words -s || return

    local profiles='2.089 2.230 2.272 2.411 2.440 2.917 2.936 3.002.086 3.002.102 3.002.149'
    local cmd='' i
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
            diff | set | validate) cmd=${words[i]}; break ;;
            -*) ;;
            *) break ;;
        esac
    done

    case $prev in
        -g | --game)
            if declare -F _filedir >/dev/null 2>&1; then _filedir -d; else COMPREPLY=($(compgen -d -- "$cur")); fi
            return
            ;;
        -o | --output)
            if declare -F _filedir >/dev/null 2>&1; then _filedir; else COMPREPLY=($(compgen -f -- "$cur")); fi
            return
            ;;
        --profile)
            COMPREPLY=($(compgen -W "$profiles" -- "$cur"))
            return
            ;;
        -i | --ignore)
            COMPREPLY=($(compgen -W '/timer_ticks /variables/ /flags/ /objects/ /inventory/ /replay /strings/ /logic_resume /description /zip_modes /variable_state /version' -- "$cur"))
            compopt -o nospace 2>/dev/null
            return
            ;;
        -h | --help | -V | --version)
            return
            ;;
    esac
    $split && return

    local opts
    case $cmd in
        diff) opts='--json -i --ignore -a --all --profile -v --verbose -q --quiet -h --help' ;;
        set) opts='-o --output --in-place --profile -v --verbose -q --quiet -h --help' ;;
        validate) opts='--json -g --game --profile -v --verbose -q --quiet -h --help' ;;
        *) opts='--json -g --game --profile -v --verbose -q --quiet -h --help -V --version' ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return
    fi
    if [[ -z $cmd && $cword -eq 1 ]]; then
        COMPREPLY=($(compgen -W 'diff set validate' -- "$cur"))
    fi
    if [[ $cmd == set && $cur == */* && $cur != ./* && $cur != ../* ]]; then
        COMPREPLY+=($(compgen -W '/variables/v /flags/f /strings/ /inventory/ /objects/ /keys/ /signature= /description=' -- "$cur"))
        compopt -o nospace 2>/dev/null
        return
    fi
    if declare -F _filedir >/dev/null 2>&1; then
        local keep=("${COMPREPLY[@]}")
        _filedir
        COMPREPLY=("${keep[@]}" "${COMPREPLY[@]}")
    else
        COMPREPLY+=($(compgen -f -- "$cur"))
    fi
} &&
    complete -F _save_inspect save-inspect

# ex: filetype=sh
