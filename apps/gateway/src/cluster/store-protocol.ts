import type { StateStore } from '../store/state-store.js';

/** Tag of the messages that carry store calls between a worker and the primary. */
export const STORE_CHANNEL = 'interlingua:store';

/** Every `StateStore` method a worker may call on the primary's store (`close` stays local). */
export const STORE_METHODS = [
  'counters',
  'ping',
  'increment',
  'counter',
  'get',
  'set',
  'delete',
  'coolDown',
  'isCoolingDown',
  'putInGroup',
  'getInGroup',
  'deleteInGroup',
  'groupUsage',
] as const;
export type StoreMethod = (typeof STORE_METHODS)[number] & keyof StateStore;

export interface StoreCall {
  id: number;
  method: StoreMethod;
  args: unknown[];
}

/** The calls a worker made in one turn of its event loop, sent as one message. */
export interface StoreRequest {
  channel: typeof STORE_CHANNEL;
  calls: StoreCall[];
}

export interface StoreResult {
  id: number;
  value?: unknown;
  /** Set when the call failed: its message. */
  error?: string;
}

/** The answers to one `StoreRequest`, in one message. */
export interface StoreReply {
  channel: typeof STORE_CHANNEL;
  results: StoreResult[];
}

/** Carries store messages one way and back (cluster IPC in the gateway, a message port in tests). */
export interface StoreChannel {
  send(request: StoreRequest): void;
  /** Starts delivering replies; returns a function that stops it. */
  onReply(listener: (reply: StoreReply) => void): () => void;
}

export function isStoreMessage(message: unknown): message is { channel: typeof STORE_CHANNEL } {
  return (
    typeof message === 'object' && message !== null && (message as { channel?: unknown }).channel === STORE_CHANNEL
  );
}
