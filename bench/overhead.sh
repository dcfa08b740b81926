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

measure() { "$here/bench/measure.py" "$1" -- "${@:2}"; }

measure "wattbench run (3 sim devices, 1 Hz)" \
  "$here/$build/app/cli/wattbench" run "$here/bench/three_sim_idle.toml" --warmup 0s \
    --window "${secs}s" --out "$work/run"
if command -v sigrok-cli >/dev/null; then
  measure "sigrok-cli demo 1 Hz -O csv" sigrok-cli -d demo --config samplerate=1 \
    --time "${secs}s" -O csv -o "$work/sigrok.csv"
fi
