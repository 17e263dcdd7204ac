# bash completion for riven-script(1), part of relic.
# Installed as share/bash-completion/completions/riven-script.

# The helpers shared by relic's completions; the build copies
# completions/common.sh in here, so the installed file loads alone.
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

_riven_script()
{
    local cur prev
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    local opts='-l --list -a --all -c --card -H --hotspot -x --extract --only --raw-only -j --jobs
                --audio-format -r --run -k --click --vars -t --trace --max-steps --screen --frames
                --build -o --output --json -v --verbose -q --quiet -h --help -V --version'
    case $prev in
        -x | --extract | --frames)
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -d -- "$cur"))
            return
            ;;
        --audio-format)
            COMPREPLY=($(compgen -W 'wav flac' -- "$cur"))
            return
            ;;
        --only)
            COMPREPLY=($(compgen -W 'tBMP tWAV CARD HSPT NAME PLST BLST FLST MLST SLST SFXE RMAP' -- "$cur"))
            return
            ;;
        --vars | -t | --trace | -o | --output | --screen)
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -f -- "$cur"))
            return
            ;;
        -c | --card | -H | --hotspot | -k | --click | --max-steps | -j | --jobs | -h | --help | -V | --version)
            return
            ;;
    esac
    _relic_comp_options "$opts" && return
    # --build reads a text manifest (any name), every other mode archives.
    if _relic_comp_has --build; then
        _relic_comp_matching ''
    else
        _relic_comp_matching '*.@(MHK|mhk|rvn)'
    fi
} &&
    complete -F _riven_script riven-script

# ex: filetype=sh
