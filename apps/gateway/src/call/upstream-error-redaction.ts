import type { IrErrorData } from '@interlingua/ir';
import { safeJsonParse } from '@interlingua/ir-utils';
import type { ProviderSettings } from '@interlingua/provider-adapters';

/** Longest upstream error message passed on to callers and logs, in characters. */
export const MAX_UPSTREAM_MESSAGE_CHARS = 1_000;
/** Longest string kept in an upstream error body passed on (Gemini callers get the body itself). */
const MAX_UPSTREAM_STRING_CHARS = 2_000;
/** Deepest nesting of an upstream error body kept; deeper values are dropped. */
const MAX_DEPTH = 16;
/** Shorter configured values are not searched for: they would match ordinary words. */
const MIN_SECRET_CHARS = 8;
const REDACTED = '[redacted]';

/** Credentials by their shape, whoever they belong to (the caller's own key included). */
const CREDENTIAL_SHAPES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(bearer|basic)(\s+)[A-Za-z0-9._~+/=-]{6,}/gi, `$1$2${REDACTED}`],
  [/\bsk-[A-Za-z0-9_-]{6,}/g, `sk-${REDACTED}`],
  [/\bAIza[0-9A-Za-z_-]{20,}/g, REDACTED],
  [
    /\b((?:x-goog-api-key|x-api-key|api-key|api_key|apikey|access_token|x-amz-security-token)["']?\s*[:=]\s*["']?)[^"'\s,;&}]+/gi,
    `$1${REDACTED}`,
  ],
  [/([?&\s]key=)[^&#\s"']+/gi, `$1${REDACTED}`],
];

/** Option names of adapters whose values are credentials. */
const SECRET_OPTION = /key|secret|token|password|credential/i;

const secretsBySettings = new WeakMap<ProviderSettings, readonly string[]>();

/** The values configured for a provider that are credentials: its API key, its header values, secret-named options. */
function configuredSecrets(settings: ProviderSettings | undefined): readonly string[] {
  if (!settings) return [];
  let secrets = secretsBySettings.get(settings);
  if (!secrets) {
    const found = [settings.apiKey, ...Object.values(settings.headers ?? {})];
    for (const [name, value] of Object.entries(settings.options ?? {}))
      if (SECRET_OPTION.test(name) && typeof value === 'string') found.push(value);
    secrets = [
      ...new Set(
        found.filter((value): value is string => typeof value === 'string' && value.length >= MIN_SECRET_CHARS),
      ),
    ].sort((a, b) => b.length - a.length);
    secretsBySettings.set(settings, secrets);
  }
  return secrets;
}

/**
 * Upstream text with the provider's configured secrets (its API key, header values, secret-named
 * options) replaced by `[redacted]`, exact matches only: what a successful answer passes through.
 */
export function redactConfiguredSecrets(text: string, settings?: ProviderSettings): string {
  let out = text;
  for (const secret of configuredSecrets(settings)) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out;
}

/**
 * Upstream text with credentials replaced by `[redacted]`: the provider's configured secrets
 * (exact match) and anything shaped like a bearer token, an `sk-…` or Google API key, or an
 * `x-api-key` / `key=` value. An upstream that echoes what it was sent (a proxy reporting the
 * request it refused) must not hand the gateway's provider key to callers or to the logs.
 */
export function redactCredentials(text: string, settings?: ProviderSettings): string {
  let out = redactConfiguredSecrets(text, settings);
  for (const [shape, replacement] of CREDENTIAL_SHAPES) out = out.replace(shape, replacement);
  return out;
}

/** `text` cut to `max` characters, saying so. */
function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

/** The body of an upstream error answer as it may be read: credentials redacted, then (when JSON) every string clipped and nesting bounded. */
export function safeUpstreamErrorBody(text: string, settings?: ProviderSettings): unknown {
  const redacted = redactCredentials(text, settings);
  const parsed = safeJsonParse(redacted);
  return parsed.ok
    ? boundedValue(parsed.value, (item) => clip(item, MAX_UPSTREAM_STRING_CHARS), 0)
    : clip(redacted, MAX_UPSTREAM_STRING_CHARS);
}

function boundedValue(value: unknown, onString: (text: string) => string, depth: number): unknown {
  if (typeof value === 'string') return onString(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) return value.map((item) => boundedValue(item, onString, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = boundedValue(item, onString, depth + 1);
  return out;
}

/**
 * An error an upstream reported (from an HTTP error body or an in-band error event) as it may be
 * passed on to callers and logs: message and body redacted, their strings bounded in length.
 */
export function safeUpstreamError(data: IrErrorData, settings?: ProviderSettings): IrErrorData {
  const message = clip(redactCredentials(data.message, settings), MAX_UPSTREAM_MESSAGE_CHARS);
  if (data.raw === undefined) return message === data.message ? data : { ...data, message };
  return {
    ...data,
    message,
    raw: boundedValue(data.raw, (item) => clip(redactCredentials(item, settings), MAX_UPSTREAM_STRING_CHARS), 0),
  };
}
