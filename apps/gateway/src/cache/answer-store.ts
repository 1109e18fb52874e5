import type { IrStreamEvent } from '@interlingua/ir';

/** One cached answer: the answer as IR stream events, whom it belongs to, and what it cost when made. */
export interface CachedAnswer {
  /** The answer as the IR stream events that describe it, usage included. */
  events: IrStreamEvent[];
  /** The key that owns it (its id). */
  keyId: string;
  /** The route that answered, by its name as configured (`models[].name`, a glob included). */
  model: string;
  /** What the answer cost when it was made; `null` when unpriced. */
  cost: number | null;
}

/** Which entries a clear removes: a key's, a model's, or a key's for one model. */
export interface CacheClearFilter {
  keyId?: string;
  model?: string;
}

/** Where cached answers live: in memory or in Redis, bounded in bytes either way. */
export interface AnswerStore {
  get(key: string): Promise<CachedAnswer | undefined>;
  /** Keeps `answer` under `key` for `ttlMs`; false when it was not kept (larger than `maxBytes`, or the store failed). */
  put(key: string, answer: CachedAnswer, ttlMs: number, maxBytes: number): Promise<boolean>;
  /** Removes the entries the filter names; gives how many. */
  clear(filter: CacheClearFilter): Promise<number>;
  /** A store shared by a fleet: takes the lock to fill `key` for `leaseMs`; false when another instance holds it. */
  lock?(key: string, leaseMs: number): Promise<boolean>;
  unlock?(key: string): Promise<void>;
  close?(): Promise<void>;
}

/** Whether an entry matches a clear's filter (a filter with neither field matches every entry). */
export function matchesClear(entry: Pick<CachedAnswer, 'keyId' | 'model'>, filter: CacheClearFilter): boolean {
  return (
    (filter.keyId === undefined || filter.keyId === entry.keyId) &&
    (filter.model === undefined || filter.model === entry.model)
  );
}
