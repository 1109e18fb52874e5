import { MemoryGroups } from './memory-groups.js';
import type { CounterOp, GroupLimits, GroupPutResult, GroupUsage, StateStore } from './state-store.js';

interface Entry {
  value: string;
  expiresAt: number;
}

/**
 * The in-memory store: one process. Counters, values and cooldowns are bounded to `maxEntries`
 * (the oldest entry goes first); expired entries are dropped when read and swept as new ones
 * arrive. Grouped entries (stored responses) have their own per-group and total byte bounds.
 */
export class MemoryStore implements StateStore {
  private readonly entries = new Map<string, Entry>();
  private readonly groups: MemoryGroups;

  constructor(
    private readonly maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {
    this.groups = new MemoryGroups(now);
  }

  async increment(key: string, by: number, ttlMs: number): Promise<number> {
    const [value] = await this.counters([{ key, by, ttlMs }]);
    return value ?? 0;
  }

  async counters(ops: readonly CounterOp[]): Promise<number[]> {
    return ops.map((op) => {
      if (op.by === 0) return this.counterNow(op.key);
      const entry = this.live(op.key);
      const value = (entry ? Number(entry.value) : 0) + op.by;
      this.put(op.key, String(value), entry ? entry.expiresAt : this.now() + op.ttlMs);
      return value;
    });
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
    return this.entries.delete(key);
  }

  async coolDown(key: string, ms: number): Promise<void> {
    this.put(`cooldown:${key}`, '1', this.now() + ms);
  }

  async isCoolingDown(key: string): Promise<boolean> {
    return this.live(`cooldown:${key}`) !== undefined;
  }

  async putInGroup(group: string, id: string, value: string, ttlMs: number, limits: GroupLimits): Promise<GroupPutResult> {
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
    this.entries.clear();
    this.groups.clear();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private put(key: string, value: string, expiresAt: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
