import type { OpaqueOrigin } from '@interlingua/ir';
import { REQUEST_STYLES, STYLE_RECORDS, styleRecordOf, type StyleReasoning } from '../http/request-styles.js';

/**
 * The family whose opaque reasoning a style carries: `anthropic` (thinking `signature`),
 * `openai` (reasoning `encrypted_content`) or `gemini` (`thoughtSignature`); undefined for styles
 * without such a field (OpenAI chat) and for wires the gateway does not name (Bedrock).
 */
export function reasoningFamilyOf(wire: unknown): OpaqueOrigin | undefined {
  return styleRecordOf(wire)?.reasoning.family;
}

/**
 * The family whose carrier field a caller's style has: the three above, and `openai-chat` for
 * chat callers, who get carriers in the message's `reasoning_details` (no provider has that field).
 */
export function callerFamilyOf(wire: unknown): OpaqueOrigin | undefined {
  return styleRecordOf(wire)?.reasoning.callerFamily;
}

/** How the callers whose carrier field is `family`'s get carriers; undefined for a family no caller style has. */
export function callerReasoningOf(family: OpaqueOrigin): StyleReasoning | undefined {
  return REQUEST_STYLES.map((style) => STYLE_RECORDS[style].reasoning).find((record) => record.callerFamily === family);
}

/** The kind of opaque value a family's own field holds. */
export function carrierKindOf(family: OpaqueOrigin): 'signature' | 'encrypted' {
  return callerReasoningOf(family)?.carrierKind ?? 'encrypted';
}
