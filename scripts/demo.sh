#!/usr/bin/env bash
# The main job: install, build, and run the demo profile on simulated devices with real load.
set -euo pipefail
cd "$(dirname "$0")/.."
# The recipes' packages are the demo's to install (only nginx-light and wrk), not all of them.
./scripts/install-deps.sh --without-workloads
cmake --preset default >/dev/null
# The html report is drawn by the Qt renderer module, which wattbench opens only for it.
cmake --build --preset default --target wattbench wattbench-render
out="runs/demo-$(date -u +%Y%m%dT%H%M%SZ)"
./build/app/cli/wattbench run profiles/demo.toml --out "$out" --install
./build/app/cli/wattbench report "$out" --format md -o "$out/report.md"
./build/app/cli/wattbench report "$out" --format html -o "$out/report.html"
echo "report: $out/report.md, $out/report.html (one file with its charts)"
