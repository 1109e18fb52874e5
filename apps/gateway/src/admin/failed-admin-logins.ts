/** Most addresses remembered at once; past it the oldest entry is forgotten (memory stays bounded). */
export const MAX_REMEMBERED_ADDRESSES = 10_000;

export interface FailedLoginLimits {
  /** Failed admin authentications one address may make per window; its next wrong ones get 429. */
  maxFailedLogins: number;
  /** The window, in ms, counted from an address's first failure. */
  failedLoginWindowMs: number;
}

interface Failures {
  since: number;
  count: number;
}

/**
 * Failed admin authentications per client address, in windows of `failedLoginWindowMs`: past
 * `maxFailedLogins` in one window the address's wrong attempts are refused until the window ends
 * (the right secret is checked before and always passes). Held in memory per process, at most
 * `MAX_REMEMBERED_ADDRESSES` addresses.
 */
export class FailedAdminLogins {
  private readonly byAddress = new Map<string, Failures>();

  /** Seconds until this address may try again; 0 when it may now. */
  retryAfterSeconds(address: string, limits: FailedLoginLimits, now: number): number {
    const failures = this.current(address, limits, now);
    if (!failures || failures.count < limits.maxFailedLogins) return 0;
    return Math.max(1, Math.ceil((failures.since + limits.failedLoginWindowMs - now) / 1_000));
  }

  /** Counts a failure; returns the address's failures in its window. */
  failed(address: string, limits: FailedLoginLimits, now: number): number {
    const failures = this.current(address, limits, now) ?? { since: now, count: 0 };
    failures.count += 1;
    this.byAddress.delete(address);
    if (this.byAddress.size >= MAX_REMEMBERED_ADDRESSES) {
      const oldest = this.byAddress.keys().next().value;
      if (oldest !== undefined) this.byAddress.delete(oldest);
    }
    this.byAddress.set(address, failures);
    return failures.count;
  }

  get size(): number {
    return this.byAddress.size;
  }

  private current(address: string, limits: FailedLoginLimits, now: number): Failures | undefined {
    const failures = this.byAddress.get(address);
    if (failures && now - failures.since >= limits.failedLoginWindowMs) {
      this.byAddress.delete(address);
      return undefined;
    }
    return failures;
  }
}
