import type { ClientFailure } from '../features.test-support.js';

/** Whether an error is an instance of a class named `name` (or of a subclass of it). */
export function inheritsFrom(error: unknown, name: string): boolean {
  for (let proto: unknown = error; proto !== null && proto !== undefined; proto = Object.getPrototypeOf(proto)) {
    if ((proto as { constructor?: { name?: string } }).constructor?.name === name) return true;
  }
  return false;
}

/** How a client reported a failed call: whether as its API error class `className`, with which status. */
export function clientFailure(error: unknown, className: string): ClientFailure {
  const status = (error as { status?: unknown } | undefined)?.status;
  return {
    ownClass: inheritsFrom(error, className),
    ...(typeof status === 'number' ? { status } : {}),
    message: error instanceof Error ? error.message : String(error),
  };
}

/** Runs a call that must fail; returns how the client reported it, or undefined when it did not fail. */
export async function failureOf(call: () => Promise<unknown>, className: string): Promise<ClientFailure | undefined> {
  try {
    await call();
    return undefined;
  } catch (error) {
    return clientFailure(error, className);
  }
}
