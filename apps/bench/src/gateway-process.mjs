import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { setTimeout } from 'node:timers';
import { undici } from './dependencies.mjs';
import { GATEWAY_KEY } from './request-bodies.mjs';
import { stopChild, trackChild } from './server-processes.mjs';

/**
 * The real gateway build (`apps/gateway/dist/main.js`), started as a child process with a config
 * file written for the run: auth on, limits and budgets set high enough never to trigger (but
 * checked on every request), pricing rows so cost is computed, metrics behind the admin key,
 * request logs at info level (to /dev/null by default).
 */

const ADMIN_KEY = 'bench-admin-key-6d2e8b1f0c7a';
/** Placeholder prices so the cost path runs; not real prices. */
const PLACEHOLDER_PRICE = { inputPerMillion: 1, outputPerMillion: 4, source: 'bench placeholder, not a real price' };

/**
 * The usage ledger the run keeps (`BENCH_LEDGER`): `off` (no database, the default), `memory`
 * (SQLite, rows buffered in memory only), `journal` (SQLite with the local journal on its
 * defaults: each answer waits for its row's journal write) or `journal-50` (the journal written
 * every 50 ms, `commitMs: 50`, answers not waiting).
 * @param {string | undefined} mode
 * @param {string} dataDir
 * @returns {Record<string, unknown>}
 */
export function ledgerSections(mode = 'off', dataDir) {
  if (mode === 'off') return {};
  const journal = { memory: { enabled: false }, journal: {}, 'journal-50': { commitMs: 50 } }[mode];
  if (!journal) throw new Error(`BENCH_LEDGER must be off, memory, journal or journal-50; got "${mode}"`);
  return { database: { type: 'sqlite', dir: dataDir }, ledger: { journal } };
}

/**
 * @param {string} upstreamOrigin
 * @param {Record<string, unknown>} [extra] further sections (the ledger's)
 * @returns {Record<string, unknown>}
 */
export function gatewayConfig(upstreamOrigin, extra = {}) {
  const provider = (/** @type {string} */ id, /** @type {string} */ type, /** @type {string} */ path) => ({
    id,
    type,
    baseUrl: `${upstreamOrigin}${path}`,
    apiKey: 'bench-upstream-key',
  });
  return {
    server: { host: '127.0.0.1', port: 0 },
    keys: [
      {
        name: 'bench',
        secret: GATEWAY_KEY,
        rpm: 100_000_000,
        tpm: 1_000_000_000_000,
        budgets: [{ period: 'month', tokens: 1_000_000_000_000_000 }],
      },
    ],
    admin: { secret: ADMIN_KEY },
    logging: { level: 'info' },
    pricing: ['gpt-4.1-mini*', 'claude-sonnet-4-5*', 'gemini-2.5-flash*', 'text-embedding-3-small'].map((model) => ({
      model,
      ...PLACEHOLDER_PRICE,
    })),
    shutdown: { graceMs: 2_000 },
    // The WebSocket scenarios hold one socket per client.
    responses: { websocket: { maxConnectionsPerKey: 1024 } },
    providers: [
      provider('oai', 'openai', '/v1'),
      provider('ant', 'anthropic', ''),
      provider('gem', 'gemini', '/v1beta'),
      { ...provider('oair', 'openai', '/v1'), api: 'responses' },
    ],
    models: [
      { name: 'gpt-4.1-mini', targets: [{ provider: 'oai' }] },
      { name: 'text-embedding-3-small', targets: [{ provider: 'oai' }] },
      { name: 'claude-sonnet-4-5', targets: [{ provider: 'ant' }], defaultMaxOutputTokens: 1024 },
      { name: 'gemini-2.5-flash', targets: [{ provider: 'gem' }] },
      { name: 'gpt-4.1-mini-responses', targets: [{ provider: 'oair', model: 'gpt-4.1-mini' }] },
      // The response cache's hit scenario: every request after the first is answered from the cache.
      {
        name: 'gpt-4.1-mini-cached',
        targets: [{ provider: 'oai', model: 'gpt-4.1-mini' }],
        cache: { ttlSeconds: 3600 },
      },
    ],
    ...extra,
  };
}

