import type { Dispatcher } from 'undici';
import { IrError } from '@interlingua/ir';

/** What the transport knows of a dispatcher it made: the provider it serves and its pool size. */
export interface DispatcherLabel {
  /** Provider id, when the dispatcher serves one provider. */
  name?: string;
  /** Connections per origin. */
  connections: number;
}

const labels = new WeakMap<Dispatcher, DispatcherLabel>();

export function labelDispatcher(dispatcher: Dispatcher, label: DispatcherLabel): void {
  labels.set(dispatcher, label);
}

/** The first-byte timeout of one request ran out. */
export interface FirstByteExpiry {
  timeoutMs: number;
  dispatcher: Dispatcher;
  origin: string;
  /** Whether the request had been written to a connection (else it was still waiting for one). */
  connected: boolean;
}

/**
 * The error for a first-byte timeout counted from the moment the request was handed to the
 * connection pool: a plain first-byte timeout once the request was written to a connection,
 * else `connection_pool_exhausted`, naming the provider and its pool size.
 */
export function firstByteExpiredError({ timeoutMs, dispatcher, origin, connected }: FirstByteExpiry): IrError {
  if (connected) {
    return new IrError({
      kind: 'timeout',
      message: `The upstream provider did not answer within ${timeoutMs} ms (first byte timeout)`,
      code: 'UND_ERR_HEADERS_TIMEOUT',
      source: 'upstream',
    });
  }
  const label = labels.get(dispatcher);
  const who = label?.name ? `provider "${label.name}"` : new URL(origin).host;
  const pool = label ? `all its ${label.connections} connections were busy` : 'every connection was busy';
  const hint = label?.name
    ? ` (raise providers[].connections for "${label.name}", or send fewer requests at once)`
    : '';
  return new IrError({
    kind: 'timeout',
    message: `No connection to ${who} was free within the first-byte timeout of ${timeoutMs} ms: ${pool}${hint}`,
    code: 'connection_pool_exhausted',
    source: 'gateway',
  });
}
