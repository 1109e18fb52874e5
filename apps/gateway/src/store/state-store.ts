/**
 * Shared gateway state: counters (rate limits, budgets), stored objects with a TTL (stored
 * responses) and cooldowns (failing targets). In memory on one machine; other implementations
 * (Redis) share it across instances.
 */
export interface StateStore {
  /**
   * Several counters in one round trip (Redis: one pipeline): each op adds `by` (creating the
   * counter with `ttlMs` when absent), or only reads it when `by` is 0. Returns the values in order.
   */
  counters(ops: readonly CounterOp[]): Promise<number[]>;
  /** Resolves when the store answers (readiness checks). */
  ping(): Promise<void>;
  /** Adds `by` to a counter that expires `ttlMs` after it was created; returns the new value. */
  increment(key: string, by: number, ttlMs: number): Promise<number>;
  /** A counter's value (0 when absent or expired). */
  counter(key: string): Promise<number>;
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<boolean>;
  /** Marks `key` as cooling down for `ms`. */
  coolDown(key: string, ms: number): Promise<void>;
  isCoolingDown(key: string): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Stores `value` as entry `id` of `group` (one caller's stored responses) for `ttlMs`, within
   * `limits`: the group's own oldest entries are evicted to make room, never another group's.
   * Refused, with nothing evicted, when the value alone is over the group's byte limit, or when
   * every group together would be over the total even with this group emptied.
   */
  putInGroup(group: string, id: string, value: string, ttlMs: number, limits: GroupLimits): Promise<GroupPutResult>;
  getInGroup(group: string, id: string): Promise<string | undefined>;
  deleteInGroup(group: string, id: string): Promise<boolean>;
  /** Bytes held by `group` and by every group together (live entries). */
  groupUsage(group: string): Promise<GroupUsage>;
}

/** Bounds of `putInGroup`; bytes are the UTF-8 length of the stored values. */
export interface GroupLimits {
  maxEntriesPerGroup: number;
  maxBytesPerGroup: number;
  maxTotalBytes: number;
}

export type GroupPutResult =
  | { stored: true; bytes: number; evicted: string[] }
  /** `entry-too-large`: the value alone is over `maxBytesPerGroup`; `store-full`: other groups fill `maxTotalBytes`. */
  | { stored: false; bytes: number; reason: 'entry-too-large' | 'store-full' };

export interface GroupUsage {
  groupBytes: number;
  totalBytes: number;
}

/**
 * Prefix of the counters that count a target's failures, and of cooldown marks: the health of
 * upstream targets, whose ids a caller can vary (glob routes), kept apart from the limit
 * counters by stores that bound their entries.
 */
export const FAILURE_COUNTER_PREFIX = 'failures:';
export const COOLDOWN_PREFIX = 'cooldown:';

/** One counter operation of `StateStore.counters`. */
export interface CounterOp {
  key: string;
  /** Amount to add; 0 only reads. */
  by: number;
  /** Lifetime of a counter this op creates. */
  ttlMs: number;
}
