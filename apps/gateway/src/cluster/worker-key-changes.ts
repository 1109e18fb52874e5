import type { GatewayRuntime, KeyChange } from '../operations/gateway-ops.js';
import { CONTROL_CHANNEL, type PrimaryMessage, type WorkerMessage } from './control-protocol.js';
import { KEY_CHANGE_SPREAD_TIMEOUT_MS } from './key-change-spread.js';

type Outcome = { workers: number; applied: number };

/** Past the primary's own wait: a primary that no longer answers does not hold an admin call. */
const ANSWER_TIMEOUT_MS = KEY_CHANGE_SPREAD_TIMEOUT_MS + 1_000;

/**
 * A worker's side of runtime key changes: `spread` sends a change made here to the primary and
 * resolves with its answer; `receive` applies another worker's change and acknowledges it.
 */
export function workerKeyChanges(runtime: GatewayRuntime, tell: (message: WorkerMessage) => void) {
  const pending = new Map<number, (outcome: Outcome) => void>();
  let next = 0;
  const spread = (change: KeyChange): Promise<Outcome> => {
    const id = ++next;
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle({ workers: 0, applied: 0 }), ANSWER_TIMEOUT_MS);
      timer.unref();
      const settle = (outcome: Outcome): void => {
        clearTimeout(timer);
        pending.delete(id);
        resolve(outcome);
      };
      pending.set(id, settle);
      tell({ channel: CONTROL_CHANNEL, type: 'key-change', id, change });
    });
  };
  const receive = (message: Extract<PrimaryMessage, { type: 'key-change' | 'key-change-spread' }>): void => {
    if (message.type === 'key-change-spread') {
      pending.get(message.id)?.({ workers: message.workers, applied: message.applied });
      return;
    }
    // Without a database there are no runtime keys to change: acknowledged as applied.
    void Promise.resolve(runtime.runtimeKeys?.apply(message.change)).then(() =>
      tell({ channel: CONTROL_CHANNEL, type: 'key-change-applied', id: message.id }),
    );
  };
  return { spread, receive };
}
