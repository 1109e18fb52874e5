import { LRUCache } from 'lru-cache';
import { refuseNonFiniteOps } from './finite-counter-ops.js';
import { MemoryGroups } from './memory-groups.js';
import {
  COOLDOWN_PREFIX,
  FAILURE_COUNTER_PREFIX,
  type CounterOp,
  type GroupLimits,
  type GroupPutResult,
  type GroupUsage,
  type StateStore,
} from './state-store.js';

interface Entry {
  value: string;
  expiresAt: number;
}

/** A counter as one `counters` batch sees it before anything is written. */
interface BatchCounter {
  value: number;
  expiresAt: number | undefined;
  changed: boolean;
}

/**
 * The in-memory store: one process (or the primary of several workers). Counters, values and
 * cooldowns live in two least-recently-used caches of at most `maxEntries` each: target health
 * (`failures:` counters, cooldowns), whose ids callers can vary on glob routes, and everything
 * else (rate-limit and budget counters), so a flood of one kind never evicts the other.
 * Expired entries are dropped when read. Grouped entries (stored responses) have their own
 * per-group and total byte bounds.
 */
export class MemoryStore implements StateStore {
  private readonly limits: LRUCache<string, Entry>;
  private readonly health: LRUCache<string, Entry>;
  private readonly groups: MemoryGroups;

  constructor(
    maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {
    this.limits = new LRUCache<string, Entry>({ max: maxEntries });
    this.health = new LRUCache<string, Entry>({ max: maxEntries });
    this.groups = new MemoryGroups(now);
  }

  async increment(key: string, by: number, ttlMs: number): Promise<number> {
    const [value] = await this.counters([{ key, by, ttlMs }]);
    return value ?? 0;
  }

  /**
   * Refuses the whole batch, writing nothing, when an op is not finite or an add would take a
   * finite counter past the safe-integer range (where adds stop being exact). A counter already
   * holding a non-finite value reads as it is (the limiter counts it as over its limit).
   */
  async counters(ops: readonly CounterOp[]): Promise<number[]> {
    refuseNonFiniteOps(ops);
    const touched = new Map<string, BatchCounter>();
    const values = ops.map((op) => {
      let counter = touched.get(op.key);
      if (!counter) {
        const entry = this.live(op.key);
        counter = { value: entry ? Number(entry.value) : 0, expiresAt: entry?.expiresAt, changed: false };
        touched.set(op.key, counter);
      }
      if (op.by === 0) return counter.value;
      const value = counter.value + op.by;
      if (Number.isFinite(counter.value) && !(Math.abs(value) <= Number.MAX_SAFE_INTEGER))
        throw new RangeError(`counter ${op.key} refused an add of ${op.by}: past the safe-integer range`);
      counter.value = value;
      counter.expiresAt ??= this.now() + op.ttlMs;
      counter.changed = true;
      return value;
    });
    for (const [key, counter] of touched)
      if (counter.changed) this.put(key, String(counter.value), counter.expiresAt ?? this.now());
    return values;
  }

  async ping(): Promise<void> {}

  async counter(key: string): Promise<number> {
    return this.counterNow(key);
  }

  private counterNow(key: string): number {
    const entry = this.live(key);
    return entry ? Number(entry.value) : 0;
  }

  async get(key: string): Promise<string | undefined> {
    return this.live(key)?.value;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.put(key, value, ttlMs === undefined ? Number.POSITIVE_INFINITY : this.now() + ttlMs);
  }

  async delete(key: string): Promise<boolean> {
    return this.cacheOf(key).delete(key);
  }

  async coolDown(key: string, ms: number): Promise<void> {
    this.put(`${COOLDOWN_PREFIX}${key}`, '1', this.now() + ms);
  }

  async isCoolingDown(key: string): Promise<boolean> {
    return this.live(`${COOLDOWN_PREFIX}${key}`) !== undefined;
  }

  async putInGroup(
    group: string,
    id: string,
    value: string,
    ttlMs: number,
    limits: GroupLimits,
  ): Promise<GroupPutResult> {
    return this.groups.put(group, id, value, ttlMs, limits);
  }

  async getInGroup(group: string, id: string): Promise<string | undefined> {
    return this.groups.get(group, id);
  }

  async deleteInGroup(group: string, id: string): Promise<boolean> {
    return this.groups.delete(group, id);
  }

  async groupUsage(group: string): Promise<GroupUsage> {
    return this.groups.usage(group);
  }

  async close(): Promise<void> {
    this.limits.clear();
    this.health.clear();
    this.groups.clear();
  }

  private cacheOf(key: string): LRUCache<string, Entry> {
    return key.startsWith(FAILURE_COUNTER_PREFIX) || key.startsWith(COOLDOWN_PREFIX) ? this.health : this.limits;
  }

  private live(key: string): Entry | undefined {
    const cache = this.cacheOf(key);
    const entry = cache.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      cache.delete(key);
      return undefined;
    }
    return entry;
  }

  private put(key: string, value: string, expiresAt: number): void {
    this.cacheOf(key).set(key, { value, expiresAt });
  }
}
