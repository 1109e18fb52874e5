import type { IrError } from '@interlingua/ir';
import { gatewayError } from '../http/style-errors.js';

/** Open WebSocket connections on this instance, per key and in total. */
export class ConnectionCounts {
  private readonly perKey = new Map<string, number>();
  private total = 0;

  /**
   * Counts a new connection for `key`, or refuses it (429) when the key or the instance holds
   * its most; the returned function releases it (once).
   */
  take(key: string, limits: { maxConnectionsPerKey: number; maxConnections: number }): () => void {
    const held = this.perKey.get(key) ?? 0;
    if (held >= limits.maxConnectionsPerKey) {
      throw limitReached(
        `API key "${key}" already holds ${held} WebSocket connections, its most (responses.websocket.maxConnectionsPerKey); close one first`,
      );
    }
    if (this.total >= limits.maxConnections)
      throw limitReached(
        `This gateway already holds ${this.total} WebSocket connections, its most (responses.websocket.maxConnections)`,
      );
    this.perKey.set(key, held + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.perKey.get(key) ?? 1) - 1;
      if (left > 0) this.perKey.set(key, left);
      else this.perKey.delete(key);
    };
  }
}

function limitReached(message: string): IrError {
  return gatewayError('rate-limit', message, { code: 'websocket_connection_limit_reached' });
}
