import { LoggingLevelSchema, type LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import type { StateStore } from '../store/state-store.js';
import { sessionStoreKey } from './mcp-session-id.js';
import type { McpView } from './mcp-view.js';

/** The levels from least to most severe (`debug` … `emergency`), as the protocol orders them. */
const LEVELS: readonly LoggingLevel[] = LoggingLevelSchema.options;

/** Whether a log message of `level` goes to a session that chose `chosen` (every message while it chose none). */
export function levelAllows(chosen: LoggingLevel | undefined, level: LoggingLevel): boolean {
  return chosen === undefined || LEVELS.indexOf(level) >= LEVELS.indexOf(chosen);
}

/**
 * `logging/setLevel`: kept for the caller's session in the state store, so whichever instance
 * holds the session's stream filters the servers' log messages with it (at once when it is this
 * one). Without a session there is no stream to send on: the level is taken and nothing is sent.
 */
export async function setSessionLogLevel(view: McpView, level: LoggingLevel): Promise<Record<string, never>> {
  const session = view.session;
  if (!session) return {};
  const ttl = Math.max(1, session.expiresAt - Date.now());
  await session.store.set(sessionStoreKey('log-level', session.id), level, ttl);
  session.hub.setLogLevel(session.id, level);
  return {};
}

/** The level a session chose, if any. */
export async function storedLogLevel(store: StateStore, sessionId: string): Promise<LoggingLevel | undefined> {
  const stored = await store.get(sessionStoreKey('log-level', sessionId));
  const parsed = LoggingLevelSchema.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
}
