#!/usr/bin/env bash
# CPU cost of the acquisition itself: `wattbench run` through one idle phase with the three
# sim devices at 1 Hz, as process CPU time (user + sys) over wall time, in % of one core.
# Side by side with peers when they are installed (anchors: collectd, sigrok-cli).
#
# usage: bench/overhead.sh [BUILD_DIR=build] [SECONDS=60]
set -euo pipefail
build=${1:-build}
secs=${2:-60}
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat > "$work/idle.toml" <<TOML
[run]
name = "overhead"
interval = "1s"
warmup = "0s"
window = "${secs}s"
[[device]]
id = "wattmeter"
driver = "sim"
connection = "sim://wattmeter"
[[device]]
id = "bmc"
driver = "sim"
connection = "sim://bmc"
[[device]]
id = "slm"
driver = "sim"
connection = "sim://sound"
[[phase]]
name = "idle"
load = "idle"
TOML

# Prints the command's CPU time (user + sys, from the shell's `times` for its children), its
# wall time and its peak RSS.
measure() {  # name, command...
  local name=$1; shift
  local out
  out=$(
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>&1 &
    pid=$!
    peak=0
    while kill -0 "$pid" 2>/dev/null; do
      r=$(awk '/VmHWM/{print $2}' "/proc/$pid/status" 2>/dev/null || true)
      [ -n "$r" ] && [ "$r" -gt "$peak" ] && peak=$r
      sleep 0.5
    done
    wait "$pid" || true
    t1=$(date +%s.%N)
    echo "$t0 $t1 $peak"
    times
  )
  echo "$out" | awk -v n="$name" '
    NR == 1 { wall = $2 - $1; rss = $3 }
    NR == 3 { split($1, u, /[ms]/); split($2, s, /[ms]/); cpu = u[1]*60 + u[2] + s[1]*60 + s[2] }
    END { printf "%-40s cpu %.3f %% of one core (%.2f s in %.1f s), peak rss %.1f MB\n", n, 100*cpu/wall, cpu, wall, rss/1024 }'
}

measure "wattbench run (3 sim devices, 1 Hz)" \
  "$here/$build/app/cli/wattbench" run "$work/idle.toml" --out "$work/run"
if command -v sigrok-cli >/dev/null; then
  measure "sigrok-cli demo 1 Hz -O csv" sigrok-cli -d demo --config samplerate=1 \
    --time "${secs}s" -O csv -o "$work/sigrok.csv"
fi
