#!/usr/bin/env bash
# `wattbench workload list` shows every recipe of workloads/ with what it installs (its
# debian-packages), what it scores and its options; every recipe folder has its README and
# package list. A broken recipe on the search path is named with its file and line (exit 2).
#   recipe_list_test.sh WATTBENCH SOURCE_DIR
set -euo pipefail
wattbench=$1
source_dir=$2
# shellcheck source=tests/workloads/recipe_test_lib.sh
. "$source_dir/tests/workloads/recipe_test_lib.sh"
setup_scratch

out=$(WATTBENCH_WORKLOADS="$source_dir/workloads" "$wattbench" workload list) ||
    fail "workload list exited with $?"
expect() {
    grep -qF -- "$1" <<<"$out" || { echo "$out" >&2; fail "workload list lacks: $1"; }
}
for recipe in web database samba mediawiki; do
    expect "$(printf '%s\n  ' "$recipe")"
    expect "folder:   $source_dir/workloads/$recipe"
    for f in README.md debian-packages recipe.toml; do
        [ -s "$source_dir/workloads/$recipe/$f" ] || fail "workloads/$recipe/$f is missing"
    done
done
expect "installs: nginx-light wrk"
expect "installs: samba samba-testsuite dbench"
expect "scores:   req/s"
expect "scores:   tps"
expect "scores:   MB/s"
expect "clients = 12"
expect "target_cpu = 0"
[ "$(grep -c '^[a-z]' <<<"$out")" = 4 ] || { echo "$out" >&2; fail "not 4 recipes"; }

status=0
WATTBENCH_WORKLOADS="$source_dir/tests/app/core/profile/fixtures/workloads" "$wattbench" \
    workload list >"$scratch/out.txt" 2>&1 || status=$?
[ $status = 2 ] || { cat "$scratch/out.txt" >&2; fail "a broken recipe gave exit $status, not 2"; }
grep -q 'broken/recipe.toml:[0-9]*:[0-9]*: .*hlep' "$scratch/out.txt" ||
    { cat "$scratch/out.txt" >&2; fail "the broken recipe is not located"; }
echo "ok"
