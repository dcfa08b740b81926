#!/usr/bin/env bash
# What --metrics-listen costs `wattbench monitor`: three sim devices at 1 Hz for SECONDS, once
# without the exporter and once with it scraped every 5 s (as Prometheus would, asking for
# OpenMetrics), as process CPU time over wall time and peak RSS (bench/measure.py).
#
# usage: bench/metrics_overhead.sh [BUILD_DIR=build] [SECONDS=60] [PORT=19877]
set -euo pipefail
build=${1:-build}
secs=${2:-60}
port=${3:-19877}
here=$(cd "$(dirname "$0")/.." && pwd)
bin="$here/$build/app/cli/wattbench"
profile="$here/bench/three_sim_idle.toml"
work=$(mktemp -d)
scraper=""
trap '[ -n "$scraper" ] && kill "$scraper" 2>/dev/null; rm -rf "$work"' EXIT

measure() { "$here/bench/measure.py" "$1" -- "${@:2}"; }

measure "monitor, no exporter" timeout --preserve-status -s INT "$secs" "$bin" monitor "$profile"

(
  while sleep 5; do
    curl -s -o "$work/last.txt" -w '%{size_download}\n' \
      -H 'Accept: application/openmetrics-text;version=1.0.0' \
      "http://127.0.0.1:$port/metrics" >>"$work/sizes" || true
  done
) &
scraper=$!
measure "monitor, exporter scraped every 5 s" timeout --preserve-status -s INT "$secs" "$bin" monitor "$profile" \
  --metrics-listen "127.0.0.1:$port"
kill "$scraper" 2>/dev/null || true
scraper=""
echo "scrapes answered: $(grep -vc '^0$' "$work/sizes" || true), last exposition $(tail -n1 "$work/sizes") bytes"
