import { invalidRequest } from './errors.js';

/*
 * Limits on the strings a caller sends that a server reads or keeps: model names end up in
 * caches, log lines, metrics, headers and ledgers, tool names and metadata in upstream requests
 * and stored responses. The real APIs' own limits are the guide; where they publish none the
 * limit leaves ample room above anything a real client sends. Lengths count UTF-16 code units
 * (JavaScript string length).
 */

/** Longest model name a request may carry (real model ids are under 100 characters). */
export const MAX_MODEL_NAME_LENGTH = 256;

/** Longest function or tool name on the OpenAI styles (OpenAI's own limit). */
export const MAX_OPENAI_TOOL_NAME_LENGTH = 64;

/** Longest tool or function name on Anthropic Messages and Gemini (their own limit). */
export const MAX_TOOL_NAME_LENGTH = 128;

/** Metadata on the OpenAI styles: at most 16 pairs, keys up to 64 characters, values up to 512. */
export const MAX_METADATA_PAIRS = 16;
export const MAX_METADATA_KEY_LENGTH = 64;
export const MAX_METADATA_VALUE_LENGTH = 512;

/** Longest end-user id (`user`, `safety_identifier`, `prompt_cache_key`, Anthropic `metadata.user_id`). */
export const MAX_USER_ID_LENGTH = 256;

/** The model name, or a 400 naming `param` when it is longer than `MAX_MODEL_NAME_LENGTH`. */
export function checkModelName(model: string, param = 'model'): string {
  if (model.length > MAX_MODEL_NAME_LENGTH) {
    throw invalidRequest(
      `${param}: too long (${model.length} characters); a model name has at most ${MAX_MODEL_NAME_LENGTH}`,
      param,
    );
  }
  return model;
}
