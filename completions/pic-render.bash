# bash completion for pic-render(1), part of relic.
# Installed as share/bash-completion/completions/pic-render; needs
# bash-completion for the full behaviour (a plain fallback is used without).

# The helpers shared by relic's completions; the build copies
# completions/common.sh in here, so the installed file loads alone.
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

_pic_render()
{
    local cur prev words cword split=false
    _relic_comp_init_words -s || return

    local profiles='2.089 2.230 2.272 2.411 2.440 2.917 2.936 3.002.086 3.002.102 3.002.149 3.002.149-gr'
    local opts='-o --output -f --file -c --channel -s --scale -a --aspect --profile --steps
                --overlay --raw --sha256 --animate --every --delay --json -v --verbose -q --quiet -h --help -V --version
                --room --from-start --tick --input --seed --state --frames --gif --bundle --case --save --compare --screen --font --cyrillic-font --audio --restore --save-dir --device --sampling --audio-channels'

    case $prev in
        -o | --output | --raw | --animate | --gif | -f | --file | --input | --state | --bundle | --save | --screen | --font | --cyrillic-font | --audio | --restore)
            _relic_comp_files
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
        --sampling)
            COMPREPLY=($(compgen -W 'point box' -- "$cur"))
            return
            ;;
        --audio-channels)
            COMPREPLY=($(compgen -W '2 1' -- "$cur"))
            return
            ;;
        --device)
            COMPREPLY=($(compgen -W 'tandy pcjr speaker' -- "$cur"))
            return
            ;;
        --frames | --save-dir)
            _relic_comp_files -d
            return
            ;;
        -s | --scale | --steps | --every | --delay | --overlay | --room | --tick | --seed | --case | -h | --help | -V | --version)
            return
            ;;
    esac

    # GAME_DIR, then the picture number (free-form)
    _relic_comp_rest "$opts" -d
} &&
    complete -F _pic_render pic-render

# ex: filetype=sh
