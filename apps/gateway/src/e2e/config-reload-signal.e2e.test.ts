import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The built gateway in a child process, as an operator runs it: a broken config file stops the
 * start with a message naming the file, and a real SIGHUP with a broken file keeps the running
 * config. Built into its own folder so other suites building `dist/` do not race with it.
 */
const gatewayDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = join(gatewayDir, 'node_modules', '.cache', 'config-reload-signal-test');
const dir = mkdtempSync(join(tmpdir(), 'interlingua-sighup-'));
const file = join(dir, 'gateway.yaml');
const children: ChildProcess[] = [];

const goodConfig = `
server: { host: 127.0.0.1, port: 0 }
keys: [{ name: ops, secret: signal-test-secret }]
providers: [{ id: mock, type: mock }]
models: [{ name: mock, targets: [{ provider: mock }] }]
`;

function start(): { child: ChildProcess; stderr: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [join(outDir, 'main.js'), '--config', file], { env: { PATH: process.env.PATH ?? '', INTERLINGUA_LOG: 'off' }, stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(child);
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stderr: () => output, exited };
}

function waitFor(read: () => string, pattern: RegExp, exited: Promise<number | null>): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const match = pattern.exec(read());
      if (match) {
        clearInterval(timer);
        resolve(match);
      }
    }, 20);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`gateway exited with ${code} before ${pattern}:\n${read()}`));
    });
  });
}

function chat(url: string): Promise<Response> {
  return fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: 'Bearer signal-test-secret', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'mock', messages: [{ role: 'user', content: 'hello' }] }),
  });
}

beforeAll(() => {
  execFileSync(process.execPath, [join(gatewayDir, '..', '..', 'node_modules', 'tsup', 'dist', 'cli-default.js'), '--out-dir', outDir], { cwd: gatewayDir, stdio: 'ignore' });
}, 120_000);

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

describe('the gateway process and its config file', () => {
  it('does not start on an empty file, and says which file and why', async () => {
    writeFileSync(file, '');
    const { stderr, exited } = start();
    expect(await exited).toBe(1);
    expect(stderr()).toContain(`Invalid configuration (${file})`);
    expect(stderr()).toMatch(/the file is empty/);
  });

  it('does not start on a misspelt field, and names the nearest known one', async () => {
    writeFileSync(file, goodConfig.replace('port: 0', 'prot: 0'));
    const { stderr, exited } = start();
    expect(await exited).toBe(1);
    expect(stderr()).toContain('server.prot: unknown field "prot"; did you mean "port"?');
  });

  it('keeps serving the running config after SIGHUP with a broken file', async () => {
    writeFileSync(file, goodConfig);
    const { child, stderr, exited } = start();
    const [, url = ''] = await waitFor(stderr, /listening on (http:\/\/\S+)/, exited);
    expect((await chat(url)).status).toBe(200);
    writeFileSync(file, '');
    child.kill('SIGHUP');
    await waitFor(stderr, /SIGHUP: .* refused, keeping the running config:\n {2}- the file is empty/, exited);
    expect((await chat(url)).status).toBe(200);
    writeFileSync(file, 'keys: [');
    child.kill('SIGHUP');
    await waitFor(stderr, /refused, keeping the running config:\n {2}- not valid YAML/, exited);
    expect((await chat(url)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
