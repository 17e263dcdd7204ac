# bash completion for agi-pack(1), part of relic.
# Installed as share/bash-completion/completions/agi-pack; needs
# bash-completion for the full behaviour (a plain fallback is used without).

_agi_pack()
{
    local cur prev words cword split=false
    if declare -F _init_completion >/dev/null 2>&1; then
        _init_completion -s || return
    else
        # Words from the line itself, since readline also breaks words
        # at ':' and '='.
        local line=${COMP_LINE:0:COMP_POINT} rest
        cur=${line##*[[:space:]]}
        rest=${line%"$cur"}
        rest=${rest%"${rest##*[![:space:]]}"}
        prev=${rest##*[[:space:]]}
        if [[ $cur == --*=* ]]; then
            prev=${cur%%=*}
            cur=${cur#*=}
            split=true
        fi
    fi

    local opts='-o --output --v3 --no-compress --keep-layout --max-volume --profile -h --help -V --version'
    local profiles='2.089 2.230 2.272 2.411 2.440 2.917 2.936 3.002.086 3.002.102 3.002.149'

    case $prev in
        -o | --output)
            if declare -F _filedir >/dev/null 2>&1; then
                _filedir -d
            else
                compopt -o filenames 2>/dev/null
                COMPREPLY=($(compgen -d -- "$cur"))
            fi
            return
            ;;
        --v3)
            # PREFIX: 1-8 characters, free-form (KQ4 gives KQ4DIR, KQ4VOL.N).
            return
            ;;
        --max-volume)
            # BYTES: 64 to 1048575; offer the default.
            COMPREPLY=($(compgen -W '1048575' -- "$cur"))
            return
            ;;
        --profile)
            COMPREPLY=($(compgen -W "$profiles" -- "$cur"))
            return
            ;;
        -h | --help | -V | --version)
            return
            ;;
    esac

    $split && return

    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return
    fi

    # SRC_DIR
    if declare -F _filedir >/dev/null 2>&1; then
        _filedir -d
    else
        compopt -o filenames 2>/dev/null
        COMPREPLY=($(compgen -d -- "$cur"))
    fi
} &&
    complete -F _agi_pack agi-pack

# ex: filetype=sh
