#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster on a loopback port for the PostgreSQL test suite and prints
# its connection URL. Installs Debian's postgresql first when it is missing. Usage:
#   export POSTGRES_URL="$(bash .ci/postgres.sh)"
# Environment: POSTGRES_PORT (default: the first free port from 5439), POSTGRES_DIR (default a new
# temporary directory).
set -euo pipefail

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port="${POSTGRES_PORT:-5439}"
if [ -z "${POSTGRES_PORT:-}" ]; then
  while listening "$port"; do port=$((port + 1)); done
fi
dir="${POSTGRES_DIR:-$(mktemp -d)}"

bin_dir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
if [ -z "$(bin_dir)" ]; then
  apt_get() { if [ "$(id -u)" = 0 ]; then apt-get "$@"; else sudo apt-get "$@"; fi; }
  DEBIAN_FRONTEND=noninteractive apt_get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt_get install -y -qq postgresql >&2
fi
bin="$(bin_dir)"

# PostgreSQL refuses to run as root: the cluster belongs to the postgres user when we are root.
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi

# Trust on loopback only, no fsync (the data is thrown away), sockets in the data folder.
as_owner "$bin/initdb" -D "$dir/data" -U interlingua --auth=trust --no-sync >&2
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 30 \
  -o "-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c full_page_writes=off" start >&2
as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U interlingua interlingua_test >&2
echo "postgres://interlingua@127.0.0.1:${port}/interlingua_test"
