// Checks @interlingua/gateway the way an operator meets it: the console and the gateway are built,
// the gateway is packed (`pnpm pack`), the tarball is installed with npm into a scratch folder,
// and the `interlingua` command is run from an empty folder on its defaults: the key it
// generates, /health, one chat call and one streamed Messages call on the mock, the console page,
// a clean stop on SIGTERM; then --help, --version, check-config and hash-key. Prints the tarball
// and installed sizes and the cold start (process start to the first /health 200).
// The gateway runs on the Node that runs this script (Node 22.5 or newer: `node:sqlite`); the
// optional native better-sqlite3 is left out (`--omit=optional`), as it needs a download or a
// compiler at install time.
// Run: pnpm --filter @interlingua/gateway check:packed   (or: node apps/gateway/scripts/check-packed.mjs)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, freePort, step } from './script-helpers.mjs';

const gatewayDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(gatewayDir, '../..');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 5))
  throw new Error(`run this check on Node 22.5 or newer (node:sqlite); this is ${process.version}`);

const scratch = mkdtempSync(join(tmpdir(), 'interlingua-gateway-packed-'));
const empty = join(scratch, 'empty-folder');
mkdirSync(empty);
// The chosen Node first on PATH, so the bin's `#!/usr/bin/env node` runs on it.
const env = {
  ...process.env,
  PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
  INTERLINGUA_API_KEY: '',
  INTERLINGUA_ADMIN_SECRET: '',
  INTERLINGUA_CONFIG: '',
  INTERLINGUA_DATA_DIR: '',
};
for (const name of [
  'INTERLINGUA_API_KEY',
  'INTERLINGUA_ADMIN_SECRET',
  'INTERLINGUA_CONFIG',
  'INTERLINGUA_DATA_DIR',
  'INTERLINGUA_CONSOLE_DIR',
])
  delete env[name];

