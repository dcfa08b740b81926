#!/usr/bin/env bash
# A recipe whose server cannot start: nginx told to listen on a port something else holds. The
# phase must end failed with its log named, nothing it started may be left, and the run must
# go on to the next phase.
#   recipe_failure_test.sh WATTBENCH SOURCE_DIR
set -euo pipefail
wattbench=$1
source_dir=$2
# shellcheck source=tests/workloads/recipe_test_lib.sh
. "$source_dir/tests/workloads/recipe_test_lib.sh"
setup_scratch
export WATTBENCH_WORKLOADS="$source_dir/workloads"
run_dir=$scratch/run

# shellcheck source=/dev/null
. "$source_dir/workloads/lib/recipe.sh"
# shellcheck disable=SC2034 # recipe.sh names messages after it
RECIPE="test"
port=$(free_port)
socat "TCP-LISTEN:$port,bind=127.0.0.1" /dev/null &
holder=$!
trap 'kill $holder 2>/dev/null || true; rm -rf "$scratch"' EXIT
for _ in $(seq 50); do
    port_in_use "$port" listen && break
    sleep 0.1
done

write_profile "$scratch/p.toml" 1s 2s \
    "$(printf '[[phase]]\nname = "web"\nload = "command"\nrecipe = "web"\nport = %s\n' "$port")" \
    "$(printf '[[phase]]\nname = "idle"\nload = "idle"\n')"
status=0
"$wattbench" run "$scratch/p.toml" --out "$run_dir" >"$scratch/out.txt" 2>&1 || status=$?
echo "wattbench exited with $status"

web_status=$(jq -r '.phases[] | select(.name == "web") | .status' "$run_dir/manifest.json")
idle_status=$(jq -r '.phases[] | select(.name == "idle") | .status' "$run_dir/manifest.json")
[ "$web_status" = failed ] || fail "phase web is '$web_status', not failed"
[ "$idle_status" = "done" ] || fail "the run did not go on: phase idle is '$idle_status'"
grep -q "phase 'web': load failed to start: setup '.*' failed (exit status 1); its output is in $run_dir/logs/web.log" \
    "$run_dir/events.log" || { cat "$run_dir/events.log" >&2; fail "events.log does not name the log"; }
grep -q "bind() to 127.0.0.1:$port failed" "$run_dir/logs/web.log" ||
    fail "the log lacks nginx's own error"
grep -q "nginx exited before listening on 127.0.0.1:$port" "$run_dir/logs/web.log" ||
    fail "the log does not say the server did not come up"
grep -q '\[wattbench\] teardown:' "$run_dir/logs/web.log" || fail "the teardown did not run"
kill "$holder"
wait "$holder" 2>/dev/null || true
# The port was never the recipe's; only the recipe's own processes and files must be gone.
sed -i "s/listening on 127.0.0.1:$port//" "$run_dir/logs/web.log"
check_nothing_left "$run_dir"
echo "ok"
