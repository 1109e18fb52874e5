#!/usr/bin/env bash
# Installs Debian's chromium for the console's browser tests when /usr/bin/chromium is missing.
# The tests drive it with playwright-core; no browser is ever downloaded.
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  apt_get() { if [ "$(id -u)" = 0 ]; then apt-get "$@"; else sudo apt-get "$@"; fi; }
  DEBIAN_FRONTEND=noninteractive apt_get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt_get install -y -qq --no-install-recommends chromium >&2
fi
/usr/bin/chromium --version >&2
