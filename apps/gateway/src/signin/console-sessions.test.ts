import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../store/memory-store.js';
import { ConsoleSessions } from './console-sessions.js';

const MINUTE = 60_000;

function sessions(start = Date.UTC(2026, 0, 1)) {
  const store = new MemoryStore();
  const clock = { now: start };
  return {
    store,
    clock,
    sessions: new ConsoleSessions(store, { idleMs: 30 * MINUTE, absoluteMs: 120 * MINUTE }, () => clock.now),
  };
}

describe('console sessions', () => {
  it('finds a session by its id, with a random CSRF token, and stores it under the id hash only', async () => {
    const { store, sessions: all } = sessions();
    const { id, session } = await all.create({ subject: 'ada', role: 'admin' });
    expect(id).toMatch(/^[\w-]{43}$/);
    expect(session.csrfToken).toMatch(/^[\w-]{43}$/);
    expect(session.csrfToken).not.toBe(id);
    expect(await all.read(id)).toMatchObject({ subject: 'ada', role: 'admin' });
    expect(await store.get(`console-session:${id}`)).toBeUndefined();
    expect(await all.read(`${id}x`)).toBeUndefined();
  });

  it('ends a session unused for the idle time, and restarts the idle clock on each use', async () => {
    const { clock, sessions: all } = sessions();
    const { id } = await all.create({ subject: 'ada' });
    clock.now += 29 * MINUTE;
    expect(await all.read(id)).toBeDefined();
    clock.now += 29 * MINUTE;
    expect(await all.read(id)).toBeDefined();
    clock.now += 30 * MINUTE;
    expect(await all.read(id)).toBeUndefined();
    clock.now -= 30 * MINUTE;
    expect(await all.read(id)).toBeUndefined();
  });

  it('ends a session at its absolute end however often it is used', async () => {
    const { clock, sessions: all } = sessions();
    const { id, session } = await all.create({ subject: 'ada' });
    for (let at = 20; at < 120; at += 20) {
      clock.now = session.createdAt + at * MINUTE;
      expect(await all.read(id)).toBeDefined();
    }
    expect(all.remainingMs(session)).toBe(20 * MINUTE);
    clock.now = session.createdAt + 120 * MINUTE;
    expect(await all.read(id)).toBeUndefined();
  });

  it('ends a session at once when it is ended (sign-out)', async () => {
    const { sessions: all } = sessions();
    const { id } = await all.create({ subject: 'ada' });
    await all.end(id);
    expect(await all.read(id)).toBeUndefined();
  });

  it('treats a stored value that is not a session as none', async () => {
    const { store, sessions: all } = sessions();
    const { id } = await all.create({ subject: 'ada' });
    const key = `console-session:${createHash('sha256').update(id).digest('hex')}`;
    expect(await store.get(key)).toBeDefined();
    for (const text of ['not json', '{"subject":"ada"}']) {
      await store.set(key, text);
      expect(await all.read(id)).toBeUndefined();
    }
  });
});
