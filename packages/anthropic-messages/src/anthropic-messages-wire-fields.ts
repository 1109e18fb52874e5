/**
 * Where an Anthropic Messages request body keeps what a server looks at without decoding it: the
 * top-level fields holding content (messages, parts; the ones that can name media by URL), the
 * part `type` values that name media by URL, and the keys of parts that name a file by URL.
 */
export const ANTHROPIC_MESSAGES_BODY_FIELDS = {
  contentFields: ['messages', 'system'],
  mediaPartTypes: ['image', 'document'],
  fileDataKeys: [],
} as const satisfies {
  contentFields: readonly string[];
  mediaPartTypes: readonly string[];
  fileDataKeys: readonly string[];
};

/**
 * What a server looks for in a streamed Anthropic Messages answer without decoding it: the keys
 * whose string values are text the model wrote (deltas only: events and objects that repeat the
 * text are left out), and the `event:` names (or data `type`s) that end a stream.
 */
export const ANTHROPIC_MESSAGES_STREAM_FIELDS = {
  textKeys: ['text', 'thinking', 'partial_json'],
  endEvents: ['message_stop', 'error'],
} as const satisfies { textKeys: readonly string[]; endEvents: readonly string[] };
