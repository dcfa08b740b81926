#!/usr/bin/env bash
# Builds everything (Ninja, ccache when present) and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
cmake --preset default
cmake --build --preset default
ctest --preset default -j "$(nproc)"
./scripts/fuzz.sh "${WATTBENCH_FUZZ_SECONDS:-30}"
