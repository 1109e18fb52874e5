/** A counting window: its id (part of counter keys) and when it ends (epoch ms). */
export interface Window {
  id: string;
  endsAt: number;
}

export type Period = 'minute' | 'day' | 'month';

const latest = new Map<Period, Window & { startsAt: number }>();

/** The UTC window of `period` holding `now` (the last one computed per period is reused). */
export function windowAt(period: Period, now: number): Window {
  const cached = latest.get(period);
  if (cached && now >= cached.startsAt && now < cached.endsAt) return cached;
  const computed = computeWindow(period, now);
  latest.set(period, { ...computed, startsAt: startOf(period, now) });
  return computed;
}

function startOf(period: Period, now: number): number {
  if (period === 'minute') return Math.floor(now / 60_000) * 60_000;
  const date = new Date(now);
  return period === 'day'
    ? Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())
    : Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

function computeWindow(period: Period, now: number): Window {
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
