import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import {
  DELETE_IN_GROUP,
  encodedGroup,
  GROUP_USAGE,
  groupItemKey,
  GROUPS_NAMESPACE,
  PUT_IN_GROUP,
} from './redis-groups.js';
import { refuseNonFiniteOps } from './finite-counter-ops.js';
import type { CounterOp, GroupLimits, GroupPutResult, GroupUsage, StateStore } from './state-store.js';

/** Adds ARGV[1] to KEYS[1] and gives it a TTL of ARGV[2] ms when it has none: one atomic step. */
const ADD_WITH_TTL = `
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return value`;

/** ioredis is loaded when a Redis store is configured, never when the gateway starts on the memory store. */
function loadRedisClient(): typeof Redis {
  return (createRequire(import.meta.url)('ioredis') as { Redis: typeof Redis }).Redis;
}

type RedisWithAdd = Redis & {
  ilgAdd(key: string, by: number, ttlMs: number): Promise<number>;
  ilgPutInGroup(namespace: string, ...args: Array<string | number>): Promise<Array<number | string>>;
  ilgDeleteInGroup(namespace: string, group: string, id: string): Promise<number>;
  ilgGroupUsage(namespace: string, group: string, now: number): Promise<number[]>;
};

export interface RedisStoreOptions {
  url: string;
  /** Prefix of every key written (`interlingua:`). */
  keyPrefix: string;
  /** Longest wait for one command before it fails. */
  commandTimeoutMs: number;
}

/**
 * The shared store for several gateway instances: counters are Redis integers with a TTL set
 * when they are created (one Lua step, so a counter never lives without one), and every batch of
 * counter operations is one pipeline, one round trip.
 */
export class RedisStore implements StateStore {
  private readonly redis: RedisWithAdd;

  constructor(options: RedisStoreOptions) {
    const redis = new (loadRedisClient())(options.url, {
      keyPrefix: options.keyPrefix,
      commandTimeout: options.commandTimeoutMs,
      maxRetriesPerRequest: 1,
      lazyConnect: false,
    });
    redis.defineCommand('ilgAdd', { numberOfKeys: 1, lua: ADD_WITH_TTL });
    redis.defineCommand('ilgPutInGroup', { numberOfKeys: 1, lua: PUT_IN_GROUP });
    redis.defineCommand('ilgDeleteInGroup', { numberOfKeys: 1, lua: DELETE_IN_GROUP });
    redis.defineCommand('ilgGroupUsage', { numberOfKeys: 1, lua: GROUP_USAGE });
    // Connection problems surface as failed commands; the gateway decides what to do with them.
    redis.on('error', () => undefined);
    this.redis = redis as RedisWithAdd;
  }

  async counters(ops: readonly CounterOp[]): Promise<number[]> {
    if (ops.length === 0) return [];
    refuseNonFiniteOps(ops);
    const pipeline = this.redis.pipeline();
    for (const op of ops) {
      if (op.by === 0) pipeline.get(op.key);
      else
        (pipeline as unknown as { ilgAdd(key: string, by: number, ttlMs: number): void }).ilgAdd(
          op.key,
          Math.round(op.by),
          Math.max(1, Math.round(op.ttlMs)),
        );
    }
    const results = (await pipeline.exec()) ?? [];
    return results.map(([error, value]) => {
      if (error) throw error;
      return value === null || value === undefined ? 0 : Number(value);
    });
  }

  async increment(key: string, by: number, ttlMs: number): Promise<number> {
    const [value] = await this.counters([{ key, by, ttlMs }]);
    return value ?? 0;
  }

  async counter(key: string): Promise<number> {
    const value = await this.redis.get(key);
    return value === null ? 0 : Number(value);
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.get(key)) ?? undefined;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs === undefined) await this.redis.set(key, value);
    else await this.redis.set(key, value, 'PX', Math.max(1, Math.round(ttlMs)));
  }

  async delete(key: string): Promise<boolean> {
    return (await this.redis.del(key)) > 0;
  }

  async coolDown(key: string, ms: number): Promise<void> {
    await this.redis.set(`cooldown:${key}`, '1', 'PX', Math.max(1, Math.round(ms)));
  }

  async isCoolingDown(key: string): Promise<boolean> {
    return (await this.redis.exists(`cooldown:${key}`)) > 0;
  }

  async putInGroup(
    group: string,
    id: string,
    value: string,
    ttlMs: number,
    limits: GroupLimits,
  ): Promise<GroupPutResult> {
    const ttl = Math.max(1, Math.round(ttlMs));
    const [stored, bytes, ...rest] = await this.redis.ilgPutInGroup(
      GROUPS_NAMESPACE,
      encodedGroup(group),
      id,
      value,
      ttl,
      Date.now(),
      limits.maxEntriesPerGroup,
      limits.maxBytesPerGroup,
      limits.maxTotalBytes,
    );
    if (stored === 1) return { stored: true, bytes: Number(bytes), evicted: rest.map(String) };
    return { stored: false, bytes: Number(bytes), reason: rest[0] === 'store-full' ? 'store-full' : 'entry-too-large' };
  }

  async getInGroup(group: string, id: string): Promise<string | undefined> {
    return (await this.redis.get(groupItemKey(group, id))) ?? undefined;
  }

  async deleteInGroup(group: string, id: string): Promise<boolean> {
    return (await this.redis.ilgDeleteInGroup(GROUPS_NAMESPACE, encodedGroup(group), id)) === 1;
  }

  async groupUsage(group: string): Promise<GroupUsage> {
    const [groupBytes = 0, totalBytes = 0] = await this.redis.ilgGroupUsage(
      GROUPS_NAMESPACE,
      encodedGroup(group),
      Date.now(),
    );
    return { groupBytes: Number(groupBytes), totalBytes: Number(totalBytes) };
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
