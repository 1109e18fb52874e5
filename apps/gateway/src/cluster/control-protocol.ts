import type { GatewayConfig } from '../config/config-schema.js';
import type { KeyChange } from '../operations/gateway-ops.js';

/** Tag of the messages that start, reload and stop workers. */
export const CONTROL_CHANNEL = 'interlingua:control';

/** From the primary to a worker. */
export type PrimaryMessage =
  | { channel: typeof CONTROL_CHANNEL; type: 'start'; config: GatewayConfig }
  /** Serve new requests with this config (already validated by the primary). */
  | { channel: typeof CONTROL_CHANNEL; type: 'reload'; config: GatewayConfig; reload: number }
  /** Stop gracefully: no new connections, open requests may finish for `graceMs`. */
  | { channel: typeof CONTROL_CHANNEL; type: 'stop'; graceMs: number }
  | { channel: typeof CONTROL_CHANNEL; type: 'stop-now' }
  /** Every worker's metrics, summed (the answer to a worker's `metrics` message). */
  | { channel: typeof CONTROL_CHANNEL; type: 'metrics'; id: number; text?: string; error?: string }
  /** Another worker changed a runtime key: apply it, then answer `key-change-applied`. */
  | { channel: typeof CONTROL_CHANNEL; type: 'key-change'; id: number; change: KeyChange }
  /** The answer to a worker's `key-change`: how many other live workers applied it, of how many. */
  | { channel: typeof CONTROL_CHANNEL; type: 'key-change-spread'; id: number; workers: number; applied: number };

/** From a worker to the primary. */
export type WorkerMessage =
  /** Listening for control messages: the primary may send `start`. */
  | { channel: typeof CONTROL_CHANNEL; type: 'ready' }
  | { channel: typeof CONTROL_CHANNEL; type: 'listening'; url: string }
  | { channel: typeof CONTROL_CHANNEL; type: 'reloaded'; reload: number; problems?: string[] }
  /** Asks for every worker's metrics, summed (`/metrics`). */
  | { channel: typeof CONTROL_CHANNEL; type: 'metrics'; id: number }
  /** This worker changed a runtime key: every other worker should apply it (answered by `key-change-spread`). */
  | { channel: typeof CONTROL_CHANNEL; type: 'key-change'; id: number; change: KeyChange }
  | { channel: typeof CONTROL_CHANNEL; type: 'key-change-applied'; id: number };

export function isControlMessage(message: unknown): message is { channel: typeof CONTROL_CHANNEL; type: string } {
  return (
    typeof message === 'object' && message !== null && (message as { channel?: unknown }).channel === CONTROL_CHANNEL
  );
}
