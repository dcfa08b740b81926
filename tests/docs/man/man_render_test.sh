#!/usr/bin/env bash
# Renders every built man page as man(1) would and fails on any warning groff or man prints.
#   man_render_test.sh BUILT_MAN_DIR
set -euo pipefail
dir=$1
status=0
count=0
for page in "$dir"/*.[0-9]; do
    [ -e "$page" ] || { echo "no man pages in $dir (build the man_pages target)"; exit 1; }
    count=$((count + 1))
    warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
    if [ -n "$warnings" ]; then
        echo "$(basename "$page"):"
        echo "$warnings"
        status=1
    fi
    if ! LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$page" 2>/dev/null | grep -q '^NAME'; then
        echo "$(basename "$page"): no NAME section in the rendered page"
        status=1
    fi
done
[ "$status" -eq 0 ] && echo "$count man pages render without warnings"
exit "$status"
