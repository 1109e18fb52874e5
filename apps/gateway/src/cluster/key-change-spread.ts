import type { KeyChange } from '../operations/gateway-ops.js';

/** How long the primary waits for the other workers to apply a key change before answering anyway. */
export const KEY_CHANGE_SPREAD_TIMEOUT_MS = 2_000;

interface Spread<Target> {
  waiting: Set<Target>;
  workers: number;
  timer: NodeJS.Timeout;
  done(outcome: { workers: number; applied: number }): void;
}

/**
 * The primary's side of a runtime key change made by one worker: it tells every other live worker,
 * and resolves once each answered, died, or `timeoutMs` passed (the database poll covers the rest).
 */
export class KeyChangeSpreader<Target> {
  private readonly spreads = new Map<number, Spread<Target>>();
  private next = 0;

  constructor(private readonly timeoutMs = KEY_CHANGE_SPREAD_TIMEOUT_MS) {}

  spread(
    change: KeyChange,
    targets: readonly Target[],
    tell: (target: Target, id: number, change: KeyChange) => void,
  ): Promise<{ workers: number; applied: number }> {
    if (targets.length === 0) return Promise.resolve({ workers: 0, applied: 0 });
    const id = ++this.next;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.finish(id), this.timeoutMs);
      timer.unref();
      this.spreads.set(id, { waiting: new Set(targets), workers: targets.length, timer, done: resolve });
      for (const target of targets) tell(target, id, change);
    });
  }

  /** `target` applied change `id`. */
  applied(id: number, target: Target): void {
    const spread = this.spreads.get(id);
    if (spread?.waiting.delete(target) && spread.waiting.size === 0) this.finish(id);
  }

  /** `target` died: no spread waits for it any longer (it is not counted as having applied). */
  gone(target: Target): void {
    for (const [id, spread] of this.spreads) {
      if (!spread.waiting.delete(target)) continue;
      spread.workers -= 1;
      if (spread.waiting.size === 0) this.finish(id);
    }
  }

  private finish(id: number): void {
    const spread = this.spreads.get(id);
    if (!spread) return;
    this.spreads.delete(id);
    clearTimeout(spread.timer);
    spread.done({ workers: spread.workers, applied: spread.workers - spread.waiting.size });
  }
}
