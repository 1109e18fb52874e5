import { LoggingLevelSchema, type LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import type { StateStore } from '../store/state-store.js';
import { sessionStoreKey } from './mcp-session-id.js';

/** The levels from least to most severe (`debug` … `emergency`), as the protocol orders them. */
const LEVELS: readonly LoggingLevel[] = LoggingLevelSchema.options;

/** Whether a log message of `level` goes to a session that chose `chosen` (every message while it chose none). */
export function levelAllows(chosen: LoggingLevel | undefined, level: LoggingLevel): boolean {
  return chosen === undefined || LEVELS.indexOf(level) >= LEVELS.indexOf(chosen);
}

/** The level a session chose, if any. */
export async function storedLogLevel(store: StateStore, sessionId: string): Promise<LoggingLevel | undefined> {
  const stored = await store.get(sessionStoreKey('log-level', sessionId));
  const parsed = LoggingLevelSchema.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
}
