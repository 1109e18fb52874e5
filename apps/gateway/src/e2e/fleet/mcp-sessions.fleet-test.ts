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
 * server-everything spawned over stdio by every worker: many calls land on different instances,
 * one instance is SIGKILLed half-way, and the session goes on with no error. Prints its figures.
 */
const CALLS = Number(process.env.MCP_FLEET_CALLS ?? 120);
const KEY = 'mcp-fleet-key-0123456789';

function mcpFleetConfig(port: number, redisUrl: string): string {
  return JSON.stringify({
    server: { host: '127.0.0.1', port, workers: 2 },
    store: { type: 'redis', url: redisUrl, keyPrefix: 'mcp-fleet:' },
    logging: { level: 'warn' },
    defaults: { database: false },
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
    // No stickiness: the session's requests spread over every instance, then over both survivors.
    expect([...figures.hitsBefore.keys()].sort(), table).toEqual(['gw1', 'gw2', 'gw3']);
    expect([...figures.hitsAfter.keys()].sort(), table).toEqual(
      ['gw1', 'gw2', 'gw3'].filter((name) => name !== figures.killed),
    );
    // A session id, when the gateway gives one, holds to the end (a stateless gateway gives none).
    expect(figures.session, table).not.toBe('changed');
  }, 120_000);
});
