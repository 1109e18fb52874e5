import type { OpaqueOrigin } from '@interlingua/ir';
import { ANTHROPIC_MESSAGES, GEMINI, OPENAI_CHAT, OPENAI_RESPONSES } from '../http/request-styles.js';

/** The caller styles that have a field for opaque reasoning, and the family whose field it is. */
const FAMILY_OF_STYLE: Readonly<Record<string, OpaqueOrigin>> = {
  [ANTHROPIC_MESSAGES]: 'anthropic',
  [OPENAI_RESPONSES]: 'openai',
  [GEMINI]: 'gemini',
};

/**
 * The family whose opaque reasoning a style carries: `anthropic` (thinking `signature`),
 * `openai` (reasoning `encrypted_content`) or `gemini` (`thoughtSignature`); undefined for styles
 * without such a field (OpenAI chat) and for wires the gateway does not name (Bedrock).
 */
export function reasoningFamilyOf(wire: unknown): OpaqueOrigin | undefined {
  return typeof wire === 'string' ? FAMILY_OF_STYLE[wire] : undefined;
}

/**
 * The family whose carrier field a caller's style has: the three above, and `openai-chat` for
 * chat callers, who get carriers in the message's `reasoning_details` (no provider has that field).
 */
export function callerFamilyOf(wire: unknown): OpaqueOrigin | undefined {
  return wire === OPENAI_CHAT ? 'openai-chat' : reasoningFamilyOf(wire);
}

/** The kind of opaque value a family's own field holds. */
export function carrierKindOf(family: OpaqueOrigin): 'signature' | 'encrypted' {
  return family === 'anthropic' || family === 'gemini' ? 'signature' : 'encrypted';
}
