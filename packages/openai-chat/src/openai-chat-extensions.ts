import type { IrExtensions } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';

/** The style id of this package. */
export const OPENAI_CHAT_STYLE_ID = 'openai-chat' as const;

/**
 * What the codec keeps under `extensions['openai-chat']` of an IR request so that a
 * chat -> IR -> chat round trip re-emits it. snake_case keys are top-level wire fields the IR has
 * no place for (`logprobs`, `logit_bias`, `store`, `service_tier`, unknown fields...): they are
 * re-emitted verbatim unless the IR already sets that field. The camelCase keys below are codec
 * metadata and are never sent.
 */
export interface OpenAiChatRequestExtensions {
  /** The caller limited tokens with the deprecated `max_tokens` (alone): send it back that way. */
  maxTokensField?: 'max_tokens';
  /** Non-function tools (`custom`, vendor tools), verbatim, sent after the function tools. */
  extraTools?: unknown[];
  /** `stream_options` keys other than `include_usage` (`include_obfuscation`). */
  streamOptions?: Record<string, unknown>;
  /** The caller used the legacy `functions` / `function_call` / `function` role. */
  legacyFunctions?: boolean;
  /** The caller sent reasoning back as assistant `reasoning_content`: keep doing so. */
  reasoningContent?: boolean;
  /** The caller marked parts with `prompt_cache_breakpoint`: send IR cache hints that way. */
  promptCacheBreakpoints?: boolean;
  /** Unknown fields of message `i` (IR message index), merged back into that message. */
  messageFields?: Record<string, Record<string, unknown>>;
  [wireField: string]: unknown;
}

/** Codec metadata keys of `OpenAiChatRequestExtensions` (everything else is a wire field). */
export const OPENAI_CHAT_EXTENSION_META_KEYS: ReadonlySet<string> = new Set([
  'maxTokensField',
  'extraTools',
  'streamOptions',
  'legacyFunctions',
  'reasoningContent',
  'promptCacheBreakpoints',
  'messageFields',
]);

/**
 * What the codec keeps under `extensions['openai-chat']` of an IR response: top-level wire
 * fields (`service_tier`, `system_fingerprint`, vendor extras) flat, and per-choice extras.
 */
export interface OpenAiChatResponseExtensions {
  /** Extra fields of choice `i` (`logprobs`, Azure `content_filter_results`...). */
  choiceFields?: Record<string, Record<string, unknown>>;
  /** Extra fields of the message of choice `i` (`annotations`, `audio`...). */
  messageFields?: Record<string, Record<string, unknown>>;
  [wireField: string]: unknown;
}

/** The openai-chat extensions of an IR value (an empty object when there are none). */
export function openAiChatExtensions(extensions: IrExtensions | undefined): Record<string, unknown> {
  return asRecord(extensions?.[OPENAI_CHAT_STYLE_ID]) ?? {};
}

/** The extra fields stored for index `i` in a `messageFields`/`choiceFields` map. */
export function fieldsAt(map: unknown, index: number): Record<string, unknown> {
  return asRecord(asRecord(map)?.[String(index)]) ?? {};
}

/** The keys of `record` that are not in `known` (undefined values skipped). */
export function extraFields(
  record: Record<string, unknown>,
  known: ReadonlySet<string>,
): Record<string, unknown> | undefined {
  let extras: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(record)) {
    if (known.has(key) || value === undefined) continue;
    extras ??= {};
    extras[key] = value;
  }
  return extras;
}
