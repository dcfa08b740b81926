#!/usr/bin/env bash
# Keeps a man page in step with the program's --help: every subcommand and option --help shows
# has its entry in the page, and the page documents nothing --help lacks. On a mismatch it lists
# each one, so whoever adds or renames an option knows which page lines to write.
#   man_help_sync_test.sh PROGRAM PAGE.scd
# Options count where the page defines them: a line starting with *-…*, under the heading
# "## PROGRAM SUB …" of their subcommand (top-level options under any "# " section).
set -euo pipefail
program=$1
page=$2
name=$(basename "$program")

# Prints the option names of one --help text (CLI11 "  -o,--out TEXT", Qt "  -o, --out <DIR>").
help_options() {
    awk '/^  -/ { sub(/^  /, ""); split($0, cols, /  +/); print cols[1] }' |
        grep -oE '(^|[ ,])--?[A-Za-z0-9][-A-Za-z0-9]*' | sed -E 's/^[ ,]//'
}

# Prints the subcommands a CLI11 --help lists.
help_subcommands() {
    awk '/^Subcommands:/ { on = 1; next } /^$/ { on = 0 } on && /^  [a-z]/ { print $1 }'
}

from_help=$(mktemp)
from_page=$(mktemp)
trap 'rm -f "$from_help" "$from_page"' EXIT

walk() {
    local path=$1 text
    # shellcheck disable=SC2086 # the path is words
    text=$("$program" $path --help 2>&1) || {
        echo "'$name $path --help' failed:" >&2
        echo "$text" >&2
        exit 1
    }
    echo "command	$path" >>"$from_help"
    while read -r opt; do
        # Every subcommand repeats -h/--help; the page documents them once, at the top.
        if [ -n "$path" ] && { [ "$opt" = -h ] || [ "$opt" = --help ]; }; then
            continue
        fi
        echo "option	${path:+$path }$opt" >>"$from_help"
    done < <(help_options <<<"$text")
    local sub
    for sub in $(help_subcommands <<<"$text"); do
        walk "${path:+$path }$sub"
    done
}
walk ""

awk -v prog="$name" '
    BEGIN { print "command\t" }
    /^## / {
        if ($2 == prog) { key = substr($0, length("## " prog) + 2); print "command\t" key }
        next
    }
    /^# / { key = ""; next }
    /^\*-/ {
        line = $0
        while (match(line, /\*-[-A-Za-z0-9]+\*/)) {
            print "option\t" (key == "" ? "" : key " ") substr(line, RSTART + 1, RLENGTH - 2)
            line = substr(line, RSTART + RLENGTH)
        }
    }' "$page" >"$from_page"

missing=$(sort -u "$from_help" | comm -23 - <(sort -u "$from_page"))
extra=$(sort -u "$from_page" | comm -23 - <(sort -u "$from_help"))
status=0
if [ -n "$missing" ]; then
    echo "$page lacks what '$name --help' shows (add a '## $name SUB' heading per command, a '*--option*' line per option):"
    sed -E "s/^command\t(.*)/  command: $name \1/; s/^option\t(.*)/  option:  $name \1/" <<<"$missing"
    status=1
fi
if [ -n "$extra" ]; then
    echo "$page documents what '$name --help' does not have (remove or rename):"
    sed -E "s/^command\t(.*)/  command: $name \1/; s/^option\t(.*)/  option:  $name \1/" <<<"$extra"
    status=1
fi
if [ "$status" -eq 0 ]; then
    echo "$page: $(grep -c '^command' "$from_help") commands and $(grep -c '^option' "$from_help") options in step with --help"
fi
exit "$status"
