#!/usr/bin/env bash
# Installs Debian's chromium for the console's browser tests, with the packages below, when missing.
# The tests drive it with playwright-core; no browser is ever downloaded.
# Installed with --no-install-recommends, so what the tests use of chromium's Recommends is named:
# fonts-liberation (chromium-common recommends it), the faces pages asking for Arial, Times or
# Courier get, so the console's screenshots look as in a desktop browser (a font is there without
# it: fontconfig depends on DejaVu). The rest it recommends (udev, upower, Mesa's GL drivers, a
# notification daemon, printer settings) serves a desktop session, not a headless browser run with
# --disable-gpu.
set -euo pipefail
packages=(chromium fonts-liberation)
need=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || need+=("$package")
done
if ((${#need[@]})); then
  apt_get() { if [ "$(id -u)" = 0 ]; then apt-get "$@"; else sudo apt-get "$@"; fi; }
  DEBIAN_FRONTEND=noninteractive apt_get -o DPkg::Lock::Timeout=300 update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt_get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${need[@]}" >&2
fi
/usr/bin/chromium --version >&2
