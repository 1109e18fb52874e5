import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type GatewayBuild } from '../gateway-process.test-support.js';
import { EVERYTHING_MAIN, GATEWAY_SERVES_MCP } from '../mcp-judges.test-support.js';
import { connectSdkClient, firstText } from '../mcp-sdk-client.test-support.js';
import { GatewayInstance } from './fleet-gateways.test-support.js';
import { freePort, Haproxy, RedisServer } from './fleet-services.test-support.js';

/**
 * One MCP session of the official SDK client through three gateway instances (two workers each)
 * behind HAProxy (deploy/haproxy/haproxy.cfg, no stickiness), sessions shared through Redis and
 * server-everything spawned over stdio by every worker: many calls land on different instances,
 * one instance is SIGKILLed half-way, and the session goes on with no error. Prints its figures.
 */
const CALLS = Number(process.env.MCP_FLEET_CALLS ?? 120);
const KILL_AFTER = Math.floor(CALLS / 3);
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

describe.runIf(GATEWAY_SERVES_MCP)('an MCP session through three gateways behind HAProxy', () => {
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
    const lbPort = await freePort();
    haproxy = new Haproxy(
      join(import.meta.dirname, '..', '..', '..', '..', '..', 'deploy', 'haproxy', 'haproxy.cfg'),
      {
        INTERLINGUA_LB_BIND: `127.0.0.1:${lbPort}`,
        INTERLINGUA_LB_OPERATOR_BIND: `127.0.0.1:${await freePort()}`,
        INTERLINGUA_GW1: `127.0.0.1:${gateways[0]?.port}`,
        INTERLINGUA_GW2: `127.0.0.1:${gateways[1]?.port}`,
        INTERLINGUA_GW3: `127.0.0.1:${gateways[2]?.port}`,
      },
      lbPort,
    );
    await haproxy.start();
  }, 240_000);

  afterAll(async () => {
    for (const gateway of gateways) gateway.kill();
    await haproxy?.stop();
    await redis?.stop();
    build?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps one session working across instances and through a SIGKILL', async () => {
    /** The instance (HAProxy's server name) behind each HTTP answer the client got, in order. */
    const answeredBy: string[] = [];
    const sdk = await connectSdkClient(`${haproxy.url}/mcp`, KEY, {
      onResponse: (response) => answeredBy.push(response.headers.get('x-interlingua-instance') ?? '?'),
    });
    const sessionId = sdk.transport.sessionId;
    expect(sessionId).toBeTruthy();
    const errors: string[] = [];
    const hitsBefore = new Map<string, number>();
    const hitsAfter = new Map<string, number>();
    let killed = '';
    let finalSessionId: string | undefined;
    const started = Date.now();
    try {
      for (let call = 0; call < CALLS; call++) {
        if (call === KILL_AFTER) {
          // The instance that answered last dies with the session's state in its memory.
          killed = (answeredBy.at(-1) ?? '').replace(/-backup$/, '');
          const victim = gateways.find((gateway) => gateway.name === killed);
          expect(victim, `answered by ${killed}`).toBeDefined();
          await victim?.crash();
        }
        const before = answeredBy.length;
        try {
          if (call % 10 === 9) {
            const { tools } = await sdk.client.listTools();
            if (!tools.some((tool) => tool.name === 'everything__echo')) errors.push(`call ${call}: no echo listed`);
          } else {
            const result = await sdk.client.callTool({
              name: 'everything__echo',
              arguments: { message: `call ${call}` },
            });
            if (firstText(result) !== `Echo: call ${call}`) errors.push(`call ${call}: ${JSON.stringify(result)}`);
          }
        } catch (error) {
          errors.push(`call ${call}: ${String(error)}`);
        }
        const hits = call < KILL_AFTER ? hitsBefore : hitsAfter;
        for (const instance of answeredBy.slice(before)) {
          const name = instance.replace(/-backup$/, '');
          hits.set(name, (hits.get(name) ?? 0) + 1);
        }
      }
    } finally {
      finalSessionId = sdk.transport.sessionId;
      await sdk.close();
    }
    const seconds = (Date.now() - started) / 1000;
    const figures = [
      '| figure | value |',
      '| --- | --- |',
      `| MCP requests (tools/call, tools/list) | ${CALLS} |`,
      `| errors | ${errors.length} |`,
      `| answers per instance before the SIGKILL | ${[...hitsBefore].map(([k, v]) => `${k} ${v}`).join(', ')} |`,
      `| SIGKILL | ${killed} after request ${KILL_AFTER} |`,
      `| answers per instance after it | ${[...hitsAfter].map(([k, v]) => `${k} ${v}`).join(', ')} |`,
      `| session id unchanged | ${finalSessionId === sessionId ? 'yes' : 'no'} |`,
      `| seconds | ${seconds.toFixed(1)} |`,
    ].join('\n');
    console.log(`MCP session through the fleet:\n${figures}`);

    expect(errors).toEqual([]);
    // No stickiness: the session's requests spread over every instance, then over both survivors.
    expect(hitsBefore.size, figures).toBe(3);
    expect([...hitsAfter.keys()].sort(), figures).toEqual(
      ['gw1', 'gw2', 'gw3'].filter((name) => name !== killed).sort(),
    );
    expect(finalSessionId).toBe(sessionId);
  }, 120_000);
});
