import type { AnswerStore, CachedAnswer } from './answer-store.js';
import { SingleFlight } from './single-flight.js';

/**
 * The gateway's response cache: where answers are kept, and the calls in flight that identical
 * requests wait for. One per running server (it outlives config reloads); routes turn it on.
 */
export class ResponseCache {
  readonly flights = new SingleFlight<CachedAnswer | undefined>();

  constructor(readonly store: AnswerStore) {}

  close(): Promise<void> {
    return this.store.close?.() ?? Promise.resolve();
  }
}
