import type { IrErrorData, IrRequest, IrWarning, SseMessage, StreamMachine } from '@interlingua/ir';
import { createSseParser, machineTransformStream, pipeMachines, serializeSse } from '@interlingua/ir-utils';
import { styleCodec, type GenerationStyle } from './translation-styles.js';

export interface Translation<T> {
  value: T;
  /** What could not be carried across, from both halves of the conversion. */
  warnings: IrWarning[];
}

export interface RequestTranslationOptions {
  /** The model to put in the target request (Gemini requests carry none in the body). */
  model?: string;
  /** Whether the target request streams (Gemini requests carry no stream flag). */
  stream?: boolean;
}

/**
 * Converts a request body from one style to another through the IR, e.g. an Anthropic Messages
 * body into an OpenAI chat body. Throws `IrError` when the source is invalid or the target
 * cannot express the request.
 */
export function translateRequest(body: unknown, from: GenerationStyle, to: GenerationStyle, options: RequestTranslationOptions = {}): Translation<unknown> {
  const decoded = styleCodec(from).request.toIr(body);
  const ir: IrRequest = { ...decoded.value, ...(options.model !== undefined ? { model: options.model } : {}), ...(options.stream !== undefined ? { stream: options.stream } : {}) };
  const encoded = styleCodec(to).request.fromIr(ir);
  return { value: encoded.value, warnings: [...decoded.warnings, ...encoded.warnings] };
}

/** Converts a complete (non-streaming) response body between styles. */
export function translateResponse(body: unknown, from: GenerationStyle, to: GenerationStyle): Translation<unknown> {
  const decoded = styleCodec(from).response.toIr(body);
  const encoded = styleCodec(to).response.fromIr(decoded.value);
  return { value: encoded.value, warnings: [...decoded.warnings, ...encoded.warnings] };
}

/** Converts an error answer (status and body) between styles. */
export function translateError(status: number, body: unknown, from: GenerationStyle, to: GenerationStyle): { status: number; body: unknown; error: IrErrorData } {
  const error = styleCodec(from).error.toIr(status, body);
  return { ...styleCodec(to).error.fromIr(error), error };
}

export interface StreamTranslationOptions {
  /** The caller asked for usage in the stream (OpenAI chat `stream_options.include_usage`). */
  includeUsage?: boolean;
  /** The model name to report. */
  model?: string;
}

/**
 * A synchronous machine from SSE bytes of one style to SSE text of another. Feed it upstream
 * chunks as they arrive (split anywhere); each `push` returns the text to send on.
 */
export function createStreamTranslator(from: GenerationStyle, to: GenerationStyle, options: StreamTranslationOptions = {}): StreamMachine<Uint8Array | string, string> {
  const events = pipeMachines(createSseParser(), styleCodec(from).stream.createDecoder());
  const messages = pipeMachines(events, styleCodec(to).stream.createEncoder(options));
  const text = (out: SseMessage[]): string[] => (out.length === 0 ? [] : [out.map(serializeSse).join('')]);
  return { push: (chunk) => text(messages.push(chunk)), end: () => text(messages.end()) };
}

/** The same as a web `TransformStream`, for `fetch` bodies in browsers and edge runtimes. */
export function translateStream(from: GenerationStyle, to: GenerationStyle, options: StreamTranslationOptions = {}): TransformStream<Uint8Array | string, string> {
  return machineTransformStream(createStreamTranslator(from, to, options));
}
