import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildGateway, type GatewayBuild } from '../gateway-process.test-support.js';
import { startFleet, type FleetSettings, type GatewayInstance } from './fleet-gateways.test-support.js';
import { freePort, PostgresCluster, RedisServer, type Haproxy } from './fleet-services.test-support.js';
import { startFleetUpstream, type FleetUpstream } from './fleet-upstream.test-support.js';

/** What a fleet test starts: the gateway build, the upstream, Redis, PostgreSQL, three instances and HAProxy. */
export interface FleetRig {
  upstream: FleetUpstream;
  redis: RedisServer;
  postgres: PostgresCluster;
  haproxy: Haproxy;
  settings: FleetSettings;
  gateways: GatewayInstance[];
}

export interface FleetRigOptions {
  /** Names the temporary directory, the build and every secret of the fleet. */
  name: string;
  /** How long the upstream takes to stream one answer. */
  streamMs: number;
  /** The plain keys the steady load uses. */
  loadSecrets: string[];
  setupTimeoutMs: number;
}

/**
 * Starts the fleet in the describe's beforeAll and tears all of it down in its afterAll. The rig's
 * fields are there from the first test on; the test may replace `settings` (a config reload).
 */
export function useFleetRig(options: FleetRigOptions): FleetRig {
  const dir = mkdtempSync(join(tmpdir(), `interlingua-${options.name}-`));
  const rig = { gateways: [] as GatewayInstance[] } as Partial<FleetRig> & { gateways: GatewayInstance[] };
  let build: GatewayBuild | undefined;

  beforeAll(async () => {
    build = buildGateway(`${options.name}-test`);
    rig.upstream = await startFleetUpstream({ streamMs: options.streamMs, delayMs: 60 });
    const redis = new RedisServer(await freePort(), mkdtempSync(join(dir, 'redis-')));
    rig.redis = redis;
    await redis.start();
    const postgres = new PostgresCluster(await freePort(), mkdtempSync(join(dir, 'postgres-')));
    rig.postgres = postgres;
    await postgres.create();
    const settings: FleetSettings = {
      upstreamUrl: rig.upstream.url,
      redisUrl: redis.url,
      postgresUrl: postgres.url,
      adminSecret: `${options.name}-admin-secret-0123456789`,
      workers: 2,
      poolSize: 3,
      keyRefreshMs: 500,
      rpm: { secret: `${options.name}-rpm-secret`, limit: 15 },
      tpm: { secret: `${options.name}-tpm-secret`, limit: 100 },
      budget: { secret: `${options.name}-budget-secret`, cost: 0.1 },
      loadSecrets: options.loadSecrets,
      addedRoute: false,
    };
    rig.settings = settings;
    const fleet = await startFleet(settings, build.main, dir);
    rig.gateways.push(...fleet.gateways);
    rig.haproxy = fleet.haproxy;
  }, options.setupTimeoutMs);

  afterAll(async () => {
    for (const gateway of rig.gateways) gateway.kill();
    await rig.haproxy?.stop();
    await rig.redis?.stop();
    rig.postgres?.destroy();
    await rig.upstream?.close();
    build?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  return rig as FleetRig;
}
