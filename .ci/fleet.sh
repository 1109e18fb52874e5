#!/usr/bin/env bash
# The fleet lane: three gateway instances (two workers each) behind HAProxy, with a redis-server and
# a PostgreSQL cluster the test starts, stops and restarts itself on loopback ports of its own,
# under steady load and faults for about 75 s; prints the table docs/scaling.md shows. Installs
# Debian's haproxy (and redis-server, postgresql) when missing. Expects the workspace installed.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_get() { if [ "$(id -u)" = 0 ]; then apt-get "$@"; else sudo apt-get "$@"; fi; }
missing=()
command -v haproxy >/dev/null 2>&1 || missing+=(haproxy)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1 || missing+=(postgresql)
if [ "${#missing[@]}" -gt 0 ]; then
  DEBIAN_FRONTEND=noninteractive apt_get update -qq
  DEBIAN_FRONTEND=noninteractive apt_get install -y -qq "${missing[@]}" >/dev/null
fi

started=$(date +%s)
timeout 600 pnpm vitest run --config vitest.fleet.config.ts
echo "fleet lane: $(($(date +%s) - started)) s"
