import { setTimeout as sleep } from 'node:timers/promises';
import type { RequestStop } from '../context/request-stop.js';
import type { AnswerStore, CachedAnswer } from './answer-store.js';

/** How long one instance may hold an entry's fill lock; the others wait for its answer at most this long. */
export const FILL_LEASE_MS = 30_000;
/** How often a waiting instance looks for the answer. */
const LOOK_EVERY_MS = 100;

/** This instance's turn at a missing entry: it fills it (holding the lock when the store has one), or another instance's answer came. */
export type FleetTurn = { fill: true; locked: boolean } | { fill: false; answer: CachedAnswer };

/**
 * Across a fleet sharing the store: the first instance to miss takes the entry's lock (a short
 * lease) and fills it; the others look for its answer until the lease ends, then fill it
 * themselves. A store without locks (memory) always gives this instance the turn.
 */
export async function fleetTurn(store: AnswerStore, key: string, signal: RequestStop): Promise<FleetTurn> {
  if (!store.lock) return { fill: true, locked: false };
  if (await store.lock(key, FILL_LEASE_MS).catch(() => true)) return { fill: true, locked: true };
  const until = Date.now() + FILL_LEASE_MS;
  while (Date.now() < until && !signal.aborted) {
    const stopped = await sleep(LOOK_EVERY_MS, false, { signal: signal.asAbortSignal(), ref: false }).catch(() => true);
    if (stopped) break;
    const answer = await store.get(key).catch(() => undefined);
    if (answer) return { fill: false, answer };
  }
  return { fill: true, locked: false };
}
