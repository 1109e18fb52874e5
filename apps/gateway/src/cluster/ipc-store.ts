import { refuseNonFiniteOps } from '../store/finite-counter-ops.js';
import type { CounterOp, GroupLimits, GroupPutResult, GroupUsage, StateStore } from '../store/state-store.js';
import {
  STORE_CHANNEL,
  type StoreCall,
  type StoreChannel,
  type StoreMethod,
  type StoreReply,
} from './store-protocol.js';

/** A counter's value from the primary: JSON carries a non-finite number as `null`, read back as `NaN`. */
function counterValue(value: unknown): number {
  return typeof value === 'number' ? value : Number.NaN;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * A worker's view of the primary's store: every call goes to the primary over the channel. The
 * calls made in one turn of the event loop leave as one message, and come back as one.
 */
export class IpcStore implements StateStore {
  private readonly pending = new Map<number, Pending>();
  private queue: StoreCall[] = [];
  private nextId = 1;
  private closed = false;
  private readonly stopListening: () => void;

  constructor(private readonly channel: StoreChannel) {
    this.stopListening = channel.onReply((reply) => this.settle(reply));
  }

  /**
   * Non-finite ops are refused here, before JSON would carry them as `null`; a value the primary
   * holds as non-finite arrives as `null` and is read as `NaN` (over any limit).
   */
  async counters(ops: readonly CounterOp[]): Promise<number[]> {
    if (ops.length === 0) return [];
    refuseNonFiniteOps(ops);
    const values = await this.call<unknown[]>('counters', [ops]);
    return values.map(counterValue);
  }

  ping(): Promise<void> {
    return this.call('ping', []);
  }

  async increment(key: string, by: number, ttlMs: number): Promise<number> {
    refuseNonFiniteOps([{ key, by, ttlMs }]);
    return counterValue(await this.call('increment', [key, by, ttlMs]));
  }

  async counter(key: string): Promise<number> {
    return counterValue(await this.call('counter', [key]));
  }

  get(key: string): Promise<string | undefined> {
    return this.call('get', [key]);
  }

  set(key: string, value: string, ttlMs?: number): Promise<void> {
    return this.call('set', ttlMs === undefined ? [key, value] : [key, value, ttlMs]);
  }

  delete(key: string): Promise<boolean> {
    return this.call('delete', [key]);
  }

  coolDown(key: string, ms: number): Promise<void> {
    return this.call('coolDown', [key, ms]);
  }

  isCoolingDown(key: string): Promise<boolean> {
    return this.call('isCoolingDown', [key]);
  }

  putInGroup(group: string, id: string, value: string, ttlMs: number, limits: GroupLimits): Promise<GroupPutResult> {
    return this.call('putInGroup', [group, id, value, ttlMs, limits]);
  }

  getInGroup(group: string, id: string): Promise<string | undefined> {
    return this.call('getInGroup', [group, id]);
  }

  deleteInGroup(group: string, id: string): Promise<boolean> {
    return this.call('deleteInGroup', [group, id]);
  }

  groupUsage(group: string): Promise<GroupUsage> {
    return this.call('groupUsage', [group]);
  }

  /** Stops this worker's use of the store; the primary's store stays open for the others. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopListening();
    this.queue = [];
    for (const pending of this.pending.values()) pending.reject(new Error('the store was closed'));
    this.pending.clear();
  }

  private call<T>(method: StoreMethod, args: unknown[]): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the store was closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (this.queue.length === 0) setImmediate(() => this.flush());
      this.queue.push({ id, method, args });
    });
  }

  private flush(): void {
    const calls = this.queue;
    this.queue = [];
    if (calls.length > 0) this.channel.send({ channel: STORE_CHANNEL, calls });
  }

  private settle(reply: StoreReply): void {
    for (const result of reply.results) {
      const pending = this.pending.get(result.id);
      if (!pending) continue;
      this.pending.delete(result.id);
      if (result.error !== undefined) pending.reject(new Error(`store (primary process): ${result.error}`));
      else pending.resolve(result.value);
    }
  }
}
