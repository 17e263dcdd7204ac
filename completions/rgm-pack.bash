# bash completion for rgm-pack(1), part of relic.
# Installed as share/bash-completion/completions/rgm-pack.

_rgm_pack()
{
    local cur prev
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    case $prev in
        -o | --output | -d | --def)
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -f -- "$cur"))
            return
            ;;
        -h | --help | -V | --version)
            return
            ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W '-o --output -d --def -h --help -V --version' -- "$cur"))
        return
    fi
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -f -X '!*.rgmsrc' -- "$cur") $(compgen -d -- "$cur"))
} &&
    complete -F _rgm_pack rgm-pack

# ex: filetype=sh
