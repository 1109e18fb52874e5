import { IrError } from '@interlingua/ir';
import type {
  IrErrorData,
  IrRequest,
  IrWarning,
  SseMessage,
  StreamEncoderOptions,
  StreamMachine,
  StyleCodec,
} from '@interlingua/ir';
import { createSseParser, machineTransformStream, pipeMachines, serializeSse } from '@interlingua/ir-utils';

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

/** What a stream encoder needs from the request it answers (`includeUsage`, `model`). */
export type StreamTranslationOptions = StreamEncoderOptions;

/** An error answer converted to another style, with the style-neutral error it was read as. */
export interface ErrorTranslation {
  status: number;
  body: unknown;
  error: IrErrorData;
}

/** The request body type a codec produces. */
export type CodecRequest<C extends StyleCodec<unknown, unknown>> = ReturnType<C['request']['fromIr']>['value'];

/** The complete answer body type a codec produces. */
export type CodecResponse<C extends StyleCodec<unknown, unknown>> = ReturnType<C['response']['fromIr']>['value'];

/** Converts everything of one style (requests, answers, streams, errors) into another style. */
export interface Translator<TargetRequest, TargetResponse> {
  /** Converts a request body. Throws `IrError` when it is invalid or the target cannot express it. */
  request(body: unknown, options?: RequestTranslationOptions): Translation<TargetRequest>;
  /** Converts a complete (non-streaming) answer body. */
  response(body: unknown): Translation<TargetResponse>;
  /** Converts an error answer (status and body). */
  error(status: number, body: unknown): ErrorTranslation;
  /** A synchronous machine from SSE bytes (split anywhere) to SSE text; `push` returns the text to send on. */
  streamMachine(options?: StreamTranslationOptions): StreamMachine<Uint8Array | string, string>;
  /** The same as a web `TransformStream`, for `fetch` bodies in browsers and edge runtimes. */
  stream(options?: StreamTranslationOptions): TransformStream<Uint8Array | string, string>;
}

/**
 * A translator between two codecs, e.g. `createTranslator(anthropicMessagesCodec, openAiChatCodec)`.
 * A bundle that builds its translators this way carries only the codecs it passes.
 */
export function createTranslator<Target extends StyleCodec<unknown, unknown>>(
  from: StyleCodec<unknown, unknown>,
  to: Target,
): Translator<CodecRequest<Target>, CodecResponse<Target>> {
  const streamMachine = (options: StreamTranslationOptions = {}): StreamMachine<Uint8Array | string, string> => {
    const events = pipeMachines(createSseParser(), from.stream.createDecoder());
    const messages = pipeMachines(events, to.stream.createEncoder(options));
    const text = (out: SseMessage[]): string[] => (out.length === 0 ? [] : [out.map(serializeSse).join('')]);
    return { push: (chunk) => text(messages.push(chunk)), end: () => text(messages.end()) };
  };
  return {
    request(body, options = {}) {
      const decoded = from.request.toIr(body);
      const ir: IrRequest = {
        ...decoded.value,
        ...(options.model !== undefined ? { model: options.model } : {}),
        ...(options.stream !== undefined ? { stream: options.stream } : {}),
      };
      requireModel(ir, from, to);
      const encoded = to.request.fromIr(ir);
      return { value: encoded.value as CodecRequest<Target>, warnings: [...decoded.warnings, ...encoded.warnings] };
    },
    response(body) {
      const decoded = from.response.toIr(body);
      const encoded = to.response.fromIr(decoded.value);
      return { value: encoded.value as CodecResponse<Target>, warnings: [...decoded.warnings, ...encoded.warnings] };
    },
    error(status, body) {
      const error = from.error.toIr(status, body);
      return { ...to.error.fromIr(error), error };
    },
    streamMachine,
    stream: (options) => machineTransformStream(streamMachine(options)),
  };
}

/** Styles whose request carries no model in the body: the model travels in the URL. */
const MODEL_IN_URL_STYLES: ReadonlySet<string> = new Set(['gemini']);

/** A target that carries the model in its body never gets an empty one. */
function requireModel(ir: IrRequest, from: StyleCodec<unknown, unknown>, to: StyleCodec<unknown, unknown>): void {
  if (ir.model !== '' || MODEL_IN_URL_STYLES.has(to.id)) return;
  throw new IrError({
    kind: 'invalid-request',
    param: 'model',
    message: `A ${from.id} request carries no model; pass { model } in the options to translate it to ${to.id}.`,
  });
}
