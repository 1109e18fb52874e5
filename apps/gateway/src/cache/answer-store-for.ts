import type { GatewayConfig } from '../config/config-schema.js';
import type { AnswerStore } from './answer-store.js';
import { MemoryAnswerStore } from './memory-answer-store.js';
import { RedisAnswerStore } from './redis-answer-store.js';

/** The answer store the config names: in this process, or in the Redis of the top-level `store` (shared by a fleet). */
export function answerStoreFor(config: Pick<GatewayConfig, 'cache' | 'store'>): AnswerStore {
  const { store, cache } = config;
  if (cache.store === 'redis' && store.type === 'redis')
    return new RedisAnswerStore({
      url: store.url,
      keyPrefix: store.keyPrefix,
      commandTimeoutMs: store.commandTimeoutMs,
      maxBytes: cache.maxBytes,
    });
  return new MemoryAnswerStore(cache.maxBytes);
}
