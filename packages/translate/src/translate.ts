import { styleCodec, type GenerationStyle, type StyleRequest, type StyleResponse } from './translation-styles.js';
import {
  createTranslator,
  type ErrorTranslation,
  type RequestTranslationOptions,
  type StreamTranslationOptions,
  type Translation,
  type Translator,
} from './translator.js';
import type { StreamMachine } from '@interlingua/ir';

function translator<To extends GenerationStyle>(
  from: GenerationStyle,
  to: To,
): Translator<StyleRequest<To>, StyleResponse<To>> {
  return createTranslator(styleCodec(from), styleCodec(to));
}

/**
 * Converts a request body from one style to another through the IR, e.g. an Anthropic Messages
 * body into an OpenAI chat body (typed as the target style's request). Throws `IrError` when the
 * source is invalid or the target cannot express the request.
 */
export function translateRequest<To extends GenerationStyle>(
  body: unknown,
  from: GenerationStyle,
  to: To,
  options: RequestTranslationOptions = {},
): Translation<StyleRequest<To>> {
  return translator(from, to).request(body, options);
}

/** Converts a complete (non-streaming) response body between styles. */
export function translateResponse<To extends GenerationStyle>(
  body: unknown,
  from: GenerationStyle,
  to: To,
): Translation<StyleResponse<To>> {
  return translator(from, to).response(body);
}

/** Converts an error answer (status and body) between styles. */
export function translateError(
  status: number,
  body: unknown,
  from: GenerationStyle,
  to: GenerationStyle,
): ErrorTranslation {
  return translator(from, to).error(status, body);
}

/**
 * A synchronous machine from SSE bytes of one style to SSE text of another. Feed it upstream
 * chunks as they arrive (split anywhere); each `push` returns the text to send on.
 */
export function createStreamTranslator(
  from: GenerationStyle,
  to: GenerationStyle,
  options: StreamTranslationOptions = {},
): StreamMachine<Uint8Array | string, string> {
  return translator(from, to).streamMachine(options);
}

/** The same as a web `TransformStream`, for `fetch` bodies in browsers and edge runtimes. */
export function translateStream(
  from: GenerationStyle,
  to: GenerationStyle,
  options: StreamTranslationOptions = {},
): TransformStream<Uint8Array | string, string> {
  return translator(from, to).stream(options);
}
