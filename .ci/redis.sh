#!/usr/bin/env bash
# Starts a throw-away redis-server on a loopback port for the Redis test suite and prints its URL.
# Installs the Debian package first when redis-server is missing. Usage:
#   export REDIS_URL="$(bash .ci/redis.sh)"
# Environment: REDIS_PORT (default 6390), REDIS_DIR (default a new temporary directory).
set -euo pipefail

port="${REDIS_PORT:-6390}"
dir="${REDIS_DIR:-$(mktemp -d)}"

if ! command -v redis-server >/dev/null 2>&1; then
  apt_get() { if [ "$(id -u)" = 0 ]; then apt-get "$@"; else sudo apt-get "$@"; fi; }
  DEBIAN_FRONTEND=noninteractive apt_get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt_get install -y -qq redis-server >&2
fi

# No persistence, loopback only, in the background; the PID file lets callers stop it.
redis-server --bind 127.0.0.1 --port "$port" --save '' --appendonly no --dir "$dir" \
  --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" --daemonize yes >&2

for _ in $(seq 1 50); do
  if redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null | grep -q PONG; then
    echo "redis://127.0.0.1:${port}"
    exit 0
  fi
  sleep 0.1
done
echo "redis-server did not start on port ${port}; see ${dir}/redis.log" >&2
exit 1
