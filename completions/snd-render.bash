# bash completion for snd-render(1), part of relic.
# Installed as share/bash-completion/completions/snd-render; needs
# bash-completion for the full behaviour (a plain fallback is used without).

_snd_render()
{
    local cur prev words cword split=false
    if declare -F _init_completion >/dev/null 2>&1; then
        _init_completion -s || return
    else
        cur=${COMP_WORDS[COMP_CWORD]}
        prev=${COMP_WORDS[COMP_CWORD - 1]}
    fi

    local profiles='2.089 2.230 2.272 2.411 2.440 2.917 2.936 3.002.086 3.002.102 3.002.149'
    local opts='-o --output --format --file --events --midi --profile --device --selector --adjust --rate
        --channels --gain --loop --noise-bits --max-seconds -j --json -h --help -V --version'

    _snd_render_files()
    {
        if declare -F _filedir >/dev/null 2>&1; then
            _filedir "$1"
        else
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
    }

    case $prev in
        -o | --output) _snd_render_files '@(wav|flac|ogg|oga)'; return ;;
        --events) _snd_render_files json; return ;;
        --midi) _snd_render_files '@(mid|midi)'; return ;;
        --file) _snd_render_files; return ;;
        --profile) COMPREPLY=($(compgen -W "$profiles" -- "$cur")); return ;;
        --device) COMPREPLY=($(compgen -W 'pcjr speaker' -- "$cur")); return ;;
        --format) COMPREPLY=($(compgen -W 'wav flac ogg' -- "$cur")); return ;;
        --channels) COMPREPLY=($(compgen -W '1 2' -- "$cur")); return ;;
        --noise-bits) COMPREPLY=($(compgen -W '15 16' -- "$cur")); return ;;
        --rate) COMPREPLY=($(compgen -W '22050 44100 48000 96000' -- "$cur")); return ;;
        --selector | --adjust | --gain | --loop | --max-seconds | -h | --help | -V | --version) return ;;
    esac

    $split && return

    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return
    fi

    # GAME_DIR (the sound number is free-form)
    if declare -F _filedir >/dev/null 2>&1; then
        _filedir -d
    else
        compopt -o filenames 2>/dev/null
        COMPREPLY=($(compgen -d -- "$cur"))
    fi
} &&
    complete -F _snd_render snd-render

# ex: filetype=sh
