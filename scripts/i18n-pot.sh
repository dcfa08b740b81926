#!/usr/bin/env bash
# Extracts every message marked for translation (tr, tr_n, trf, trf_n, noop_tr, noop_tr_n, and
# markup, markup_n: a message with Markdown emphasis made into spans, in app/, the Qt GUI aside:
# it has its own .ts catalogs) into the .pot file OUT, with no creation date so that an
# unchanged source gives an unchanged file. Messages are fmt templates ("{}"), never printf
# ones, so no "%" makes one a c-format message.
#   i18n-pot.sh OUT
set -euo pipefail
out=$1
cd "$(dirname "$0")/.."
find app -path app/gui -prune -o \( -name '*.cpp' -o -name '*.hpp' \) -print | LC_ALL=C sort |
    xgettext --files-from=- --output="$out" --language=C++ --from-code=UTF-8 \
        --keyword= --keyword=tr:2 --keyword=tr_n:2,3 --keyword=trf:2 --keyword=trf_n:2,3 \
        --keyword=noop_tr:1 --keyword=noop_tr_n:1,2 --keyword=markup:2 --keyword=markup_n:2,3 \
        --flag=tr:2:no-c-format --flag=tr_n:2:no-c-format --flag=tr_n:3:no-c-format \
        --flag=trf:2:no-c-format --flag=trf_n:2:no-c-format --flag=trf_n:3:no-c-format \
        --flag=noop_tr:1:no-c-format --flag=noop_tr_n:1:no-c-format \
        --flag=noop_tr_n:2:no-c-format --flag=markup:2:no-c-format \
        --flag=markup_n:2:no-c-format --flag=markup_n:3:no-c-format \
        --package-name=wattbench --add-comments=TRANSLATORS: --sort-by-file
# The header's charset line keeps UTF-8 messages intact; its date would change every run.
sed -i '/^"POT-Creation-Date:/d' "$out"
