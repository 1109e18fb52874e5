import { isRecord, type PartUrl, type WireBodyFields } from '@interlingua/ir-utils';

/** The URL of an `image` or `document` part whose source is a URL. */
function anthropicPartUrl(part: Record<string, unknown>): PartUrl | undefined {
  const source = part.source;
  if (!isRecord(source)) return undefined;
  const { type, url } = source;
  return type === 'url' && typeof url === 'string' ? { fields: ['source', 'url'], url } : undefined;
}

/**
 * Where an Anthropic Messages request body keeps what a server looks at without decoding it: the
 * top-level fields holding content (messages, parts; the ones that can name media by URL), the
 * part `type` values that name media by URL, and the keys of parts that name a file by URL.
 */
export const ANTHROPIC_MESSAGES_BODY_FIELDS = {
  contentFields: ['messages', 'system'],
  mediaPartTypes: ['image', 'document'],
  fileDataKeys: [],
  requiredFields: [
    { field: 'messages', holds: Array.isArray, expected: 'an array of messages' },
    {
      field: 'max_tokens',
      holds: (value) => typeof value === 'number' && Number.isInteger(value) && value > 0,
      expected: 'a positive integer',
    },
  ],
  countField: 'input_tokens',
  partUrl: anthropicPartUrl,
} as const satisfies WireBodyFields;

/**
 * What a server looks for in a streamed Anthropic Messages answer without decoding it: the keys
 * whose string values are text the model wrote (deltas only: events and objects that repeat the
 * text are left out), and the `event:` names (or data `type`s) that end a stream.
 */
export const ANTHROPIC_MESSAGES_STREAM_FIELDS = {
  textKeys: ['text', 'thinking', 'partial_json'],
  endEvents: ['message_stop', 'error'],
} as const satisfies { textKeys: readonly string[]; endEvents: readonly string[] };

/**
 * An empty `signature` as JSON encoders write it, compact or with a space: the bytes a request
 * must hold for one of its `thinking` blocks to be unsigned (Anthropic refuses those).
 */
export const ANTHROPIC_EMPTY_SIGNATURE_NEEDLES = ['"signature":""', '"signature": ""'] as const;
