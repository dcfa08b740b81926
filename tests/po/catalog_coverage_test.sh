#!/usr/bin/env bash
# Every message the sources mark for translation (scripts/i18n-pot.sh) must be in each shipped
# po/<lang>.po and translated there (not empty, not fuzzy): a string added to the report without
# a catalog entry fails here, listed, instead of printing English in a Czech report.
#   catalog_coverage_test.sh SOURCE_DIR
set -euo pipefail
src=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$src/scripts/i18n-pot.sh" "$work/wattbench.pot"
total=$(msgattrib --no-obsolete "$work/wattbench.pot" | grep -c '^msgid ' || true)
fail=0
shopt -s nullglob
catalogs=("$src"/po/*.po)
if [ ${#catalogs[@]} -eq 0 ]; then
  echo "no catalogs in $src/po" >&2
  exit 1
fi
for po in "${catalogs[@]}"; do
  lang=$(basename "$po" .po)
  msgmerge --quiet --no-fuzzy-matching --no-wrap "$po" "$work/wattbench.pot" -o "$work/$lang.po"
  # The header is the one entry with an empty msgid: everything after it is a message.
  untranslated=$(msgattrib --untranslated --no-obsolete --no-wrap --no-location "$work/$lang.po" |
    awk 'BEGIN { RS = ""; ORS = "\n\n" } NR > 1')
  fuzzy=$(msgattrib --only-fuzzy --no-obsolete --no-wrap --no-location "$work/$lang.po" |
    awk 'BEGIN { RS = ""; ORS = "\n\n" } NR > 1')
  stale=$(msgattrib --only-obsolete --no-wrap "$work/$lang.po" | grep -c '^#~ msgid ' || true)
  if [ -n "$untranslated" ]; then
    echo "po/$lang.po: missing or untranslated:"
    echo "$untranslated"
    fail=1
  fi
  if [ -n "$fuzzy" ]; then
    echo "po/$lang.po: fuzzy (needs review):"
    echo "$fuzzy"
    fail=1
  fi
  if [ "$stale" -gt 0 ]; then
    echo "po/$lang.po: note: $stale entries no source uses any more"
  fi
done
[ $fail -eq 0 ] && echo "every catalog translates all $((total - 1)) messages"
exit $fail
