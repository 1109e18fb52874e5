import type { IrWarning } from '@interlingua/ir';
import type { CallOutcome } from '../context/generation-call.js';

const MAX_HEADER_CHARS = 4000;

/** `x-interlingua-route`: provider, upstream model, attempts and translation path. */
export function routeHeader(outcome: CallOutcome): string {
  const target = outcome.target;
  const parts = [
    `provider=${target?.settings.id ?? 'none'}`,
    `model=${target?.upstreamModel ?? 'none'}`,
    `attempts=${outcome.attempts}`,
    `path=${outcome.path ?? 'none'}`,
  ];
  return ascii(parts.join('; '));
}

/** `x-interlingua-warnings`: what could not be carried across, `kind field: message` joined by ` | `. */
export function warningsHeader(warnings: readonly IrWarning[]): string | undefined {
  if (warnings.length === 0) return undefined;
  const text = ascii(warnings.map((w) => `${w.kind} ${w.field}: ${w.message}`).join(' | '));
  return text.length > MAX_HEADER_CHARS ? `${text.slice(0, MAX_HEADER_CHARS - 3)}...` : text;
}

function ascii(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?');
}

/** Headers describing the route, to send at the commit point. */
export function outcomeHeaders(outcome: CallOutcome): Record<string, string> {
  const headers: Record<string, string> = { 'x-interlingua-route': routeHeader(outcome) };
  const warnings = warningsHeader(outcome.warnings);
  if (warnings) headers['x-interlingua-warnings'] = warnings;
  if (outcome.cache) headers['x-interlingua-cache'] = outcome.cache;
  return headers;
}
