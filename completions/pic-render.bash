# bash completion for pic-render(1), part of relic.
# Installed as share/bash-completion/completions/pic-render; needs
# bash-completion for the full behaviour (a plain fallback is used without).

_pic_render()
{
    local cur prev words cword split=false
    if declare -F _init_completion >/dev/null 2>&1; then
        _init_completion -s || return
    else
        cur=${COMP_WORDS[COMP_CWORD]}
        prev=${COMP_WORDS[COMP_CWORD - 1]}
    fi

    local profiles='2.089 2.230 2.272 2.411 2.440 2.917 2.936 3.002.086 3.002.102 3.002.149 3.002.149-gr'
    local opts='-o --output -f --file -c --channel -s --scale -a --aspect --profile --steps
                --overlay --raw --sha256 --animate --every --delay -j --json -h --help -V --version
                --room --from-start --tick --input --seed --state --frames --bundle --case --save --compare --screen --font --audio --restore --save-dir'

    case $prev in
        -o | --output | --raw | --animate | -f | --file | --input | --state | --bundle | --save | --screen | --font | --audio | --restore)
            if declare -F _filedir >/dev/null 2>&1; then
                _filedir
            else
                compopt -o filenames 2>/dev/null
                COMPREPLY=($(compgen -f -- "$cur"))
            fi
            return
            ;;
        -a | --aspect)
            COMPREPLY=($(compgen -W '2:1 4:3' -- "$cur"))
            return
            ;;
        -c | --channel)
            COMPREPLY=($(compgen -W 'visual priority both' -- "$cur"))
            return
            ;;
        --profile)
            COMPREPLY=($(compgen -W "$profiles" -- "$cur"))
            return
            ;;
        --frames | --save-dir)
            if declare -F _filedir >/dev/null 2>&1; then
                _filedir -d
            else
                compopt -o filenames 2>/dev/null
                COMPREPLY=($(compgen -d -- "$cur"))
            fi
            return
            ;;
        -s | --scale | --steps | --every | --delay | --overlay | --room | --tick | --seed | --case | -h | --help | -V | --version)
            return
            ;;
    esac

    $split && return

    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return
    fi

    # GAME_DIR, then the picture number (free-form)
    if declare -F _filedir >/dev/null 2>&1; then
        _filedir -d
    else
        compopt -o filenames 2>/dev/null
        COMPREPLY=($(compgen -d -- "$cur"))
    fi
} &&
    complete -F _pic_render pic-render

# ex: filetype=sh
