import { pino, type DestinationStream, type Logger } from 'pino';

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
 * stdout through an asynchronous destination (flushed on shutdown) unless one is given.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label: string) => ({ level: label }) } };
  // Asynchronous: lines written while a write is in flight are joined into the next one.
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}

/** A URL with the value of any `key` query parameter (a Gemini-style API key) replaced. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]key=)[^&#]*/gi, '$1[redacted]');
}

/** A body as log text, cut at `maxChars`. */
export function bodyForLog(body: string | Buffer | undefined, maxChars: number): string | undefined {
  if (body === undefined) return undefined;
  const text = typeof body === 'string' ? body : body.toString('utf8');
  return text.length > maxChars ? `${text.slice(0, maxChars)}…[${text.length - maxChars} more characters]` : text;
}
