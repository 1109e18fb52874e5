/**
 * Where a Gemini request body keeps what a server looks at without decoding it: the top-level
 * fields holding content (messages, parts; the ones that can name media by URL), the part `type`
 * values that name media by URL, and the keys of parts that name a file by URL.
 */
export const GEMINI_BODY_FIELDS = {
  contentFields: ['contents', 'systemInstruction', 'system_instruction'],
  mediaPartTypes: [],
  fileDataKeys: ['fileData', 'file_data'],
} as const satisfies {
  contentFields: readonly string[];
  mediaPartTypes: readonly string[];
  fileDataKeys: readonly string[];
};
