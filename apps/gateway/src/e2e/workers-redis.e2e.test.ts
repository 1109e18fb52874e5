import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisTestUrl } from '../store/redis-test-url.test-support.js';
import {
  buildGateway,
  chatsOnNewConnections,
  removeGatewayProcess,
  servedBy,
  startOfRpmWindow,
  startTwoWorkerGateway,
  type GatewayBuild,
  type GatewayProcess,
} from './gateway-process.test-support.js';

/**
 * Two workers with the Redis store: each worker talks to Redis itself, and a key's RPM holds
 * across them as across instances.
 */
const redisUrl = redisTestUrl();
const RPM = 10;

if (redisUrl) {
  const dir = mkdtempSync(join(tmpdir(), 'interlingua-workers-redis-'));
  const file = join(dir, 'gateway.yaml');
  let build: GatewayBuild;
  let gateway: GatewayProcess;
  let url = '';

  beforeAll(async () => {
    build = buildGateway('workers-redis-e2e-test');
    writeFileSync(
      file,
      `
server: { host: 127.0.0.1, port: 0, workers: 2 }
store: { type: redis, url: "${redisUrl}", keyPrefix: "interlingua-workers-test-${randomUUID()}:" }
keys: [{ name: limited, secret: workers-redis-secret, rpm: ${RPM} }]
providers: [{ id: mock, type: mock }]
models: [{ name: mock, targets: [{ provider: mock }] }]
`,
    );
    ({ gateway, url } = await startTwoWorkerGateway(build.main, file));
  }, 180_000);

  afterAll(() => removeGatewayProcess(gateway, build, dir));

  describe('two gateway workers with the Redis store', () => {
    it(`lets exactly the key's RPM (${RPM}) through across both workers`, async () => {
      await startOfRpmWindow();
      const answers = await chatsOnNewConnections(url, 40, 'workers-redis-secret');
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(RPM);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(40 - RPM);
      expect(
        new Set(
          (
            await servedBy(
              gateway,
              answers.map((answer) => answer.requestId),
            )
          ).values(),
        ).size,
      ).toBe(2);
      gateway.child.kill('SIGTERM');
      expect(await gateway.exited).toBe(0);
    });
  });
} else describe.skip('two gateway workers with the Redis store (set REDIS_URL to run)', () => undefined);
