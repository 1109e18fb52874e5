#!/usr/bin/env bash
# The gateway as `npx @interlingua/gateway` users meet it: packed, installed with npm into a scratch
# folder and run on its defaults on Node 24 (apps/gateway/scripts/check-packed.mjs). Bounded: the
# lane stops after 10 minutes. Expects the workspace installed.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE24="$(bash .ci/node24-bin.sh)"
started=$(date +%s)
timeout 600 "$NODE24" apps/gateway/scripts/check-packed.mjs
echo "packed gateway lane: $(( $(date +%s) - started )) s"
