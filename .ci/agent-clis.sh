#!/usr/bin/env bash
# Prints the npm prefix holding the agent CLIs the agent-CLI suite runs, at pinned versions,
# installing them into a cache folder first when one is missing (never globally, never into the
# workspace). Their native binaries come from the packages' own optional platform packages on the
# npm registry; install scripts are not run (the suite calls the platform binaries directly).
#   CLIS="$(bash .ci/agent-clis.sh)"
set -euo pipefail

CACHE="${INTERLINGUA_AGENT_CLIS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/interlingua-agent-clis}"
PACKAGES=(
  "@anthropic-ai/claude-code@2.1.332"
  "@openai/codex@0.171.0"
  "@google/gemini-cli@0.61.0"
  "opencode-ai@1.18.33"
  "@qwen-code/qwen-code@0.24.4"
  "@mariozechner/pi-coding-agent@0.73.1"
)

missing=()
for spec in "${PACKAGES[@]}"; do
  name="${spec%@*}"
  version="${spec##*@}"
  manifest="$CACHE/node_modules/$name/package.json"
  if ! [ -f "$manifest" ] || ! grep -q "\"version\": \"$version\"" "$manifest"; then missing+=("$spec"); fi
done
if [ "${#missing[@]}" -gt 0 ]; then
  mkdir -p "$CACHE"
  npm install --prefix "$CACHE" --no-audit --no-fund --ignore-scripts --no-save "${PACKAGES[@]}" >&2
fi
echo "$CACHE"
