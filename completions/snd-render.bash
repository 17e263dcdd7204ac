# bash completion for snd-render(1), part of relic.
# Installed as share/bash-completion/completions/snd-render; needs
# bash-completion for the full behaviour (a plain fallback is used without).

# The helpers shared by relic's completions; the build copies
# completions/common.sh in here, so the installed file loads alone.
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

_snd_render()
{
    local cur prev words cword split=false
    _relic_comp_init_words -s || return

    local profiles='2.089 2.230 2.272 2.411 2.440 2.917 2.936 3.002.086 3.002.102 3.002.149'
    local opts='-o --output --format --file --events --midi --profile --device --selector --adjust --rate
        --channels --gain --loop --noise-bits --sampling --max-seconds --json -v --verbose -q --quiet -h --help -V --version'

    case $prev in
        -o | --output) _relic_comp_files '@(wav|flac|ogg|oga)'; return ;;
        --events) _relic_comp_files json; return ;;
        --midi) _relic_comp_files '@(mid|midi)'; return ;;
        --file) _relic_comp_files; return ;;
        --profile) COMPREPLY=($(compgen -W "$profiles" -- "$cur")); return ;;
        --device) COMPREPLY=($(compgen -W 'pcjr tandy speaker' -- "$cur")); return ;;
        --format) COMPREPLY=($(compgen -W 'wav flac ogg' -- "$cur")); return ;;
        --channels) COMPREPLY=($(compgen -W '1 2' -- "$cur")); return ;;
        --noise-bits) COMPREPLY=($(compgen -W '15 16' -- "$cur")); return ;;
        --sampling) COMPREPLY=($(compgen -W 'box point' -- "$cur")); return ;;
        --rate) COMPREPLY=($(compgen -W '22050 44100 48000 96000' -- "$cur")); return ;;
        --selector | --adjust | --gain | --loop | --max-seconds | -h | --help | -V | --version) return ;;
    esac

    # GAME_DIR (the sound number is free-form)
    _relic_comp_rest "$opts" -d
} &&
    complete -F _snd_render snd-render

# ex: filetype=sh
