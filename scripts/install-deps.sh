#!/usr/bin/env bash
# Installs every Debian package wattbench needs to build, run and test. Idempotent.
#   install-deps.sh [--without-workloads]   (without the recipes' servers and clients)
set -euo pipefail
with_workloads=true
[ "${1:-}" = --without-workloads ] && with_workloads=false
packages=(
  build-essential cmake ninja-build pkg-config ccache
  libcli11-dev libtoml11-dev nlohmann-json3-dev libfmt-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  clang libclang-rt-14-dev
  libserialport-dev libusb-1.0-0-dev
  libfreeipmi-dev libipmimonitoring-dev openipmi freeipmi-tools ipmitool
  openssh-client openssh-server
  qt6-base-dev qt6-charts-dev libqt6opengl6-dev qt6-svg-dev xvfb xauth poppler-utils
  scdoc lintian man-db systemd bash-completion
  libevent-dev prometheus
  gettext libicu-dev
  qt6-tools-dev qt6-l10n-tools qt6-translations-l10n fonts-dejavu-core
  jq socat
)
# A driver or workload that needs more names its packages in its own folder, one per line
# (# starts a comment), so adding one touches nothing here.
cd "$(dirname "$0")/.."
for list in drivers/*/debian-packages workloads/*/debian-packages; do
  [ -f "$list" ] || continue
  [ $with_workloads = false ] && [ "${list#workloads/}" != "$list" ] && continue
  while read -r p _; do
    [ -n "$p" ] && [ "${p#\#}" = "$p" ] && packages+=("$p")
  done <"$list"
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  # The recipes run servers of their own on free ports. The packages' system services would
  # only hold ports and CPU, and Apache's and nginx's both want port 80 (the second one's
  # start fails its installation), so their installation does not start them: invoke-rc.d
  # asks /usr/sbin/policy-rc.d, written for this apt-get only. One already there is left alone.
  policy=/usr/sbin/policy-rc.d
  if [ ! -e "$policy" ]; then
    $SUDO tee "$policy" >/dev/null <<'POLICY'
#!/bin/sh
# Written by wattbench's scripts/install-deps.sh while it installs packages; removed after.
case "$1" in
  apache2 | apache-htcacheclean | mariadb | mysql | nginx | smbd | nmbd | samba | samba-ad-dc | winbind) exit 101 ;;
esac
exit 0
POLICY
    $SUDO chmod 755 "$policy"
    trap '$SUDO rm -f "$policy"' EXIT
  fi
  $SUDO apt-get update
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y \
    --no-install-recommends "${missing[@]}"
fi
