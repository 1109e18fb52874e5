import { invalidRequest } from '@interlingua/ir';
import { asRecord, safeJsonParse } from '@interlingua/ir-utils';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import { bodyText } from '../http/read-body.js';
import { scanJsonObject } from '../http/json-body-scan.js';
import { lazyJsonObject } from '../http/lazy-json-body.js';
import { CONTENT_FIELDS } from '../services/forwarded-media-urls.js';

/** Bodies from this size on are scanned instead of parsed whole (an agent's turn; a chat question is far smaller). */
export const SCAN_FROM_BYTES = 16 * 1024;
/** A content value from this size on waits to be parsed until something reads it. */
export const LAZY_FROM_BYTES = 4 * 1024;

const LAZY_KEYS: Record<GenerationStyle, ReadonlySet<string>> = {
  'openai-chat': new Set(CONTENT_FIELDS['openai-chat']),
  'openai-responses': new Set(CONTENT_FIELDS['openai-responses']),
  'anthropic-messages': new Set(CONTENT_FIELDS['anthropic-messages']),
  gemini: new Set(CONTENT_FIELDS.gemini),
};

/**
 * A generation request's body as an object. A large body is first scanned over its bytes
 * (`scanJsonObject`): when the scan is sure of it, its conversation (the style's content fields)
 * is parsed only if something reads it — the same-style relay forwards the bytes and never does.
 * Any body the scan is not sure of is parsed whole, with the parser's 400 for bad JSON.
 */
export function parseRequestBody(rawBody: Buffer, wire: GenerationStyle): Record<string, unknown> {
  if (rawBody.length >= SCAN_FROM_BYTES) {
    const fields = scanJsonObject(rawBody);
    if (fields) return lazyJsonObject(rawBody, fields, LAZY_KEYS[wire], LAZY_FROM_BYTES);
  }
  return parseJsonObject(rawBody);
}

/** The body as a JSON object; 400 naming the problem otherwise. */
export function parseJsonObject(rawBody: Buffer): Record<string, unknown> {
  if (rawBody.length === 0) throw invalidRequest('The request body is empty: send a JSON object');
  const parsed = safeJsonParse(bodyText(rawBody));
  if (!parsed.ok) throw invalidRequest(`The request body is not valid JSON: ${parsed.error}`);
  const object = asRecord(parsed.value);
  if (!object) throw invalidRequest('The request body must be a JSON object');
  return object;
}
