# bash completion for agi-pack(1), part of relic.
# Installed as share/bash-completion/completions/agi-pack; needs
# bash-completion for the full behaviour (a plain fallback is used without).

# The helpers shared by relic's completions; the build copies
# completions/common.sh in here, so the installed file loads alone.
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

_agi_pack()
{
    local cur prev words cword split=false
    _relic_comp_init -s || return

    local opts='-o --output --v3 --no-compress --keep-layout --max-volume --profile -v --verbose -q --quiet -h --help -V --version'
    local profiles='2.089 2.230 2.272 2.411 2.440 2.917 2.936 3.002.086 3.002.102 3.002.149'

    case $prev in
        -o | --output)
            _relic_comp_files -d
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

    # SRC_DIR
    _relic_comp_rest "$opts" -d
} &&
    complete -F _agi_pack agi-pack

# ex: filetype=sh
