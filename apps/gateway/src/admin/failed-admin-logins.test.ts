import { describe, expect, it } from 'vitest';
import { FailedAdminLogins, MAX_REMEMBERED_ADDRESSES } from './failed-admin-logins.js';

const LIMITS = { maxFailedLogins: 3, failedLoginWindowMs: 10_000 };

describe('failed admin logins per address', () => {
  it('blocks an address at the limit until its window ends, then counts afresh', () => {
    const logins = new FailedAdminLogins();
    for (let i = 0; i < 3; i++) logins.failed('10.0.0.1', LIMITS, 1_000 + i);
    expect(logins.retryAfterSeconds('10.0.0.1', LIMITS, 1_500)).toBe(10);
    expect(logins.retryAfterSeconds('10.0.0.2', LIMITS, 1_500)).toBe(0);
    expect(logins.retryAfterSeconds('10.0.0.1', LIMITS, 10_999)).toBe(1);
    expect(logins.retryAfterSeconds('10.0.0.1', LIMITS, 11_000)).toBe(0);
    expect(logins.failed('10.0.0.1', LIMITS, 11_000)).toBe(1);
  });

  it('remembers at most MAX_REMEMBERED_ADDRESSES addresses, forgetting the oldest', () => {
    const logins = new FailedAdminLogins();
    for (let i = 0; i <= MAX_REMEMBERED_ADDRESSES; i++) logins.failed(`addr-${i}`, LIMITS, 0);
    expect(logins.size).toBe(MAX_REMEMBERED_ADDRESSES);
    expect(logins.failed('addr-0', LIMITS, 0)).toBe(1);
    expect(logins.failed(`addr-${MAX_REMEMBERED_ADDRESSES}`, LIMITS, 0)).toBe(2);
  });
});
