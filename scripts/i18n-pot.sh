#!/usr/bin/env bash
# Extracts every message marked for translation (tr, tr_n, noop_tr in app/, the Qt GUI aside:
# it has its own .ts catalogs) into the .pot file OUT, with no creation date so that an
# unchanged source gives an unchanged file.
#   i18n-pot.sh OUT
set -euo pipefail
out=$1
cd "$(dirname "$0")/.."
find app -path app/gui -prune -o \( -name '*.cpp' -o -name '*.hpp' \) -print | LC_ALL=C sort |
    xgettext --files-from=- --output="$out" --language=C++ --from-code=UTF-8 \
        --keyword= --keyword=tr:2 --keyword=tr_n:2,3 --keyword=noop_tr:1 \
        --add-comments=TRANSLATORS: --sort-by-file --omit-header
