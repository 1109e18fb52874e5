import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildGateway,
  chatsOnNewConnections,
  logLines,
  postOnNewConnection,
  removeGatewayProcess,
  servedBy,
  startTwoWorkerGateway,
  type GatewayBuild,
  type GatewayProcess,
} from './gateway-process.test-support.js';

/**
 * The built gateway with `server.workers: 2` and a database polled only every minute: a key
 * created, rotated or disabled through the admin API on whichever worker takes the call holds on
 * every worker before that call answers (the primary passes the change on), so the poll is never
 * what makes a revocation hold on this instance.
 */
const dir = mkdtempSync(join(tmpdir(), 'interlingua-workers-revoke-'));
const file = join(dir, 'gateway.yaml');
const ADMIN_SECRET = 'workers-revoke-admin-secret-0123456789';
const REQUESTS = 24;

writeFileSync(
  file,
  `
server: { host: 127.0.0.1, port: 0, workers: 2 }
admin: { secret: ${ADMIN_SECRET} }
keys:
  - { name: from-file, secret: workers-revoke-file-secret }
database: { type: sqlite, dir: ${JSON.stringify(join(dir, 'data'))}, keyRefreshMs: 60000 }
providers:
  - { id: mock, type: mock }
models:
  - { name: mock, targets: [{ provider: mock }] }
`,
);

let build: GatewayBuild;
let gateway: GatewayProcess;
let url = '';

beforeAll(async () => {
  build = buildGateway('workers-revoke-e2e-test');
  ({ gateway, url } = await startTwoWorkerGateway(build.main, file));
}, 180_000);

afterAll(() => removeGatewayProcess(gateway, build, dir));

const admin = async (path: string, body: unknown = {}): Promise<Record<string, unknown>> => {
  const answer = await postOnNewConnection(url, path, { authorization: `Bearer ${ADMIN_SECRET}` }, body);
  expect(answer.status, answer.body).toBeLessThan(300);
  return JSON.parse(answer.body) as Record<string, unknown>;
};

/** The statuses of `REQUESTS` chats with `secret`, each on its own connection, and how many workers served them. */
const spread = async (secret: string): Promise<{ statuses: Set<number>; workers: number }> => {
  const answers = await chatsOnNewConnections(url, REQUESTS, secret);
  const pids = await servedBy(
    gateway,
    answers.map((answer) => answer.requestId),
  );
  return { statuses: new Set(answers.map((answer) => answer.status)), workers: new Set(pids.values()).size };
};

describe('a runtime key change on two gateway workers, the database polled every 60 s', () => {
  it('accepts a created key on every worker, then refuses its old secret on every worker as soon as the rotation answers', async () => {
    const created = await admin('/admin/keys', { name: 'rotated' });
    expect(await spread(String(created.secret))).toEqual({ statuses: new Set([200]), workers: 2 });
    const rotated = await admin(`/admin/keys/${String(created.id)}/rotate`);
    expect(await spread(String(created.secret))).toEqual({ statuses: new Set([401]), workers: 2 });
    expect(await spread(String(rotated.secret))).toEqual({ statuses: new Set([200]), workers: 2 });
  });

  it('refuses a disabled key on every worker as soon as the disable answers, and says in the audit line that the other worker applied it', async () => {
    const created = await admin('/admin/keys', { name: 'disabled' });
    expect(await spread(String(created.secret))).toEqual({ statuses: new Set([200]), workers: 2 });
    await admin(`/admin/keys/${String(created.id)}/disable`);
    expect(await spread(String(created.secret))).toEqual({ statuses: new Set([401]), workers: 2 });
    const audit = logLines(gateway.stdout(), 'admin action').find((line) => line.audit === 'key.disable');
    expect(audit).toMatchObject({ keyId: created.id, outcome: 'saved', workers: 1, workersApplied: 1 });
  });
});
