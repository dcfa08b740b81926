#!/usr/bin/env bash
# Sources the bash completion as bash-completion would and checks what TAB offers.
#   completion_test.sh COMPLETION_FILE WATTBENCH_BIN [WATTBENCH_GUI_BIN]
set -uo pipefail
completion=$1
bin=$2
gui=${3:-}

# shellcheck disable=SC1091
source /usr/share/bash-completion/bash_completion || {
    echo "bash-completion is not installed (/usr/share/bash-completion/bash_completion)"
    exit 1
}
# shellcheck disable=SC1090
source "$completion"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/cwd/runs/a" "$work/cwd/profiles"
ln -s "$(realpath "$bin")" "$work/bin/wattbench"
[ -n "$gui" ] && ln -s "$(realpath "$gui")" "$work/bin/wattbench-gui"
touch "$work/cwd/demo.toml" "$work/cwd/notes.txt" "$work/cwd/profiles/x.toml"
export PATH="$work/bin:$PATH"
cd "$work/cwd" || exit 1

# Prints the sorted completions of a command line (the cursor at its end).
complete_line() {
    local line=$1
    COMP_LINE=$line
    COMP_POINT=${#line}
    read -ra COMP_WORDS <<<"$line"
    [[ $line == *' ' ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    local fn
    fn=$(complete -p "${COMP_WORDS[0]}" | sed -E 's/.*-F ([^ ]+).*/\1/')
    "$fn" "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
}

failures=0
checks=0
expect() {
    local line=$1 want=$2 got
    got=$(complete_line "$line")
    checks=$((checks + 1))
    if [ "$got" != "$want" ]; then
        echo "FAIL '$line<TAB>': got [$got], want [$want]"
        failures=$((failures + 1))
    fi
}
# Like expect, but the completions need only include these words.
expect_has() {
    local line=$1 word got
    shift
    got=" $(complete_line "$line") "
    checks=$((checks + 1))
    for word in "$@"; do
        if [[ $got != *" $word "* ]]; then
            echo "FAIL '$line<TAB>': [$got] lacks $word"
            failures=$((failures + 1))
        fi
    done
}

subcommands=$(wattbench --help | awk '/^Subcommands:/ { on = 1; next } /^$/ { on = 0 }
    on && /^  [a-z]/ { print $1 }' | sort | tr '\n' ' ' | sed 's/ $//')
expect "wattbench " "$subcommands"
expect_has "wattbench " run validate monitor report compare devices load import annotate
expect "wattbench r" "report run"
expect "wattbench run --w" "--warmup --window"
expect "wattbench run --o" "--only --out"
expect "wattbench run " "demo.toml profiles runs"
expect "wattbench validate p" "profiles"
expect "wattbench validate profiles/" "profiles/x.toml"
expect "wattbench run demo.toml --out " "profiles runs"
expect "wattbench report " "profiles runs"
expect "wattbench report runs/" "runs/a"
expect "wattbench report runs/a --format " "csv html json md pdf"
expect "wattbench report runs/a -f j" "json"
expect "wattbench report runs/a -o " "demo.toml notes.txt profiles runs"
expect "wattbench compare runs/a " "profiles runs"
expect "wattbench load " "command cpu disk idle probe"
expect_has "wattbench load cpu --" --workers --placement --intensity --kernel --interval --cpus
expect "wattbench load cpu --workers 2 --placement " "pack spread"
expect "wattbench load cpu --kernel " "fp int"
expect "wattbench load disk --sync " "direct fsync none"
expect "wattbench import " "el4000"
expect "wattbench import el4000 " "profiles runs"
expect "wattbench devices --" "--help --redfish --scan"
expect "wattbench --ver" "--version"
if [ -n "$gui" ]; then
    expect "wattbench-gui --s" "--screenshot --size --start"
    expect "wattbench-gui " "demo.toml profiles runs"
    expect "wattbench-gui demo.toml --screenshot " "profiles runs"
fi

if [ "$failures" -ne 0 ]; then
    echo "$failures of $checks completion checks failed"
    exit 1
fi
echo "$checks completion checks passed"
