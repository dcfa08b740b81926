#!/usr/bin/env bash
# CPU per full read of DMTF's public-rackmount1 mockup served over HTTPS on loopback by the
# tests' redfish_server.py: wattbench's redfish driver (one kept-alive TLS connection,
# bench/redfish_read_bench) against DMTF's redfishtool doing the same two requests
# (Sensors expanded, the Chassis) once per read, as a script polling with it would. Then the
# idle overhead of `wattbench monitor` with only the redfish device at 1 Hz, % of one core
# from /proc/<pid>/stat. Only the readers' CPU is counted, never the server's.
#
# usage: bench/redfish_vs_redfishtool.sh [BUILD_DIR=build] [READS=300] [TOOL_READS=20] [SECONDS=60]
set -euo pipefail
build=${1:-build}
reads=${2:-300}
tool_reads=${3:-20}
secs=${4:-60}
here=$(cd "$(dirname "$0")/.." && pwd)
bench_bin="$here/$build/bench/redfish_read_bench"
wattbench="$here/$build/app/cli/wattbench"
for f in "$bench_bin" "$wattbench"; do
  [[ -x $f ]] || { echo "missing $f (cmake --build $build --target redfish_read_bench wattbench)" >&2; exit 1; }
done
command -v redfishtool >/dev/null || { echo "redfishtool not installed (Debian package redfishtool)" >&2; exit 1; }
work=$(mktemp -d)
server_pid=
cleanup() {
  [[ -n $server_pid ]] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "== wattbench redfish driver ($reads reads)"
"$bench_bin" "$reads" | tee "$work/driver.txt"
driver_us=$(awk '/^cpu_us_per_read/ {print $2}' "$work/driver.txt")

# A server of our own for redfishtool and the monitor (the bench binary starts its own).
password="bench-Rf-9tQ"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
  -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 -keyout "$work/key.pem" \
  -out "$work/cert.pem" 2>/dev/null
echo '{}' >"$work/control.json"
REDFISH_TEST_PASSWORD=$password /usr/bin/python3 "$here/tests/drivers/redfish/redfish_server.py" \
  --mockup "$here/tests/drivers/redfish/testdata/mockups/public-rackmount1" \
  --cert "$work/cert.pem" --key "$work/key.pem" --port-file "$work/port" \
  --control "$work/control.json" --stats "$work/stats.json" >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do [[ -s $work/port ]] && break; sleep 0.1; done
port=$(cat "$work/port")

echo "== redfishtool ($tool_reads reads, 2 invocations each: Sensors expanded + Chassis, Basic auth)"
# Each invocation's CPU (user + sys) from wait4; the password on argv is the bench's own.
tool_us=$(/usr/bin/python3 - "$tool_reads" "$port" "$password" <<'PY'
import os, subprocess, sys
n, port, pw = int(sys.argv[1]), sys.argv[2], sys.argv[3]
paths = ["/redfish/v1/Chassis/1U/Sensors?$expand=.($levels=1)", "/redfish/v1/Chassis/1U"]
cpu = 0.0
for _ in range(n):
    for p in paths:
        proc = subprocess.Popen(["redfishtool", "-r", f"127.0.0.1:{port}", "-u", "admin", "-p", pw,
                                 "-S", "Always", "raw", "GET", p],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, u = os.wait4(proc.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"redfishtool GET {p} failed")
        cpu += u.ru_utime + u.ru_stime
print(f"{cpu / n * 1e6:.1f}")
PY
)
echo "  CPU of redfishtool per read: $tool_us us"

echo "== wattbench monitor, redfish device only, 1 Hz, ${secs}s"
cat >"$work/monitor.toml" <<TOML
[run]
name = "redfish-idle"
interval = "1s"

[[device]]
id = "bmc"
driver = "redfish"
connection = "redfish://admin@127.0.0.1:$port"
ca_file = "$work/cert.pem"

[[phase]]
name = "idle"
load = "idle"
TOML
WATTBENCH_REDFISH_PASSWORD=$password "$wattbench" monitor "$work/monitor.toml" >/dev/null 2>&1 &
mon=$!
ticks=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
sleep 3  # discovery and the first polls are not idle cost
[[ -r /proc/$mon/stat ]] || { echo "wattbench monitor exited early" >&2; exit 1; }
t0=$(date +%s.%N)
c0=$(cpu_ticks "$mon")
sleep "$secs"
c1=$(cpu_ticks "$mon")
t1=$(date +%s.%N)
kill -INT "$mon"
wait "$mon" 2>/dev/null || true
monitor_pct=$(awk -v a="$c0" -v b="$c1" -v t0="$t0" -v t1="$t1" -v hz="$ticks" \
  'BEGIN {printf "%.3f", 100 * (b - a) / hz / (t1 - t0)}')

echo
echo "== summary (public-rackmount1, HTTPS on loopback; load average $(cut -d' ' -f1 /proc/loadavg))"
awk -v d="$driver_us" -v t="$tool_us" 'BEGIN {
  printf "  %-44s %10.1f us CPU per read\n", "wattbench redfish driver (kept-alive TLS)", d
  printf "  %-44s %10.1f us CPU per read\n", "redfishtool (2 invocations per read)", t
  printf "  %-44s %10.1f x less CPU per read (goal >= 10x)\n", "ratio redfishtool / wattbench", t / d
}'
printf "  %-44s %10s %% of one core (goal < 0.3 %%)\n" "wattbench monitor, redfish at 1 Hz, ${secs}s" "$monitor_pct"
