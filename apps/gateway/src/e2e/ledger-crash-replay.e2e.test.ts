import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildGateway,
  chatsOnNewConnections,
  getOnNewConnection,
  removeGatewayProcess,
  startGatewayProcess,
  type GatewayBuild,
  type GatewayProcess,
} from './gateway-process.test-support.js';

/**
 * The built gateway killed with SIGKILL while its answered requests are only in the ledger
 * journal (the database write is far off): the next start replays the journal and every
 * answered request is in the ledger exactly once.
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
    const answers = await chatsOnNewConnections(first, 12, SECRET);
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 12 }, () => 200));
    // Within `ledger.journal.commitMs` each row is in the journal; the database has none yet.
    await expect
      .poll(() => answers.every((answer) => journaled().includes(`"requestId":"${answer.requestId}"`)), {
        timeout: 5_000,
        interval: 20,
      })
      .toBe(true);
    gateway?.child.kill('SIGKILL');
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
    await expect.poll(rowsOf, { timeout: 10_000, interval: 100 }).toEqual(Array.from({ length: 12 }, () => 1));
    await expect
      .poll(() => journaled(), { timeout: 5_000, interval: 100 })
      .not.toContain('"requestId":"gateway-process-test');
    gateway?.child.kill('SIGTERM');
    await gateway?.exited;
  }, 60_000);
});
