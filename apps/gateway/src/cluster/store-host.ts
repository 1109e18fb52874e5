import type { StateStore } from '../store/state-store.js';
import {
  STORE_CHANNEL,
  STORE_METHODS,
  type StoreCall,
  type StoreReply,
  type StoreRequest,
  type StoreResult,
} from './store-protocol.js';
import { errorText } from '../http/style-errors.js';

const KNOWN_METHODS = new Set<string>(STORE_METHODS);

/**
 * Runs the calls of one worker message against the primary's store, in the order they were
 * made, and answers them in one reply. Each call starts before the next, so a counters batch
 * (a key's limit check) is one step no other worker's call can come between.
 */
export async function answerStoreRequest(store: StateStore, request: StoreRequest): Promise<StoreReply> {
  const results = await Promise.all(request.calls.map((call) => runCall(store, call)));
  return { channel: STORE_CHANNEL, results };
}

async function runCall(store: StateStore, call: StoreCall): Promise<StoreResult> {
  try {
    if (!KNOWN_METHODS.has(call.method)) throw new Error(`unknown store method ${String(call.method)}`);
    // JSON carries a missing argument as null; no store argument is ever null.
    const args = call.args.map((arg) => (arg === null ? undefined : arg));
    const method = store[call.method] as (...params: unknown[]) => Promise<unknown>;
    const value = await method.apply(store, args);
    return value === undefined ? { id: call.id } : { id: call.id, value };
  } catch (error) {
    return { id: call.id, error: errorText(error) };
  }
}
