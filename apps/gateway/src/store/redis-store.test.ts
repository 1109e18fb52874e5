import { describe } from 'vitest';
import { RedisStore } from './redis-store.js';
import { redisTestUrl } from './redis-test-url.test-support.js';
import { describeStateStoreContract } from './state-store-contract.test-support.js';

const url = redisTestUrl();

if (url)
  describeStateStoreContract(
    'RedisStore',
    () => new RedisStore({ url, keyPrefix: 'interlingua-test:', commandTimeoutMs: 2_000 }),
  );
else describe.skip('RedisStore (set REDIS_URL to run)', () => undefined);
