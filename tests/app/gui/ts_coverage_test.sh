#!/usr/bin/env bash
# Every string the GUI's sources pass to tr() must be translated in each shipped
# app/gui/translations/*.ts: lupdate brings a copy of each up to date with the sources (the
# same project file the wattbench-gui_lupdate target uses), and any entry it leaves unfinished
# or empty is listed by its source text, instead of the window showing English in Russian.
# English's catalog holds the plural strings alone (--plural-only: lupdate -pluralonly).
#   ts_coverage_test.sh [--plural-only] LUPDATE GENERATE_PROJECT.cmake PROJECT.cmake TS_FILE...
set -euo pipefail
only=()
if [ "$1" = --plural-only ]; then
  only=(-pluralonly)
  shift
fi
lupdate=$1
generate=$2
project=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake -DIN_FILE="$project" -DOUT_FILE="$work/project.json" -P "$generate"
copies=()
for ts in "$@"; do
  cp "$ts" "$work/"
  copies+=("$work/$(basename "$ts")")
done
"$lupdate" -silent -project "$work/project.json" "${only[@]}" -locations none -no-obsolete -ts "${copies[@]}"
fail=0
for ts in "${copies[@]}"; do
  # One line per message: its context and source, then "MISSING" when the translation is
  # unfinished or a form of it is empty.
  missing=$(awk '
    /<name>/ { ctx = $0; gsub(/.*<name>|<\/name>.*/, "", ctx) }
    /<message/ { src = ""; bad = 0; insrc = 0 }
    /<source>/ { insrc = 1; src = "" }
    insrc { line = $0; gsub(/.*<source>|<\/source>.*/, "", line); src = src (src == "" ? "" : "\\n") line }
    /<\/source>/ { insrc = 0 }
    /type="unfinished"/ || /<translation><\/translation>/ || /<translation\/>/ ||
      /<numerusform><\/numerusform>/ || /<numerusform\/>/ { bad = 1 }
    /<\/message>/ { if (bad) print ctx ": " src }
  ' "$ts")
  total=$(grep -c '<message' "$ts" || true)
  if [ -n "$missing" ]; then
    echo "app/gui/translations/$(basename "$ts"): untranslated:"
    echo "$missing"
    fail=1
  else
    echo "$(basename "$ts"): all $total messages translated"
  fi
done
exit $fail
