import type { Window } from './usage-periods.js';

/** How many key ids each counter kind remembers its current key for; past it the memo starts over. */
const MAX_REMEMBERED = 10_000;

/** One kind of counter: how its store key is spelled from a key id and a window id. */
export interface CounterKind {
  spell(keyId: string, windowId: string): string;
}

const current = new WeakMap<CounterKind, Map<string, { windowId: string; key: string }>>();

/**
 * The store key of one counter of `kind` for a key id in a window, made once per window and
 * remembered: every request reads or charges a few of them, and a string made once also keeps
 * its hash for the store's map lookups.
 */
export function counterKey(kind: CounterKind, name: string, window: Window): string {
  let ofKind = current.get(kind);
  if (!ofKind) {
    ofKind = new Map();
    current.set(kind, ofKind);
  }
  const known = ofKind.get(name);
  if (known?.windowId === window.id) return known.key;
  if (ofKind.size >= MAX_REMEMBERED) ofKind.clear();
  const key = kind.spell(name, window.id);
  ofKind.set(name, { windowId: window.id, key });
  return key;
}

/** Requests per minute: `rpm:<key>:<minute>`. */
export const RPM_COUNTER: CounterKind = { spell: (name, id) => `rpm:${name}:${id}` };

/** Tokens per minute: `tpm:<key>:<minute>`. */
export const TPM_COUNTER: CounterKind = { spell: (name, id) => `tpm:${name}:${id}` };
