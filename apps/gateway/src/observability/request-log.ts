import type { GenerationCall } from '../pipeline/generation-call.js';

export interface RequestLogEntry {
  requestId: string;
  style: string;
  call: GenerationCall | undefined;
  status: number;
  started: number;
}

let enabled = process.env.INTERLINGUA_LOG !== 'off';

/** Switches the per-request log line on or off (tests keep their output quiet). */
export function setRequestLogging(on: boolean): void {
  enabled = on;
}

/** One JSON line per request, written after the answer finished. Never holds keys or bodies. */
export function logRequest(entry: RequestLogEntry): void {
  if (!enabled) return;
  const outcome = entry.call?.outcome;
  const line = {
    level: entry.status >= 500 ? 'error' : 'info',
    time: new Date().toISOString(),
    msg: 'request',
    requestId: entry.requestId,
    style: entry.style,
    model: entry.call?.model,
    provider: outcome?.target?.settings.id,
    upstreamModel: outcome?.target?.upstreamModel,
    path: outcome?.path,
    attempts: outcome?.attempts,
    status: entry.status,
    latencyMs: Math.round((performance.now() - entry.started) * 100) / 100,
    inputTokens: outcome?.usage?.inputTokens,
    outputTokens: outcome?.usage?.outputTokens,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
