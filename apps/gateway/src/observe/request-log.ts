import { pino, type DestinationStream, type Logger } from 'pino';
import { batchedStdout } from './batched-stdout.js';
import { redactQueryKey } from '../auth/query-key.js';

let enabled = process.env.INTERLINGUA_LOG !== 'off';

/** Switches the per-request log line on or off (tests keep their output quiet); `INTERLINGUA_LOG=off` starts it off. */
export function setRequestLogging(on: boolean): void {
  enabled = on;
}

export function requestLoggingEnabled(): boolean {
  return enabled;
}

/**
 * The gateway's pino logger: JSON lines with an ISO time and the level as a word. Written to
 * stdout through an asynchronous destination that batches lines (one write per ~4 KB or 250 ms;
 * flushed on shutdown and on exit) unless a destination is given.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  return pino(options, destination ?? batchedStdout());
}

type PinoInternals = Record<symbol, unknown>;

/**
 * Writes the one log line of a finished request, the same JSON line `logger[level](fields,
 * 'request')` writes (level word, ISO time, pid and hostname, the fields, `msg`), serialised
 * with a single `JSON.stringify`: pino's per-field serialiser allocated about 10 KB per request
 * on the hot path. Fields that are `undefined` are left out, as pino does.
 */
export function writeRequestLine(logger: Logger, level: 'info' | 'error', fields: Record<string, unknown>): void {
  if (!logger.isLevelEnabled(level)) return;
  const internals = logger as unknown as PinoInternals;
  const stream = internals[pino.symbols.streamSym] as DestinationStream;
  const bindings = internals[pino.symbols.chindingsSym] as string;
  const body = JSON.stringify(fields);
  const inner = body.length > 2 ? `,${body.slice(1, -1)}` : '';
  stream.write(`{"level":"${level}","time":"${new Date().toISOString()}"${bindings}${inner},"msg":"request"}\n`);
}

/** A URL with the value of any `key` query parameter (a Gemini-style API key) replaced, however its name is spelled. */
export function redactUrl(url: string): string {
  return redactQueryKey(url);
}

/** A body as log text, cut at `maxChars`. */
export function bodyForLog(body: string | Buffer | undefined, maxChars: number): string | undefined {
  if (body === undefined) return undefined;
  const text = typeof body === 'string' ? body : body.toString('utf8');
  return text.length > maxChars ? `${text.slice(0, maxChars)}…[${text.length - maxChars} more characters]` : text;
}
