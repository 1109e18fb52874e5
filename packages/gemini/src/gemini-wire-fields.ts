import { isNonEmptyArray, type WireBodyFields } from '@interlingua/ir-utils';

/**
 * Where a Gemini request body keeps what a server looks at without decoding it: the top-level
 * fields holding content (messages, parts; the ones that can name media by URL), the part `type`
 * values that name media by URL, and the keys of parts that name a file by URL.
 */
export const GEMINI_BODY_FIELDS = {
  contentFields: ['contents', 'systemInstruction', 'system_instruction'],
  mediaPartTypes: [],
  fileDataKeys: ['fileData', 'file_data'],
  requiredFields: [{ field: 'contents', holds: isNonEmptyArray, expected: 'a non-empty array of contents' }],
  countField: 'totalTokens',
  partUrl: () => undefined,
} as const satisfies WireBodyFields;

/**
 * What a server looks for in a streamed Gemini answer without decoding it: the keys whose string
 * values are text the model wrote (deltas only: events and objects that repeat the text are left
 * out), and the `event:` names (or data `type`s) that end a stream, none (a chunk with a finish or
 * block reason ends it).
 */
export const GEMINI_STREAM_FIELDS = {
  textKeys: ['text'],
  endEvents: [],
} as const satisfies { textKeys: readonly string[]; endEvents: readonly string[] };

/**
 * Where a Gemini `fileData` / `file_data` object names its file (`fileUri`, `file_uri`), and the
 * schemes its URIs may use beside the web's: Cloud Storage objects (`gs://`), which Vertex AI reads itself.
 */
export const GEMINI_FILE_URI = {
  keys: ['fileUri', 'file_uri'],
  otherSchemes: ['gs:'],
} as const;
