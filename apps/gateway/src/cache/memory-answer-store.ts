import type { AnswerStore, CacheClearFilter, CachedAnswer } from './answer-store.js';
import { matchesClear } from './answer-store.js';

interface MemoryEntry {
  /** The answer as JSON: each hit reads its own copy, and its size is what is counted. */
  json: string;
  bytes: number;
  expiresAt: number;
  keyId: string;
  model: string;
}

/**
 * Cached answers in this process, bounded to `maxBytes` (the UTF-8 size of the stored JSON): the
 * least recently used entries are evicted to make room; an entry past its TTL is gone when read.
 */
export class MemoryAnswerStore implements AnswerStore {
  private readonly entries = new Map<string, MemoryEntry>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Bytes held by live and not yet evicted entries. */
  get heldBytes(): number {
    return this.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): Promise<CachedAnswer | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return Promise.resolve(undefined);
    this.remove(key, entry);
    if (entry.expiresAt <= this.now()) return Promise.resolve(undefined);
    // Read again: it becomes the most recently used.
    this.add(key, entry);
    return Promise.resolve(JSON.parse(entry.json) as CachedAnswer);
  }

  put(key: string, answer: CachedAnswer, ttlMs: number, maxEntryBytes: number): Promise<boolean> {
    const json = JSON.stringify(answer);
    const bytes = Buffer.byteLength(json);
    if (bytes > maxEntryBytes || bytes > this.maxBytes) return Promise.resolve(false);
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    while (this.bytes + bytes > this.maxBytes) {
      const oldest = this.entries.entries().next().value;
      if (!oldest) break;
      this.remove(oldest[0], oldest[1]);
    }
    this.add(key, { json, bytes, expiresAt: this.now() + ttlMs, keyId: answer.keyId, model: answer.model });
    return Promise.resolve(true);
  }

  clear(filter: CacheClearFilter): Promise<number> {
    let removed = 0;
    for (const [key, entry] of this.entries) {
      if (!matchesClear(entry, filter)) continue;
      this.remove(key, entry);
      removed++;
    }
    return Promise.resolve(removed);
  }

  private add(key: string, entry: MemoryEntry): void {
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
  }

  private remove(key: string, entry: MemoryEntry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
