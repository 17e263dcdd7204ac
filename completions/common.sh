# Helpers shared by relic's bash completions.  The build copies this file
# into each tool's completion (build/completions/TOOL, in place of the line
# that sources it), so an installed completion loads alone when
# bash-completion's lazy loader sources it by the command's name.  Each
# helper uses bash-completion where it is loaded and plain compgen where it
# is not; they set the caller's cur, prev, words, cword, split and COMPREPLY.

# _init_completion with the arguments given.  Without bash-completion the
# words come from the line itself, since readline also breaks words at ':'
# and '=' (an --opt=value counts as split, as with -s).
_relic_comp_init()
{
    if declare -F _init_completion >/dev/null 2>&1; then
        _init_completion "$@"
        return
    fi
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
}

# _init_completion with the arguments given.  Without bash-completion the
# words are the ones readline made (split at ':' and '=' too).
_relic_comp_init_words()
{
    if declare -F _init_completion >/dev/null 2>&1; then
        _init_completion "$@"
        return
    fi
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    words=("${COMP_WORDS[@]}")
    cword=$COMP_CWORD
}

# File names: with -d directories only, else files (with bash-completion,
# those that match the extended pattern given, as _filedir does).  Without
# bash-completion every file is offered.
_relic_comp_files()
{
    if declare -F _filedir >/dev/null 2>&1; then
        _filedir "$@"
        return
    fi
    compopt -o filenames 2>/dev/null
    if [[ ${1-} == -d ]]; then
        COMPREPLY=($(compgen -d -- "$cur"))
    else
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}

# The options given when the word starts with '-'; false otherwise, so the
# caller goes on to its operands.
_relic_comp_options()
{
    [[ $cur == -* ]] || return 1
    COMPREPLY=($(compgen -W "$1" -- "$cur"))
}

# What follows the options' values: nothing after an --opt=value, the
# options OPTS for a word that starts with '-', else the file names that
# _relic_comp_files gives for the other arguments.
_relic_comp_rest()
{
    local opts=$1
    shift
    $split && return
    _relic_comp_options "$opts" && return
    _relic_comp_files "$@"
}

# Whether the line holds the word given (a mode option, say).
_relic_comp_has()
{
    local w
    for w in "${COMP_WORDS[@]}"; do
        [[ $w == "$1" ]] && return
    done
    return 1
}

# Files whose names match the extended pattern given (every file where it
# is empty), and directories.
_relic_comp_matching()
{
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -f ${1:+-X "!$1"} -- "$cur") $(compgen -d -- "$cur"))
}
