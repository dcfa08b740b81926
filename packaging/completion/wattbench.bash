# bash completion for wattbench and wattbench-gui
# Subcommands and options come from the program's own --help (read once per command path and
# kept for the shell session), so they follow the installed version; only option values are
# known here.

# Prints the subcommands (CLI11's "Subcommands:" section) or the options of one --help text.
_wattbench_help_words() {
    local what=$1
    if [[ $what == subcommands ]]; then
        awk '/^Subcommands:/ { on = 1; next } /^$/ { on = 0 } on && /^  [a-z]/ { print $1 }'
    else
        awk '/^  -/ { sub(/^  /, ""); split($0, cols, /  +/); print cols[1] }' |
            grep -oE '(^|[ ,])--?[A-Za-z0-9][-A-Za-z0-9]*' | sed -E 's/^[ ,]//'
    fi
}

declare -gA _wattbench_help_cache

# Prints the --help text of "PROGRAM PATH…", cached per path.
_wattbench_help() {
    local program=$1 path=$2
    local key="$program|$path"
    if [[ -z ${_wattbench_help_cache[$key]+set} ]]; then
        # shellcheck disable=SC2086 # the path is words
        # wattbench-gui needs a Qt platform even for --help; offscreen needs no display.
        _wattbench_help_cache[$key]=$(LC_ALL=C QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} \
            "$program" $path --help 2>/dev/null)
    fi
    printf '%s\n' "${_wattbench_help_cache[$key]}"
}

_wattbench() {
    local cur prev words cword
    _init_completion || return

    local program=${words[0]} path="" i sub subs
    # Walk down the subcommands already typed: "load cpu --workers 2 …" has the path "load cpu".
    for ((i = 1; i < cword; i++)); do
        sub=${words[i]}
        [[ $sub == -* ]] && continue
        subs=$(_wattbench_help "$program" "$path" | _wattbench_help_words subcommands)
        if grep -qxF -- "$sub" <<<"$subs"; then
            path="${path:+$path }$sub"
        fi
    done

    case $prev in
        --format | -f)
            mapfile -t COMPREPLY < <(compgen -W 'md csv json html pdf' -- "$cur")
            return
            ;;
        --lang)
            mapfile -t COMPREPLY < <(compgen -W 'en cs de ru' -- "$cur")
            return
            ;;
        --placement)
            mapfile -t COMPREPLY < <(compgen -W 'spread pack' -- "$cur")
            return
            ;;
        --kernel)
            mapfile -t COMPREPLY < <(compgen -W 'int fp' -- "$cur")
            return
            ;;
        --sync)
            mapfile -t COMPREPLY < <(compgen -W 'fsync direct none' -- "$cur")
            return
            ;;
        --out | --charts | --path | --cwd)
            _filedir -d
            return
            ;;
        -o)
            # report/compare: the output file; run/monitor: the run directory.
            case $path in
                report | compare) _filedir ;;
                *) _filedir -d ;;
            esac
            return
            ;;
        --output)
            _filedir
            return
            ;;
        --warmup | --window | --interval | --workers | --intensity | --only | --phase | \
            --device | --offset | --accuracy | --start-* | --end-* | --cpus | --file-size | \
            --max-space | --env | --redfish)
            return
            ;;
    esac

    local help
    help=$(_wattbench_help "$program" "$path")
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(_wattbench_help_words options <<<"$help")" -- "$cur")
        return
    fi
    subs=$(_wattbench_help_words subcommands <<<"$help")
    if [[ -n $subs ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$subs" -- "$cur")
        return
    fi
    case $path in
        run | validate | monitor)
            _filedir toml
            ;;
        report | compare | annotate | "import el4000")
            _filedir -d
            ;;
        "load command")
            mapfile -t COMPREPLY < <(compgen -c -- "$cur")
            ;;
    esac
}
complete -F _wattbench wattbench

_wattbench_gui() {
    local cur prev words cword
    _init_completion || return
    case $prev in
        --out)
            _filedir -d
            return
            ;;
        --screenshot)
            _filedir png
            return
            ;;
        --lang)
            mapfile -t COMPREPLY < <(compgen -W 'en cs de ru' -- "$cur")
            return
            ;;
        --warmup | --window | --quit-after | --size | --metrics-listen)
            return
            ;;
    esac
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(_wattbench_help "${words[0]}" "" |
            _wattbench_help_words options)" -- "$cur")
        return
    fi
    # A profile or a run directory.
    _filedir toml
}
complete -F _wattbench_gui wattbench-gui
