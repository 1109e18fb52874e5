import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildGateway,
  startGatewayProcess,
  type GatewayBuild,
  type GatewayProcess,
} from './gateway-process.test-support.js';

/**
 * The built gateway in a child process, as an operator runs it: a broken config file stops the
 * start with a message naming the file, and a real SIGHUP with a broken file keeps the running
 * config.
 */
const dir = mkdtempSync(join(tmpdir(), 'interlingua-sighup-'));
const file = join(dir, 'gateway.yaml');
const started: GatewayProcess[] = [];
let build: GatewayBuild;

const goodConfig = `
server: { host: 127.0.0.1, port: 0 }
keys: [{ name: ops, secret: signal-test-secret }]
providers: [{ id: mock, type: mock }]
models: [{ name: mock, targets: [{ provider: mock }] }]
`;

function start(): GatewayProcess {
  const gateway = startGatewayProcess(build.main, ['--config', file], { INTERLINGUA_LOG: 'off' });
  started.push(gateway);
  return gateway;
}

function chat(url: string): Promise<Response> {
  return fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: 'Bearer signal-test-secret', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'mock', messages: [{ role: 'user', content: 'hello' }] }),
  });
}

beforeAll(() => {
  build = buildGateway('config-reload-signal-test');
}, 120_000);

afterAll(() => {
  for (const gateway of started) if (gateway.child.exitCode === null) gateway.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  build?.remove();
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
    const { child, exited, waitForStderr } = start();
    const [, url = ''] = await waitForStderr(/listening on (http:\/\/\S+)/);
    expect((await chat(url)).status).toBe(200);
    writeFileSync(file, '');
    child.kill('SIGHUP');
    await waitForStderr(/SIGHUP: .* refused, keeping the running config:\n {2}- the file is empty/);
    expect((await chat(url)).status).toBe(200);
    writeFileSync(file, 'keys: [');
    child.kill('SIGHUP');
    await waitForStderr(/refused, keeping the running config:\n {2}- not valid YAML/);
    expect((await chat(url)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
