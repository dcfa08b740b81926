#!/usr/bin/env bash
# The service unit and its sysusers.d file as systemd reads them: systemd-analyze verify prints
# nothing (a misspelt key is only a warning there, so any output fails), the hardening scores
# "OK" or better, and systemd-sysusers would create the user.
#   unit_verify_test.sh PACKAGING_DIR WATTBENCH_BIN
set -uo pipefail
packaging=$1
bin=$(realpath "$2")
unit=$packaging/systemd/wattbench-monitor@.service

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0

# verify needs ExecStart= to exist: the build's binary stands in for /usr/bin/wattbench.
sed "s|^ExecStart=/usr/bin/wattbench |ExecStart=$bin |" "$unit" >"$work/wattbench-monitor@.service"
grep -q "^ExecStart=$bin monitor /etc/wattbench/%i.toml --metrics-listen 127.0.0.1:9877$" \
    "$work/wattbench-monitor@.service" || {
    echo "$unit: ExecStart= is not 'wattbench monitor /etc/wattbench/%i.toml --metrics-listen 127.0.0.1:9877'"
    status=1
}
out=$(systemd-analyze verify --man=no "$work/wattbench-monitor@.service" 2>&1)
if [ $? -ne 0 ] || [ -n "$out" ]; then
    echo "systemd-analyze verify $unit:"
    echo "$out"
    status=1
fi

for key in NoNewPrivileges=yes ProtectSystem=strict PrivateTmp=yes ProtectHome=yes \
    Restart=on-failure User=wattbench "SupplementaryGroups=dialout plugdev"; do
    grep -qx "$key" "$unit" || { echo "$unit: no '$key'"; status=1; }
done
if grep -qiE '^(Environment=.*(PASSWORD|COMMUNITY|PASSPHRASE|SNMP_AUTH|SNMP_PRIV)|SetCredential=)' "$unit"; then
    echo "$unit: a secret in the unit file"
    status=1
fi

# systemd's own exposure score, 0 (locked down) to 10; below 3 is "OK" or better.
security=$(systemd-analyze security --offline=yes "$work/wattbench-monitor@.service" 2>&1)
score=$(sed -nE 's/.*Overall exposure level for [^:]*: ([0-9.]+).*/\1/p' <<<"$security")
if [ -z "$score" ] || ! awk -v s="$score" 'BEGIN { exit !(s < 3) }'; then
    echo "systemd-analyze security: exposure '${score:-?}', want below 3:"
    echo "$security"
    status=1
fi

mkdir -p "$work/root/etc"
sysusers=$(systemd-sysusers --dry-run --root="$work/root" "$packaging/sysusers/wattbench.conf" 2>&1)
if [ $? -ne 0 ] || ! grep -q "Creating user 'wattbench'" <<<"$sysusers"; then
    echo "systemd-sysusers $packaging/sysusers/wattbench.conf:"
    echo "$sysusers"
    status=1
fi

[ "$status" -eq 0 ] && echo "unit verified, exposure $score, sysusers creates wattbench"
exit "$status"
