import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../ledger/test-databases.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/**
 * The gateway with PostgreSQL behind a loopback relay the test opens and closes: down at start,
 * up, then down again (a restart as the gateway sees it). It serves with its config keys
 * throughout, `/ready` and `/metrics` say when the database is away, and every answered request
 * reaches the ledger exactly once when it returns, without a gateway restart.
 */
const postgres = TEST_DATABASES.find((database) => database.name === 'postgres');
const ADMIN = 'outage-admin-secret-0123456789';

/** A TCP relay to PostgreSQL on a fixed loopback port: `up` listens, `down` refuses and cuts every connection. */
class Relay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async onFreePort(target: { host: string; port: number }): Promise<Relay> {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    return new Relay(port, target);
  }

  async up(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe.runIf(postgres)('a PostgreSQL outage', () => {
  let harness: Harness;
  let relay: Relay;
  let direct: pg.Client;
  let journalDir: string;
  let sent = 0;

  beforeAll(async () => {
    const config = await postgres?.fresh();
    if (config?.type !== 'postgres') throw new Error('a PostgreSQL test database');
    const url = new URL(config.url);
    relay = await Relay.onFreePort({ host: url.hostname, port: Number(url.port || 5432) });
    direct = new pg.Client({ connectionString: config.url });
    await direct.connect();
    const relayed = new URL(config.url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    journalDir = mkdtempSync(join(tmpdir(), 'interlingua-outage-'));
    harness = await startHarness(() => undefined, {
      sections: {
        admin: { secret: ADMIN },
        database: { type: 'postgres', url: relayed.toString(), keyRefreshMs: 200, connectTimeoutMs: 1_000 },
        ledger: { flushMs: 200, journal: { dir: journalDir } },
      },
    });
  }, 30_000);

  afterAll(async () => {
    await harness?.close();
    await relay?.down();
    await direct?.end();
    rmSync(journalDir, { recursive: true, force: true });
  });

  const chat = async (): Promise<{ status: number; requestId: string }> => {
    const requestId = `outage-${process.pid}-${++sent}`;
    const response = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${GATEWAY_KEY}`,
        'content-type': 'application/json',
        'x-request-id': requestId,
      },
      body: JSON.stringify({ model: 'mock', messages: [{ role: 'user', content: 'hello' }] }),
    });
    await response.arrayBuffer();
    return { status: response.status, requestId };
  };
  const ready = async (): Promise<{
    status: number;
    body: { status: string; database?: string; journal?: { pendingRows: number } };
  }> => {
    const response = await fetch(`${harness.url}/ready`);
    return {
      status: response.status,
      body: (await response.json()) as { status: string; database?: string; journal?: { pendingRows: number } },
    };
  };
  const metric = async (name: string): Promise<number> => {
    const text = await (
      await fetch(`${harness.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } })
    ).text();
    const values = [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'gm'))].map((match) =>
      Number(match[1]),
    );
    return values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0);
  };
  /** How many ledger rows each request id has, read straight from PostgreSQL. */
  const ledgerCounts = async (requestIds: readonly string[]): Promise<number[]> => {
    const { rows } = await direct.query<{ request_id: string; n: string }>(
      'SELECT request_id, COUNT(*) AS n FROM interlingua_requests WHERE request_id = ANY($1) GROUP BY request_id',
      [requestIds],
    );
    const counts = new Map(rows.map((row) => [row.request_id, Number(row.n)]));
    return requestIds.map((id) => counts.get(id) ?? 0);
  };

  it('starts while the database is unreachable, serves config keys, says degraded on /ready and in metrics', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, chat));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const state = await ready();
    expect(state.status).toBe(503);
    expect(state.body).toMatchObject({ status: 'degraded', database: 'unreachable' });
    expect(state.body.journal?.pendingRows).toBe(5);
    expect(await metric('interlingua_database_up')).toBe(0);
    expect(await metric('interlingua_ledger_pending_rows')).toBe(5);
    expect(await metric('interlingua_ledger_oldest_pending_seconds')).toBeGreaterThan(0);
    const admin = await fetch(`${harness.url}/admin/keys`, { headers: { authorization: `Bearer ${ADMIN}` } });
    expect(admin.status).toBe(503);

    await relay.up();
    await expect.poll(async () => (await ready()).body.status, { timeout: 20_000, interval: 200 }).toBe('ready');
    await expect
      .poll(() => ledgerCounts(answers.map((answer) => answer.requestId)), { timeout: 10_000, interval: 200 })
      .toEqual([1, 1, 1, 1, 1]);
    expect(await metric('interlingua_ledger_pending_rows')).toBe(0);
  }, 40_000);

  it('keeps serving through a database restart and writes the rows answered meanwhile exactly once', async () => {
    await relay.down();
    await expect.poll(async () => (await ready()).status, { timeout: 10_000, interval: 100 }).toBe(503);
    const answers = await Promise.all(Array.from({ length: 4 }, chat));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await ledgerCounts(answers.map((answer) => answer.requestId))).toEqual([0, 0, 0, 0]);
    await relay.up();
    await expect.poll(async () => (await ready()).status, { timeout: 20_000, interval: 200 }).toBe(200);
    await expect
      .poll(() => ledgerCounts(answers.map((answer) => answer.requestId)), { timeout: 10_000, interval: 200 })
      .toEqual([1, 1, 1, 1]);
    expect(await metric('interlingua_database_errors_total')).toBeGreaterThan(0);
  }, 40_000);
});
