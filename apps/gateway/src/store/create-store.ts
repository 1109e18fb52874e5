import type { StoreConfig } from '../config/operations-schema.js';
import { MemoryStore } from './memory-store.js';
import { RedisStore } from './redis-store.js';
import type { StateStore } from './state-store.js';

/** The store the config names: in memory (one instance) or Redis (shared by several). */
export function createStore(config: StoreConfig): StateStore {
  if (config.type === 'redis')
    return new RedisStore({ url: config.url, keyPrefix: config.keyPrefix, commandTimeoutMs: config.commandTimeoutMs });
  return new MemoryStore(config.maxEntries);
}
