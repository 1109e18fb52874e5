import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { AnswerStore, CacheClearFilter, CachedAnswer } from './answer-store.js';
import { CLEAR_ANSWERS, GET_ANSWER, PUT_ANSWER } from './redis-answer-scripts.js';

const NAMESPACE = 'rcache:';

type RedisWithAnswers = Redis & {
  ilgPutAnswer(namespace: string, ...args: Array<string | number>): Promise<number>;
  ilgGetAnswer(namespace: string, key: string, now: number): Promise<string | null>;
  ilgClearAnswers(namespace: string, keyId: string, model: string): Promise<number>;
};

export interface RedisAnswerStoreOptions {
  url: string;
  /** Prefix of every key written (the top-level store's `keyPrefix`). */
  keyPrefix: string;
  commandTimeoutMs: number;
  /** The most bytes of answers kept, every instance together. */
  maxBytes: number;
}

/**
 * Cached answers in Redis, shared by every instance: each answer with its TTL, the total held
 * to `maxBytes` by evicting the least recently used (an index beside the answers, kept in the
 * same atomic step), and a lock per key so that one instance of a fleet fills an entry.
 */
export class RedisAnswerStore implements AnswerStore {
  private readonly redis: RedisWithAnswers;

  constructor(private readonly options: RedisAnswerStoreOptions) {
    const RedisClient = (createRequire(import.meta.url)('ioredis') as { Redis: typeof Redis }).Redis;
    const redis = new RedisClient(options.url, {
      keyPrefix: options.keyPrefix,
      commandTimeout: options.commandTimeoutMs,
      maxRetriesPerRequest: 1,
    });
    redis.defineCommand('ilgPutAnswer', { numberOfKeys: 1, lua: PUT_ANSWER });
    redis.defineCommand('ilgGetAnswer', { numberOfKeys: 1, lua: GET_ANSWER });
    redis.defineCommand('ilgClearAnswers', { numberOfKeys: 1, lua: CLEAR_ANSWERS });
    // A failing Redis is a cache miss (the callers catch); the client's own error events are not.
    redis.on('error', () => undefined);
    this.redis = redis as RedisWithAnswers;
  }

  async get(key: string): Promise<CachedAnswer | undefined> {
    const json = await this.redis.ilgGetAnswer(NAMESPACE, key, Date.now());
    return json === null ? undefined : (JSON.parse(json) as CachedAnswer);
  }

  async put(key: string, answer: CachedAnswer, ttlMs: number, maxEntryBytes: number): Promise<boolean> {
    const json = JSON.stringify(answer);
    if (Buffer.byteLength(json) > maxEntryBytes) return false;
    const max = this.options.maxBytes;
    const ttl = Math.max(1, Math.round(ttlMs));
    return (
      (await this.redis.ilgPutAnswer(NAMESPACE, key, json, ttl, max, answer.keyId, answer.model, Date.now())) === 1
    );
  }

  async clear(filter: CacheClearFilter): Promise<number> {
    return this.redis.ilgClearAnswers(NAMESPACE, filter.keyId ?? '', filter.model ?? '');
  }

  /** Takes the fill lock of `key` for `leaseMs`; false when another instance holds it. */
  async lock(key: string, leaseMs: number): Promise<boolean> {
    return (await this.redis.set(`${NAMESPACE}lock:${key}`, '1', 'PX', leaseMs, 'NX')) === 'OK';
  }

  async unlock(key: string): Promise<void> {
    await this.redis.del(`${NAMESPACE}lock:${key}`);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
