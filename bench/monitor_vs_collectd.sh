#!/usr/bin/env bash
# `wattbench monitor` as a service beside collectd 5.12, on the same BMC in the same run (issue
# 16): OpenIPMI's ipmi_sim serves a BMC over IPMI LAN on 127.0.0.1:623 (collectd's ipmi plugin
# has no port option), and each program reads that BMC's sensors and this machine's CPU use at
# 1 Hz for SECONDS — wattbench with `--metrics-listen` scraped every 5 s as Prometheus would,
# collectd with its ipmi, cpu and csv plugins. Printed: CPU time over wall time, peak RSS (both
# from GNU time, bench/measure.py, with its context switches: the wake-ups), and what each one
# recorded.
#
# Needs root (port 623), openipmi (ipmi_sim, sdrcomp), collectd-core, curl and time; the two programs
# run one after the other so they do not share the CPU, ipmi_sim running for both.
#
# usage: bench/monitor_vs_collectd.sh [BUILD_DIR=build] [SECONDS=60] [PORT=19877]
set -euo pipefail
build=${1:-build}
secs=${2:-60}
port=${3:-19877}
here=$(cd "$(dirname "$0")/.." && pwd)
[[ $build = /* ]] || build=$here/$build
bin="$build/app/cli/wattbench"
data="$here/tests/drivers/ipmi"
work=$(mktemp -d "${TMPDIR:-/tmp}/wb-vs-collectd.XXXXXX")
sim=""
scraper=""
cleanup() {
  [ -n "$scraper" ] && kill "$scraper" 2>/dev/null
  [ -n "${KEEP:-}" ] && { echo "kept $work"; return; }
  [ -n "$sim" ] && kill "$sim" 2>/dev/null && wait "$sim" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

for tool in ipmi_sim sdrcomp collectd curl python3 /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 2; }
done
[ -x "$bin" ] || { echo "no $bin: build first" >&2; exit 2; }
if ss -Hlun 'sport = :623' | grep -q .; then
  echo "UDP port 623 is in use" >&2
  exit 2
fi

# The tests' BMC (tests/drivers/ipmi): SDRs compiled by sdrcomp, appended as main_sdr_add lines.
password="bench-$$"
sdrcomp -r -8 -o "$work/sdrs.bin" "$data/bmc.sdrs"
python3 - "$work/sdrs.bin" "$data/bmc.emu.in" "$work/bmc.emu" <<'EOF'
import sys
raw = open(sys.argv[1], "rb").read()
out = open(sys.argv[2]).read()
i = 0
while i + 5 <= len(raw):
    n = 5 + raw[i + 4]
    out += "main_sdr_add 0x20" + "".join(f" 0x{b:02x}" for b in raw[i:i + n]) + "\n"
    i += n
open(sys.argv[3], "w").write(out + "mc_enable 0x20\n")
EOF
console=$((port + 1))
sed -e "s/@LAN_PORT@/623/" -e "s/@CONSOLE_PORT@/$console/" -e "s/@PASSWORD@/$password/" \
  "$data/lan.conf.in" >"$work/lan.conf"
mkdir -p "$work/state"
ipmi_sim -c "$work/lan.conf" -f "$work/bmc.emu" -s "$work/state" -n -p >"$work/sim.log" 2>&1 &
sim=$!
sleep 1

cat >"$work/monitor.toml" <<EOF
[run]
name = "bench-vs-collectd"
interval = "1s"

[[device]]
id = "bmc"
driver = "ipmi"
connection = "ipmi+lan://admin@127.0.0.1:623"
workarounds = "opensesspriv"   # ipmi_sim, as in the IPMI tests

[[device]]
id = "cpu"
driver = "cpu"
connection = "cpu://local"

[[phase]]
name = "service"
load = "idle"
EOF

mkdir -p "$work/collectd"
cat >"$work/collectd.conf" <<EOF
Hostname "bench"
FQDNLookup false
Interval 1
BaseDir "$work/collectd"
PIDFile "$work/collectd/collectd.pid"
PluginDir "/usr/lib/collectd"
TypesDB "/usr/share/collectd/types.db"
LoadPlugin ipmi
LoadPlugin cpu
LoadPlugin csv
<Plugin ipmi>
  <Instance "bmc">
    Address "127.0.0.1"
    Username "admin"
    Password "$password"
    AuthType "md5"
  </Instance>
</Plugin>
<Plugin csv>
  DataDir "$work/collectd/csv"
  StoreRates true
</Plugin>
EOF
chmod 600 "$work/collectd.conf"

measure() { "$here/bench/measure.py" "$1" -- "${@:2}"; }

(
  while sleep 5; do
    curl -s -o /dev/null -w '%{size_download}\n' \
      -H 'Accept: application/openmetrics-text;version=1.0.0' \
      "http://127.0.0.1:$port/metrics" >>"$work/sizes" || true
  done
) &
scraper=$!
WATTBENCH_IPMI_PASSWORD=$password measure "wattbench monitor (ipmi + cpu, scraped /5 s)" \
  timeout --preserve-status -s INT "$secs" \
  "$bin" monitor "$work/monitor.toml" \
  --metrics-listen "127.0.0.1:$port" --out "$work/monitor-run"
kill "$scraper" 2>/dev/null || true
scraper=""
echo "  scrapes answered: $(grep -vc '^0$' "$work/sizes" || true), last exposition" \
  "$(tail -n1 "$work/sizes" 2>/dev/null || echo 0) bytes;" \
  "samples.csv rows: $(($(wc -l <"$work/monitor-run/samples.csv") - 1))," \
  "columns: $(head -n1 "$work/monitor-run/samples.csv" | tr ',' '\n' | wc -l)"

measure "collectd 5.12 (ipmi + cpu + csv)" timeout --preserve-status -s TERM "$secs" \
  collectd -f -C "$work/collectd.conf"
ipmi_files=$(find "$work/collectd/csv" -path '*ipmi*' -type f 2>/dev/null | wc -l)
cpu_files=$(find "$work/collectd/csv" -path '*cpu*' -type f 2>/dev/null | wc -l)
echo "  csv files: ipmi $ipmi_files, cpu $cpu_files"
