import { isNonEmptyArray, isRecord, type PartUrl, type WireBodyFields } from '@interlingua/ir-utils';

/** The URL of an `image_url` part: a string, or an object's `url`. */
function chatPartUrl(part: Record<string, unknown>): PartUrl | undefined {
  const image = part.image_url;
  if (typeof image === 'string') return { fields: ['image_url'], url: image };
  if (!isRecord(image)) return undefined;
  const url = image.url;
  return typeof url === 'string' ? { fields: ['image_url', 'url'], url } : undefined;
}

/**
 * Where a Chat Completions request body keeps what a server looks at without decoding it: the top-
 * level fields holding content (messages, parts; the ones that can name media by URL), the part
 * `type` values that name media by URL, and the keys of parts that name a file by URL.
 */
export const OPENAI_CHAT_BODY_FIELDS = {
  contentFields: ['messages'],
  mediaPartTypes: ['image_url'],
  fileDataKeys: [],
  requiredFields: [{ field: 'messages', holds: isNonEmptyArray, expected: 'a non-empty array of messages' }],
  countField: 'input_tokens',
  partUrl: chatPartUrl,
} as const satisfies WireBodyFields;

/**
 * What a server looks for in a streamed Chat Completions answer without decoding it: the keys
 * whose string values are text the model wrote (deltas only: events and objects that repeat the
 * text are left out), and the `event:` names (or data `type`s) that end a stream, none (its
 * `[DONE]` data and error events end it).
 */
export const OPENAI_CHAT_STREAM_FIELDS = {
  textKeys: ['content', 'reasoning_content', 'refusal', 'arguments'],
  endEvents: [],
} as const satisfies { textKeys: readonly string[]; endEvents: readonly string[] };
