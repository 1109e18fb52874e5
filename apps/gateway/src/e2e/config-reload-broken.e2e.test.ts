import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load-config.js';
import { startGateway, type RunningGateway } from '../server.js';

/**
 * A reload (SIGHUP) with a file that cannot be used changes nothing: the old keys, providers and
 * routes keep serving, and an error line names the file and its problems.
 */
const dir = mkdtempSync(join(tmpdir(), 'interlingua-reload-'));
const file = join(dir, 'gateway.yaml');
const logLines: Record<string, unknown>[] = [];
let running: RunningGateway;

const goodConfig = `
server: { host: 127.0.0.1, port: 0 }
keys: [{ name: first, secret: first-key-secret }]
providers: [{ id: mock, type: mock }]
models: [{ name: mock, targets: [{ provider: mock }] }]
`;

const brokenFiles: Array<[string, string, RegExp]> = [
  ['an empty file', '', /^the file is empty/],
  ['a file of comments', '# work in progress\n', /^the file is empty/],
  ['invalid YAML', 'keys: [\n  - name: x\n', /^not valid YAML or JSON/],
  [
    'an unknown field',
    goodConfig.replace('port: 0', 'prot: 0'),
    /^server\.prot: unknown field "prot"; did you mean "port"\?/,
  ],
  [
    'a target naming no provider',
    goodConfig.replace('targets: [{ provider: mock }]', 'targets: [{ provider: nowhere }]'),
    /^models\[0\]\.targets\[0\]\.provider: no provider with id "nowhere"/,
  ],
  ['no keys at all', goodConfig.replace(/keys: .*\n/, ''), /^keys: no gateway key is configured/],
  [
    'a missing environment variable',
    goodConfig.replace('first-key-secret', '"${RELOAD_TEST_UNSET_VARIABLE}"'),
    /environment variable RELOAD_TEST_UNSET_VARIABLE is not set/,
  ],
];

function chat(key: string): Promise<Response> {
  return fetch(`${running.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'mock', messages: [{ role: 'user', content: 'still there?' }] }),
  });
}

beforeAll(async () => {
  writeFileSync(file, goodConfig);
  running = await startGateway(loadConfig(file, {}), {
    logDestination: { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
  });
});

afterEach(() => writeFileSync(file, goodConfig));

afterAll(async () => {
  await running?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('reload with a broken config file', () => {
  it.each(brokenFiles)('refuses %s and keeps serving the old config', async (_name, text, problem) => {
    writeFileSync(file, text);
    const before = running.gateway;
    const result = running.reloadFile(file, {});
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems).toContainEqual(expect.stringMatching(problem));
    expect(running.gateway).toBe(before);
    const answer = await chat('first-key-secret');
    expect(answer.status).toBe(200);
    const refused = logLines
      .filter((line) => line.msg === 'config reload refused; the running config keeps serving')
      .at(-1);
    expect(refused).toMatchObject({ level: 'error', file });
    expect(refused?.problems).toContainEqual(expect.stringMatching(problem));
  });

  it('applies a good file after refusing broken ones', async () => {
    writeFileSync(
      file,
      goodConfig.replace('name: first, secret: first-key-secret', 'name: second, secret: second-key-secret'),
    );
    expect(running.reloadFile(file, {}).ok).toBe(true);
    expect((await chat('first-key-secret')).status).toBe(401);
    expect((await chat('second-key-secret')).status).toBe(200);
  });
});
