#!/usr/bin/env bash
# Installs Debian's chromium for the console's browser tests when /usr/bin/chromium is missing.
# The tests drive it with playwright-core; no browser is ever downloaded.
# Installed with --no-install-recommends, so what the tests need of chromium's Recommends is named:
# fonts-liberation (chromium-common recommends it) gives the pages and their screenshots real
# sans, serif and mono faces on a machine that has no other fonts. The rest it recommends (udev,
# upower, Mesa's GL drivers, a notification daemon, printer settings) serve a desktop session, not
# a headless browser run with --disable-gpu.
set -euo pipefail
packages=(chromium fonts-liberation)
need=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || need+=("$package")
done
if ((${#need[@]})); then
  apt_get() { if [ "$(id -u)" = 0 ]; then apt-get "$@"; else sudo apt-get "$@"; fi; }
  DEBIAN_FRONTEND=noninteractive apt_get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt_get install -y -qq --no-install-recommends "${need[@]}" >&2
fi
/usr/bin/chromium --version >&2
