#!/usr/bin/env bash
# A recipe whose server goes away mid-phase: nginx is killed during the warm-up, so wrk's next
# run cannot connect and the run script ends with status 1. The phase must end failed with its
# log named, its teardown must run, nothing it started may be left, and the run must go on.
#   recipe_client_failure_test.sh WATTBENCH SOURCE_DIR
set -euo pipefail
wattbench=$1
source_dir=$2
# shellcheck source=tests/workloads/recipe_test_lib.sh
. "$source_dir/tests/workloads/recipe_test_lib.sh"
setup_scratch
export WATTBENCH_WORKLOADS="$source_dir/workloads"
run_dir=$scratch/run

write_profile "$scratch/p.toml" 6s 6s \
    "$(printf '[[phase]]\nname = "web"\nload = "command"\nrecipe = "web"\nconnections = 4\n')" \
    "$(printf '[[phase]]\nname = "idle"\nload = "idle"\n')"
"$wattbench" run "$scratch/p.toml" --out "$run_dir" >"$scratch/out.txt" 2>&1 &
runner=$!
pid_file=$run_dir/work/web/nginx.server-pid
for _ in $(seq 300); do
    grep -q 'nginx listening on' "$run_dir/logs/web.log" 2>/dev/null && [ -s "$pid_file" ] && break
    sleep 0.1
done
nginx_pid=$(cat "$pid_file") || { kill "$runner"; fail "nginx did not come up"; }
kill -KILL "$nginx_pid"
status=0
wait "$runner" || status=$?
echo "wattbench exited with $status"

web_status=$(jq -r '.phases[] | select(.name == "web") | .status' "$run_dir/manifest.json")
idle_status=$(jq -r '.phases[] | select(.name == "idle") | .status' "$run_dir/manifest.json")
[ "$web_status" = failed ] || fail "phase web is '$web_status', not failed"
[ "$idle_status" = "done" ] || fail "the run did not go on: phase idle is '$idle_status'"
grep -q "phase 'web'.*the command exited (exit status 1); its output is in $run_dir/logs/web.log" \
    "$run_dir/events.log" || { cat "$run_dir/events.log" >&2; fail "events.log does not name the log"; }
grep -qE '\[web\] error: (nginx is no longer running|wrk failed|wrk saw failed requests)' \
    "$run_dir/logs/web.log" || fail "the log does not say what broke"
grep -q '\[wattbench\] teardown:' "$run_dir/logs/web.log" || fail "the teardown did not run"
check_nothing_left "$run_dir"
echo "ok"
