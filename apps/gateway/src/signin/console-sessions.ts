import { createHash, randomBytes } from 'node:crypto';
import type { GatewayRole } from '../auth/admin-principal.js';
import type { StateStore } from '../store/state-store.js';

/** Who a console session belongs to, as the identity provider said at sign-in. */
export interface SessionUser {
  subject: string;
  name?: string;
  email?: string;
  role?: GatewayRole;
}

/** One console session as the state store keeps it. */
export interface ConsoleSession extends SessionUser {
  /** The token the console sends in `x-csrf-token` with each state-changing request. */
  csrfToken: string;
  createdAt: number;
  lastSeenAt: number;
}

export interface SessionLifetimes {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after it began. */
  absoluteMs: number;
}

const KEY_PREFIX = 'console-session:';

/** A random 256-bit token, URL- and cookie-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Console sessions in the gateway's state store (memory, or Redis shared by a fleet), under the
 * SHA-256 of their id: whoever reads the store learns no usable cookie. A session ends when it
 * was unused for `idleMs`, `absoluteMs` after it began, or when it is ended (sign-out).
 */
export class ConsoleSessions {
  constructor(
    private readonly store: Pick<StateStore, 'get' | 'set' | 'delete'>,
    private readonly lifetimes: SessionLifetimes,
    private readonly now: () => number,
  ) {}

  /** Starts a session for `user`; returns its id (the cookie's value) and the session. */
  async create(user: SessionUser): Promise<{ id: string; session: ConsoleSession }> {
    const at = this.now();
    const session: ConsoleSession = { ...user, csrfToken: randomToken(), createdAt: at, lastSeenAt: at };
    const id = randomToken();
    await this.save(id, session);
    return { id, session };
  }

  /** The live session with this id (its idle clock restarted), or undefined when there is none or it expired. */
  async read(id: string): Promise<ConsoleSession | undefined> {
    const text = await this.store.get(keyOf(id));
    if (text === undefined) return undefined;
    const session = parseSession(text);
    const at = this.now();
    if (!session || at - session.lastSeenAt >= this.lifetimes.idleMs || this.endsAt(session) <= at) {
      await this.store.delete(keyOf(id));
      return undefined;
    }
    const touched = { ...session, lastSeenAt: at };
    await this.save(id, touched);
    return touched;
  }

  async end(id: string): Promise<void> {
    await this.store.delete(keyOf(id));
  }

  /** Milliseconds from now until the session's absolute end (the cookie's lifetime). */
  remainingMs(session: ConsoleSession): number {
    return Math.max(0, this.endsAt(session) - this.now());
  }

  private endsAt(session: ConsoleSession): number {
    return session.createdAt + this.lifetimes.absoluteMs;
  }

  private async save(id: string, session: ConsoleSession): Promise<void> {
    const ttl = Math.min(this.lifetimes.idleMs, this.endsAt(session) - session.lastSeenAt);
    await this.store.set(keyOf(id), JSON.stringify(session), Math.max(1, ttl));
  }
}

function keyOf(id: string): string {
  return `${KEY_PREFIX}${createHash('sha256').update(id).digest('hex')}`;
}

function parseSession(text: string): ConsoleSession | undefined {
  try {
    const value = JSON.parse(text) as Partial<ConsoleSession>;
    const valid =
      typeof value.subject === 'string' &&
      typeof value.csrfToken === 'string' &&
      typeof value.createdAt === 'number' &&
      typeof value.lastSeenAt === 'number';
    return valid ? (value as ConsoleSession) : undefined;
  } catch {
    return undefined;
  }
}