/**
 * Builds the gateway (`pnpm --filter @interlingua/gateway build`).
 * @param {string} repoRoot
 */
export function buildGateway(repoRoot) {
  const result = spawnSync('pnpm', ['--filter', '@interlingua/gateway', 'build'], { cwd: repoRoot, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`gateway build failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * Starts the built gateway with a generated config; `args` go to the gateway (`--workers 2`),
 * `env` adds to its environment (`OTEL_EXPORTER_OTLP_ENDPOINT`).
 * @param {{ repoRoot: string; upstreamOrigin: string; logPath: string; nodeArgs?: string[]; args?: string[]; env?: Record<string, string>; name?: import('./server-processes.mjs').TargetName }} options
 * @returns {Promise<import('./server-processes.mjs').Target & { configPath: string }>}
 */
export async function startGatewayProcess({
  repoRoot,
  upstreamOrigin,
  logPath,
  nodeArgs = [],
  args = [],
  env: extraEnv = {},
  name = 'gateway',
}) {
  const main = join(repoRoot, 'apps/gateway/dist/main.js');
  if (!existsSync(main))
    throw new Error(`${main} is missing: build the gateway (pnpm --filter @interlingua/gateway build)`);
  const runDir = mkdtempSync(join(tmpdir(), 'interlingua-bench-'));
  const configPath = join(runDir, 'gateway.json');
  writeFileSync(
    configPath,
    JSON.stringify(
      gatewayConfig(upstreamOrigin, ledgerSections(process.env.BENCH_LEDGER, join(runDir, 'data'))),
      null,
      2,
    ),
  );
  const log = openSync(logPath, 'a');
  const env = { ...process.env, ...extraEnv, INTERLINGUA_LOG: 'on', NODE_ENV: 'production' };
  const extraNodeArgs = (process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...extraNodeArgs, ...nodeArgs, main, '--config', configPath, ...args], {
    stdio: ['ignore', log, 'pipe'],
    env,
  });
  closeSync(log);
  trackChild(child);
  const origin = await listeningUrl(child);
  return { name, origin, pid: child.pid, configPath, stop: () => stopChild(child, 10_000) };
}

/**
 * Waits for the gateway's "listening on <url>" line on stderr.
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<string>}
 */
async function listeningUrl(child) {
  let text = '';
  /** @param {Buffer} chunk */
  let onData = (chunk) => void chunk;
  const found = new Promise((resolve, reject) => {
    onData = (chunk) => {
      text += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+)/.exec(text);
      if (match) resolve(match[1]);
    };
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the gateway exited (${code}) before listening:\n${text}`)));
  });
  const timeout = setTimeout(() => child.kill('SIGKILL'), 20_000);
  try {
    return /** @type {string} */ (await found);
  } finally {
    clearTimeout(timeout);
    child.stderr?.off('data', onData);
    // Anything the gateway reports later (warnings, crashes) shows in the bench's output.
    child.stderr?.pipe(process.stderr);
  }
}

/**
 * What the running gateway really has switched on, checked from outside.
 * @param {string} origin
 * @param {string} repoRoot
 */
export async function probeGatewayFeatures(origin, repoRoot) {
  const status = async (
    /** @type {string} */ path,
    /** @type {Record<string, string>} */ headers = {},
    method = 'GET',
  ) => {
    try {
      const response = await undici.request(`${origin}${path}`, { method, headers });
      await response.body.dump();
      return response.statusCode;
    } catch {
      return 0;
    }
  };
  const dist = join(repoRoot, 'apps/gateway/dist');
  const bundle = readdirSync(dist)
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(join(dist, name), 'utf8'))
    .join('\n');
  return {
    authRequired: (await status('/v1/chat/completions', { 'content-type': 'application/json' }, 'POST')) === 401,
    metricsStatus: await status('/metrics', { authorization: `Bearer ${ADMIN_KEY}` }),
    healthStatus: await status('/health'),
    limitsInSchema: /\brpm\b/.test(bundle) && /\btpm\b/.test(bundle),
    embeddingsRoute:
      (await status(
        '/v1/embeddings',
        { 'content-type': 'application/json', authorization: `Bearer ${GATEWAY_KEY}` },
        'POST',
      )) !== 404,
  };
}
