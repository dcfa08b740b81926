#!/usr/bin/env bash
# One recipe end to end on loopback, real server and real client, in a short window:
#   recipe_e2e_test.sh WATTBENCH SOURCE_DIR RECIPE WARMUP WINDOW CPU_MIN CPU_MAX [OPTION_LINE...]
# The score must be parsed and positive, the CPU utilisation within [CPU_MIN, CPU_MAX] %,
# every process, port and phase file gone afterwards, and /etc untouched.
set -euo pipefail
wattbench=$1
source_dir=$2
recipe=$3
warmup=$4
window=$5
cpu_min=$6
cpu_max=$7
shift 7
# shellcheck source=tests/workloads/recipe_test_lib.sh
. "$source_dir/tests/workloads/recipe_test_lib.sh"
setup_scratch
export WATTBENCH_WORKLOADS="$source_dir/workloads"
run_dir=$scratch/run

phase=$(printf '[[phase]]\nname = "%s"\nload = "command"\nrecipe = "%s"\n' "$recipe" "$recipe")
for line in "$@"; do
    phase+=$'\n'$line
done
write_profile "$scratch/p.toml" "$warmup" "$window" "$phase"

etc_snapshot >"$scratch/etc.before"
dpkg_before=$(stat -c %Y /var/lib/dpkg/status)
started=$(date +%s)
"$wattbench" run "$scratch/p.toml" --out "$run_dir" >"$scratch/out.txt" 2>&1 ||
    { cat "$scratch/out.txt" >&2; fail "wattbench run failed"; }
echo "run took $(($(date +%s) - started)) s"

score=$(jq -r --arg p "$recipe" '.phases[] | select(.name == $p) | .score.value // empty' \
    "$run_dir/manifest.json")
unit=$(jq -r --arg p "$recipe" '.phases[] | select(.name == $p) | .score.unit // empty' \
    "$run_dir/manifest.json")
[ -n "$score" ] || fail "no score in the manifest"
awk -v s="$score" 'BEGIN { exit !(s > 0) }' || fail "score $score is not positive"
echo "score: $score $unit"

cpu=$(phase_mean "$run_dir" "$recipe" host cpu_util)
[ -n "$cpu" ] || fail "no host/cpu_util mean"
awk -v c="$cpu" -v lo="$cpu_min" -v hi="$cpu_max" 'BEGIN { exit !(c >= lo && c <= hi) }' ||
    fail "CPU utilisation $cpu % outside $cpu_min … $cpu_max %"
echo "cpu_util: $cpu %"
# A paced recipe's log says where its pacer got to; shown so that a passing run says it too.
grep -h '\] pacer:' "$run_dir/logs/"*.log 2>/dev/null || true

# Into a file: grep -q stopping early would end the report with SIGPIPE, failing the pipe.
"$wattbench" report "$run_dir" --format md >"$scratch/report.md" || fail "wattbench report failed"
grep -q "Score per watt \[$unit/W\]" "$scratch/report.md" || fail "the report has no score per watt"
check_nothing_left "$run_dir"
check_etc_unchanged "$scratch/etc.before" "$dpkg_before"
echo "ok"