function run(command, args, cwd) {
  return execFileSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

function folderBytes(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + folderBytes(join(path, name)), 0);
}

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Starts the installed `interlingua` in the empty folder; resolves once /health answers 200. */
async function startGateway(bin, port) {
  const started = performance.now();
  const child = spawn(bin, [], {
    cwd: empty,
    env: { ...env, INTERLINGUA_PORT: String(port), INTERLINGUA_LOG: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.resume();
  const exited = new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit({ code, signal })));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the gateway exited with ${child.exitCode}:\n${stderr}`);
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) break;
    if (performance.now() - started > 30_000) throw new Error(`no /health 200 within 30 s:\n${stderr}`);
    await new Promise((wait) => setTimeout(wait, 5));
  }
  return { child, exited, coldStartMs: performance.now() - started, stderr: () => stderr };
}

async function stopGateway(gateway) {
  gateway.child.kill('SIGTERM');
  const timer = setTimeout(() => gateway.child.kill('SIGKILL'), 10_000);
  const { code, signal } = await gateway.exited;
  clearTimeout(timer);
  check(code === 0, `SIGTERM did not stop the gateway cleanly (code ${code}, signal ${signal}):\n${gateway.stderr()}`);
}

async function exercise(base, key) {
  const chat = await fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'mock', messages: [{ role: 'user', content: 'ping from the packed gateway' }] }),
  });
  const answer = await chat.json();
  check(
    chat.status === 200 && answer.choices?.[0]?.message?.content === 'You said: ping from the packed gateway',
    `chat: ${chat.status} ${JSON.stringify(answer)}`,
  );

  const messages = await fetch(`${base}/v1/messages`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'mock',
      max_tokens: 64,
      stream: true,
      messages: [{ role: 'user', content: 'stream me' }],
    }),
  });
  const events = await messages.text();
  const text = [...events.matchAll(/"text_delta","text":"((?:[^"\\]|\\.)*)"/g)]
    .map((match) => JSON.parse(`"${match[1]}"`))
    .join('');
  check(
    messages.status === 200 && (messages.headers.get('content-type') ?? '').startsWith('text/event-stream'),
    `messages stream: ${messages.status} ${events.slice(0, 300)}`,
  );
  check(
    events.includes('event: message_start') && events.includes('event: message_stop') && text === 'You said: stream me',
    `messages stream events: ${events.slice(0, 600)}`,
  );

  const page = await fetch(`${base}/console/`);
  const html = await page.text();
  check(page.status === 200 && /<script/i.test(html), `console: ${page.status} ${html.slice(0, 200)}`);
  const wrong = await fetch(`${base}/v1/models`, { headers: { authorization: 'Bearer not-the-key' } });
  check(wrong.status === 401, `a wrong key answered ${wrong.status}`);
}

try {
  await step('build the console and the gateway', () =>
    run(
      'pnpm',
      ['--silent', '--filter', '@interlingua/console', '--filter', '@interlingua/gateway', 'build'],
      repoRoot,
    ),
  );
  const tarball = await step('pnpm pack @interlingua/gateway', () => {
    run('pnpm', ['pack', '--pack-destination', scratch], gatewayDir);
    const name = readdirSync(scratch).find((file) => file.endsWith('.tgz'));
    check(name, 'pnpm pack wrote no tarball');
    return join(scratch, name);
  });
  const listing = run('tar', ['-tzf', tarball], scratch).split('\n');
  check(listing.includes('package/dist/console/index.html'), 'the tarball lacks the console (dist/console/index.html)');
  check(!listing.some((file) => file.startsWith('package/src/')), 'the tarball carries sources');

  await step('npm install the tarball', () => {
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'packed-gateway-check', private: true }));
    run('npm', ['install', '--no-audit', '--no-fund', '--omit=optional', tarball], scratch);
  });
  const bin = join(scratch, 'node_modules', '.bin', 'interlingua');
  const installed = folderBytes(join(scratch, 'node_modules'));
  const packages = readdirSync(join(scratch, 'node_modules')).flatMap((name) =>
    name.startsWith('@') ? readdirSync(join(scratch, 'node_modules', name)) : name.startsWith('.') ? [] : [name],
  ).length;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const coldStarts = [];
  await step(
    'start on the defaults in an empty folder: generated key, chat, streamed Messages, console, SIGTERM',
    async () => {
      const gateway = await startGateway(bin, port);
      coldStarts.push(gateway.coldStartMs);
      const key = /generated a gateway key for this run:\n\s+(\S+)/.exec(gateway.stderr())?.[1];
      check(key, `no generated key printed:\n${gateway.stderr()}`);
      await exercise(base, key);
      await stopGateway(gateway);
      check(
        (gateway.stderr().match(/generated a gateway key/g) ?? []).length === 1,
        'the generated key was not printed exactly once',
      );
      check(existsSync(join(empty, 'interlingua-data')), 'no ./interlingua-data folder in the working folder');
    },
  );
  await step('cold start twice more with pg and ioredis moved away (loaded only when configured)', async () => {
    const lazy = ['pg', 'ioredis'].map((name) => join(scratch, 'node_modules', name));
    for (const path of lazy) renameSync(path, `${path}.away`);
    try {
      for (let index = 0; index < 2; index += 1) {
        const gateway = await startGateway(bin, port);
        coldStarts.push(gateway.coldStartMs);
        await stopGateway(gateway);
      }
    } finally {
      for (const path of lazy) renameSync(`${path}.away`, path);
    }
  });
  await step('npx @interlingua/gateway --version / --help, check-config, hash-key', () => {
    const version = run('npx', ['--no', '@interlingua/gateway', '--version'], scratch).trim();
    check(/^\d+\.\d+\.\d+/.test(version), `--version printed '${version}'`);
    check(run(bin, ['--help'], scratch).includes('interlingua check-config <file>'), '--help lacks the commands');
    const config = join(scratch, 'gateway.yaml');
    writeFileSync(
      config,
      'keys:\n  - { name: ci, secret: packed-check-key }\nproviders:\n  - { id: mock, type: mock }\nmodels:\n  - { name: mock, targets: [{ provider: mock, model: mock }] }\n',
    );
    check(run(bin, ['check-config', config], scratch).includes('valid'), 'check-config did not accept a valid file');
    check(
      /^sha256:[0-9a-f]{64}$/.test(run(bin, ['hash-key', 'packed-check-key'], scratch).trim()),
      'hash-key did not print a sha256 hash',
    );
  });
  const sorted = [...coldStarts].sort((a, b) => a - b);
  console.log(
    `tarball ${mib(statSync(tarball).size)}; installed node_modules ${mib(installed)} in ${packages} packages (without the optional better-sqlite3)`,
  );
  console.log(
    `cold start (process start -> first /health 200) on Node ${process.versions.node}: ${sorted.map((ms) => `${ms.toFixed(0)} ms`).join(', ')} (median ${sorted[1].toFixed(0)} ms)`,
  );
  console.log('packed gateway: 1 passed, 0 failed');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
