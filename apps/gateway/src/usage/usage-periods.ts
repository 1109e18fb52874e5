/** A counting window: its id (part of counter keys) and when it ends (epoch ms). */
export interface Window {
  id: string;
  endsAt: number;
}

export type Period = 'minute' | 'day' | 'month';

/** The UTC window of `period` holding `now`. */
export function windowAt(period: Period, now: number): Window {
  if (period === 'minute') {
    const minute = Math.floor(now / 60_000);
    return { id: String(minute), endsAt: (minute + 1) * 60_000 };
  }
  const date = new Date(now);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  if (period === 'day') {
    const day = date.getUTCDate();
    return { id: date.toISOString().slice(0, 10), endsAt: Date.UTC(year, month, day + 1) };
  }
  return { id: date.toISOString().slice(0, 7), endsAt: Date.UTC(year, month + 1, 1) };
}

/** Seconds until a window ends, at least 1 (for `retry-after`). */
export function secondsUntil(window: Window, now: number): number {
  return Math.max(1, Math.ceil((window.endsAt - now) / 1000));
}

/** How long a counter of this window should live: to its end, plus a margin for late readers. */
export function counterTtlMs(window: Window, now: number): number {
  return window.endsAt - now + 60_000;
}
