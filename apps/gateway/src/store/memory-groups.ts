import type { GroupLimits, GroupPutResult, GroupUsage } from './state-store.js';

interface GroupEntry {
  value: string;
  bytes: number;
  expiresAt: number;
}

interface Group {
  /** Insertion order: the first entry is the oldest. */
  entries: Map<string, GroupEntry>;
  bytes: number;
}

/** How often every group is swept of expired entries, so the total counts live bytes only. */
const SWEEP_INTERVAL_MS = 1_000;

/**
 * Grouped entries in one process, with a byte count per group and in total: the memory side of
 * `StateStore.putInGroup`. Expired entries are dropped when read, from the head of their group
 * when it takes a new entry, and from every group at most once a second.
 */
export class MemoryGroups {
  private readonly groups = new Map<string, Group>();
  private totalBytes = 0;
  private lastSweep = 0;

  constructor(private readonly now: () => number) {}

  put(groupName: string, id: string, value: string, ttlMs: number, limits: GroupLimits): GroupPutResult {
    const bytes = Buffer.byteLength(value);
    this.sweepAll();
    if (bytes > limits.maxBytesPerGroup) return { stored: false, bytes, reason: 'entry-too-large' };
    const group = this.groups.get(groupName) ?? { entries: new Map<string, GroupEntry>(), bytes: 0 };
    this.remove(groupName, group, id);
    this.sweepHead(groupName, group);
    if (this.totalBytes - group.bytes + bytes > limits.maxTotalBytes)
      return { stored: false, bytes, reason: 'store-full' };
    const evicted: string[] = [];
    for (const oldest of group.entries.keys()) {
      const fits =
        group.entries.size < limits.maxEntriesPerGroup &&
        group.bytes + bytes <= limits.maxBytesPerGroup &&
        this.totalBytes + bytes <= limits.maxTotalBytes;
      if (fits) break;
      this.remove(groupName, group, oldest);
      evicted.push(oldest);
    }
    this.groups.set(groupName, group);
    group.entries.set(id, { value, bytes, expiresAt: this.now() + ttlMs });
    group.bytes += bytes;
    this.totalBytes += bytes;
    return { stored: true, bytes, evicted };
  }

  get(groupName: string, id: string): string | undefined {
    const group = this.groups.get(groupName);
    const entry = group?.entries.get(id);
    if (!group || !entry) return undefined;
    if (entry.expiresAt > this.now()) return entry.value;
    this.remove(groupName, group, id);
    return undefined;
  }

  delete(groupName: string, id: string): boolean {
    const group = this.groups.get(groupName);
    return group ? this.remove(groupName, group, id) : false;
  }

  usage(groupName: string): GroupUsage {
    this.sweepAll();
    const group = this.groups.get(groupName);
    if (group) this.sweepHead(groupName, group);
    return { groupBytes: this.groups.get(groupName)?.bytes ?? 0, totalBytes: this.totalBytes };
  }

  clear(): void {
    this.groups.clear();
    this.totalBytes = 0;
  }

  private remove(groupName: string, group: Group, id: string): boolean {
    const entry = group.entries.get(id);
    if (!entry) return false;
    group.entries.delete(id);
    group.bytes -= entry.bytes;
    this.totalBytes -= entry.bytes;
    this.dropIfEmpty(groupName, group);
    return true;
  }

  private dropIfEmpty(groupName: string, group: Group): void {
    if (group.entries.size === 0) this.groups.delete(groupName);
  }

  /** Drops expired entries from the front of a group (entries of one TTL expire in insertion order). */
  private sweepHead(groupName: string, group: Group): void {
    const now = this.now();
    for (const [id, entry] of group.entries) {
      if (entry.expiresAt > now) break;
      this.remove(groupName, group, id);
    }
  }

  private sweepAll(): void {
    const now = this.now();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    for (const [name, group] of this.groups) this.sweepHead(name, group);
  }
}
