import type { PartUrl, WireBodyFields } from '@interlingua/ir-utils';

/** The URL of an `input_image` (`image_url`) or `input_file` (`file_url`) part. */
function responsesPartUrl(part: Record<string, unknown>, type: string): PartUrl | undefined {
  const field = type === 'input_image' ? 'image_url' : 'file_url';
  const url = part[field];
  return typeof url === 'string' ? { fields: [field], url } : undefined;
}

/**
 * Where a Responses request body keeps what a server looks at without decoding it: the top-level
 * fields holding content (messages, parts; the ones that can name media by URL), the part `type`
 * values that name media by URL, and the keys of parts that name a file by URL.
 */
export const OPENAI_RESPONSES_BODY_FIELDS = {
  contentFields: ['input'],
  mediaPartTypes: ['input_image', 'input_file'],
  fileDataKeys: [],
  requiredFields: [
    {
      field: 'input',
      holds: (value) => typeof value === 'string' || Array.isArray(value),
      expected: 'a string or an array of input items',
    },
  ],
  countField: 'input_tokens',
  partUrl: responsesPartUrl,
} as const satisfies WireBodyFields;

/**
 * What a server looks for in a streamed Responses answer without decoding it: the keys whose
 * string values are text the model wrote (deltas only: events and objects that repeat the text are
 * left out), and the `event:` names (or data `type`s) that end a stream.
 */
export const OPENAI_RESPONSES_STREAM_FIELDS = {
  textKeys: ['delta'],
  endEvents: ['response.completed', 'response.incomplete', 'response.failed', 'error'],
} as const satisfies { textKeys: readonly string[]; endEvents: readonly string[] };
