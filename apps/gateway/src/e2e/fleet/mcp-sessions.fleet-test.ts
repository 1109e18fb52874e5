import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type GatewayBuild } from '../gateway-process.test-support.js';
import { EVERYTHING_MAIN } from '../mcp-judges.test-support.js';
import { GatewayInstance } from './fleet-gateways.test-support.js';
import { freePort, type Haproxy, RedisServer, startFleetHaproxy } from './fleet-services.test-support.js';
import { driveMcpSession, sessionFiguresTable } from './mcp-fleet-session.test-support.js';

/**
 * One MCP session of the official SDK client through three gateway instances (two workers each)
 * behind HAProxy (deploy/haproxy/haproxy.cfg, no stickiness), Redis as their store and
 * server-everything spawned over stdio by every worker: the session id one instance issues is
 * used on every other, the issuer is SIGKILLed half-way, and the session goes on with no error
 * and the same id. Ending it on one instance ends it on all (Redis). Prints its figures.
 */
const CALLS = Number(process.env.MCP_FLEET_CALLS ?? 120);
const KEY = 'mcp-fleet-key-0123456789';
/** The keyring every instance shares: it seals the session ids (and compaction items). */
const SHARED_SECRET = 'mcp-fleet-shared-secret-0123456789';

function mcpFleetConfig(port: number, redisUrl: string): string {
  return JSON.stringify({
    server: { host: '127.0.0.1', port, workers: 2 },
    store: { type: 'redis', url: redisUrl, keyPrefix: 'mcp-fleet:' },
    logging: { level: 'warn' },
    defaults: { database: false },
    responses: { compaction: { secret: SHARED_SECRET } },
    keys: [{ name: 'mcp-fleet', secret: KEY, mcp: { servers: ['everything'] } }],
    mcp: { servers: [{ name: 'everything', command: process.execPath, args: [EVERYTHING_MAIN] }] },
  });
}

describe('an MCP session through three gateways behind HAProxy', () => {
  const dir = mkdtempSync(join(tmpdir(), 'interlingua-mcp-fleet-'));
  let build: GatewayBuild;
  let redis: RedisServer;
  let haproxy: Haproxy;
  const gateways: GatewayInstance[] = [];

  beforeAll(async () => {
    build = buildGateway('mcp-fleet-test');
    redis = new RedisServer(await freePort(), mkdtempSync(join(dir, 'redis-')));
    await redis.start();
    for (const name of ['gw1', 'gw2', 'gw3']) {
      const gateway = new GatewayInstance(name, await freePort(), build.main, dir);
      writeFileSync(gateway.configFile, mcpFleetConfig(gateway.port, redis.url));
      gateways.push(gateway);
    }
    await Promise.all(gateways.map((gateway) => gateway.start()));
    haproxy = await startFleetHaproxy(gateways);
  }, 240_000);

  afterAll(async () => {
    for (const gateway of gateways) gateway.kill();
    await haproxy?.stop();
    await redis?.stop();
    build?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps one session working across instances and through a SIGKILL', async () => {
    const figures = await driveMcpSession({
      url: `${haproxy.url}/mcp`,
      key: KEY,
      echo: 'everything__echo',
      calls: CALLS,
      killAfter: Math.floor(CALLS / 3),
      kill: async (instance) => {
        const victim = gateways.find((gateway) => gateway.name === instance);
        if (!victim) throw new Error(`no instance ${instance} answered`);
        await victim.crash();
      },
    });
    const table = sessionFiguresTable(figures);
    console.log(`MCP session through the fleet:\n${table}`);

    expect(figures.errors, table).toEqual([]);
    // No stickiness: the session's requests are answered by several instances, then by survivors
    // only (HAProxy balances by least connections, so the instance holding the client's GET
    // stream gets fewer of its POSTs).
    expect(figures.hitsBefore.size, table).toBeGreaterThanOrEqual(2);
    expect(figures.hitsBefore.has(figures.issuedBy), table).toBe(true);
    expect(figures.hitsAfter.size, table).toBeGreaterThanOrEqual(1);
    expect(figures.hitsAfter.has(figures.killed), table).toBe(false);
    // The id the killed instance issued held to the end, answered by every other instance.
    expect(figures.killed, table).toBe(figures.issuedBy);
    expect(figures.session, table).toBe('kept');

    // Every survivor takes the dead instance's id; ended on one, it is unknown on the other.
    const [ender, other] = gateways.filter((gateway) => gateway.name !== figures.killed);
    for (const survivor of [ender!, other!])
      expect((await sessionRequest(survivor.port, 'POST', figures.sessionId!)).status, table).toBe(200);
    const ended = await sessionRequest(ender!.port, 'DELETE', figures.sessionId!);
    expect(ended.status, table).toBe(200);
    expect((await sessionRequest(other!.port, 'POST', figures.sessionId!)).status, table).toBe(404);
  }, 120_000);
});

function sessionRequest(port: number, method: string, sessionId: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/mcp`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', 'mcp-session-id': sessionId },
    ...(method === 'POST' ? { body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) } : {}),
  });
}
