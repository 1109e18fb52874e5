import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildGateway,
  chatsOnNewConnections,
  getOnNewConnection,
  postOnNewConnection,
  removeGatewayProcess,
  startGatewayProcess,
  type GatewayBuild,
  type GatewayProcess,
} from './gateway-process.test-support.js';

/**
 * The built gateway, on the journal's defaults, killed with SIGKILL the moment its callers have
 * their whole answers (streamed and not), while the database write is far off: each answer's row
 * reached the journal before its last byte, so the next start replays it and every answered
 * request is in the ledger exactly once.
 */
const dir = mkdtempSync(join(tmpdir(), 'interlingua-crash-'));
const dataDir = join(dir, 'data');
const file = join(dir, 'gateway.yaml');
const ADMIN = 'crash-admin-secret-0123456789';
const SECRET = 'crash-key-secret';

const config = (flushMs: number): string => `
server: { host: 127.0.0.1, port: 0 }
admin: { secret: ${ADMIN} }
database: { type: sqlite, dir: ${JSON.stringify(dataDir)} }
ledger: { flushMs: ${flushMs} }
keys:
  - { name: crash, secret: ${SECRET} }
providers:
  - { id: mock, type: mock }
models:
  - { name: mock, targets: [{ provider: mock }] }
`;

let build: GatewayBuild;
let gateway: GatewayProcess | undefined;

const start = async (): Promise<string> => {
  gateway = startGatewayProcess(build.main, ['--config', file], { INTERLINGUA_LOG: 'off' });
  const [, url = ''] = await gateway.waitForStderr(/listening on (http:\/\/\S+)/);
  return url;
};
let streamed = 0;

/** One streamed chat on its own connection; its status and request id once the stream ended. */
const streamedChat = async (url: string): Promise<{ status: number; requestId: string }> => {
  const requestId = `gateway-process-test-stream-${process.pid}-${++streamed}`;
  const { status, body } = await postOnNewConnection(
    url,
    '/v1/chat/completions',
    { authorization: `Bearer ${SECRET}`, 'x-request-id': requestId },
    { model: 'mock', stream: true, messages: [{ role: 'user', content: 'hello' }] },
  );
  expect(body).toContain('data: [DONE]');
  return { status, requestId };
};
const journaled = (): string =>
  readdirSync(dataDir)
    .filter((name) => name.startsWith('ledger-'))
    .map((name) => readFileSync(join(dataDir, name), 'utf8'))
    .join('');

beforeAll(() => {
  build = buildGateway('ledger-crash-replay-test');
}, 180_000);

afterAll(() => removeGatewayProcess(gateway, build, dir));

describe('a gateway killed with SIGKILL', () => {
  it('has every request it answered in the ledger exactly once after the next start', async () => {
    writeFileSync(file, config(3_600_000));
    const first = await start();
    // One at a time, each answer's row is in the journal the moment its caller has the answer.
    const answers: Array<{ status: number; requestId: string }> = [];
    const notJournaled: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const [answer] = i % 2 === 0 ? await chatsOnNewConnections(first, 1, SECRET) : [await streamedChat(first)];
      if (!answer) continue;
      answers.push(answer);
      if (!journaled().includes(`"requestId":"${answer.requestId}"`)) notJournaled.push(answer.requestId);
    }
    expect(notJournaled).toEqual([]);
    // Then 12 at once (their rows share journal writes), killed as soon as the last answer ended.
    const together = await Promise.all([
      chatsOnNewConnections(first, 6, SECRET),
      Promise.all(Array.from({ length: 6 }, () => streamedChat(first))),
    ]);
    answers.push(...together.flat());
    gateway?.child.kill('SIGKILL');
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 22 }, () => 200));
    await gateway?.exited;

    writeFileSync(file, config(100));
    const second = await start();
    const rowsOf = async (): Promise<number[]> => {
      const { body } = await getOnNewConnection(second, '/admin/usage?format=csv&key=crash&from=0', {
        authorization: `Bearer ${ADMIN}`,
      });
      const lines = body.trim().split('\r\n');
      const column = (lines[0] ?? '').split(',').indexOf('request_id');
      const ids = lines.slice(1).map((line) => line.split(',')[column]);
      return answers.map((answer) => ids.filter((id) => id === answer.requestId).length);
    };
    await expect.poll(rowsOf, { timeout: 10_000, interval: 100 }).toEqual(Array.from({ length: 22 }, () => 1));
    await expect
      .poll(() => journaled(), { timeout: 5_000, interval: 100 })
      .not.toContain('"requestId":"gateway-process-test');
    gateway?.child.kill('SIGTERM');
    await gateway?.exited;
  }, 60_000);
});
