#!/usr/bin/env bash
# Builds what `pnpm start` builds (console and gateway), boots the gateway on its defaults with a fixed key,
# lists models, runs one mock chat, loads the console page, stops.
set -euo pipefail
cd "$(dirname "$0")/.."

port=18080
log=$(mktemp)
data=$(mktemp -d)
pnpm --silent --filter @interlingua/console --filter @interlingua/gateway build >/dev/null
INTERLINGUA_DATA_DIR=$data INTERLINGUA_API_KEY=ci-smoke-key INTERLINGUA_PORT=$port INTERLINGUA_LOG=off node apps/gateway/dist/main.js >"$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -rf "$log" "$data"' EXIT

for _ in $(seq 1 50); do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/v1/models" -H "Authorization: Bearer ci-smoke-key" 2>/dev/null && break
  sleep 0.2
done

models=$(curl -fsS "http://127.0.0.1:$port/v1/models" -H "Authorization: Bearer ci-smoke-key")
echo "$models" | grep -q '"id":"mock"' || { echo "smoke: /v1/models lacks mock: $models"; cat "$log"; exit 1; }

chat=$(curl -fsS "http://127.0.0.1:$port/v1/chat/completions" -H "Authorization: Bearer ci-smoke-key" \
  -H 'content-type: application/json' -d '{"model":"mock","messages":[{"role":"user","content":"ping"}]}')
echo "$chat" | grep -q 'You said: ping' || { echo "smoke: unexpected chat answer: $chat"; cat "$log"; exit 1; }

status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/v1/models" -H "Authorization: Bearer wrong")
[ "$status" = 401 ] || { echo "smoke: bad key answered $status"; exit 1; }

page=$(curl -fsS "http://127.0.0.1:$port/console/")
echo "$page" | grep -qi '<script' || { echo "smoke: /console/ has no app: $page"; cat "$log"; exit 1; }

kill $pid
wait $pid 2>/dev/null || true
echo "smoke: start, list, chat, console and stop passed"
