/** A worker that lived this long before dying is not part of a crash loop. */
export const STABLE_AFTER_MS = 10_000;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 30_000;

/**
 * How long to wait before starting a worker again: 250 ms after a worker that ran for a while,
 * doubling with each worker that died soon after it started, up to 30 s.
 */
export class RestartBackoff {
  private readonly startedAt = new Map<number, number>();
  private quickDeaths = 0;

  constructor(private readonly now: () => number = Date.now) {}

  started(workerId: number): void {
    this.startedAt.set(workerId, this.now());
  }

  /** The delay before the next start, in ms. */
  exited(workerId: number): number {
    const startedAt = this.startedAt.get(workerId) ?? this.now();
    this.startedAt.delete(workerId);
    this.quickDeaths = this.now() - startedAt < STABLE_AFTER_MS ? this.quickDeaths + 1 : 0;
    return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, this.quickDeaths - 1));
  }
}
