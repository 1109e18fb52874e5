/**
 * Where a Responses request body keeps what a server looks at without decoding it: the top-level
 * fields holding content (messages, parts; the ones that can name media by URL), the part `type`
 * values that name media by URL, and the keys of parts that name a file by URL.
 */
export const OPENAI_RESPONSES_BODY_FIELDS = {
  contentFields: ['input'],
  mediaPartTypes: ['input_image', 'input_file'],
  fileDataKeys: [],
} as const satisfies {
  contentFields: readonly string[];
  mediaPartTypes: readonly string[];
  fileDataKeys: readonly string[];
};
