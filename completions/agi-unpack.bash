# bash completion for agi-unpack(1), part of relic.
# Installed as share/bash-completion/completions/agi-unpack; needs
# bash-completion for the full behaviour (a plain fallback is used without).

# The helpers shared by relic's completions; the build copies
# completions/common.sh in here, so the installed file loads alone.
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

_agi_unpack()
{
    local cur prev words cword split=false
    # -n : keeps "logic:12" one word; -s splits --opt=value.
    _relic_comp_init -s -n : || return

    local kinds='logic picture view sound'
    local profiles='2.089 2.230 2.272 2.411 2.440 2.917 2.936 3.002.086 3.002.102 3.002.149'
    local opts='-o --output -l --list --only --profile --sounds --asm --raw --scale --aspect --fps --palette --views -j --jobs --json -v --verbose -q --quiet -h --help -V --version'

    case $prev in
        -o | --output)
            _relic_comp_files -d
            return
            ;;
        --only)
            # KIND[:NNN][,KIND[:NNN]...]: complete the kind after the last
            # comma; a resource number after ':' is free-form.
            local head='' last=$cur
            if [[ $cur == *,* ]]; then
                head=${cur%,*},
                last=${cur##*,}
            fi
            [[ $last == *:* ]] && return
            COMPREPLY=($(compgen -P "$head" -W "$kinds" -- "$last"))
            compopt -o nospace 2>/dev/null
            # readline replaces only the text after the last ':'.
            if [[ $cur == *:* ]]; then
                local strip=${cur%"${cur##*:}"}
                COMPREPLY=("${COMPREPLY[@]#"$strip"}")
            fi
            return
            ;;
        --profile)
            COMPREPLY=($(compgen -W "$profiles" -- "$cur"))
            return
            ;;
        --views)
            # FORM[,FORM...]: complete the form after the last comma.
            local head='' last=$cur
            if [[ $cur == *,* ]]; then
                head=${cur%,*},
                last=${cur##*,}
            fi
            COMPREPLY=($(compgen -P "$head" -W 'cels sheets gifs none' -- "$last"))
            compopt -o nospace 2>/dev/null
            return
            ;;
        --aspect)
            COMPREPLY=($(compgen -W '1:1 2:1 4:3' -- "$cur"))
            return
            ;;
        --scale | --fps | --palette | -j | --jobs | -h | --help | -V | --version)
            return
            ;;
    esac

    # GAME_DIR
    _relic_comp_rest "$opts" -d
} &&
    complete -F _agi_unpack agi-unpack

# ex: filetype=sh
