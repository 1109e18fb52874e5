import type { IrErrorData } from './errors.js';
import type { IrRequest } from './request.js';
import type { IrResponse } from './response.js';
import type { SseMessage } from './sse-message.js';
import type { IrStreamEvent } from './stream-events.js';
import type { StreamMachine } from './stream-machine.js';
import type { StyleId } from './style-id.js';
import type { IrUsage } from './usage.js';
import type { Result } from './warnings.js';

/** Context a stream encoder needs from the request it answers. */
export interface StreamEncoderOptions {
  /** The caller asked for usage in the stream (chat `stream_options.include_usage`). */
  includeUsage?: boolean;
  /** The model name to report to the caller (the alias the caller used). */
  model?: string;
  /**
   * The gateway's own estimate of the prompt tokens, for styles that report input tokens at the
   * start of a stream when the upstream reports them only at the end (Anthropic `message_start`).
   */
  estimateInputTokens?: () => number;
}

/** A model as a style lists it. */
export interface IrModel {
  id: string;
  ownedBy: string;
  /** Unix seconds. */
  created: number;
  displayName?: string;
  /** What the model can serve (`chat`, `embeddings`, …). */
  capabilities?: string[];
}

/**
 * The whole public surface of a request style: conversions to and from the IR for requests,
 * responses, streams and errors. Conversions throw `IrError` when a mapping is impossible and
 * return warnings when it is lossy.
 */
export interface StyleCodec<Req = unknown, Res = unknown> {
  id: StyleId;
  request: {
    toIr(wire: Req): Result<IrRequest>;
    fromIr(ir: IrRequest): Result<Req>;
    /**
     * A fast reader of the bodies agents send on every turn, beside the schema `toIr` validates
     * with: the IR `toIr` gives, without its warnings (there are none for such a body), or
     * undefined to leave the body to `toIr`. Optional; servers attach it (the style packages'
     * `./internal` entries), browser bundles go without it.
     */
    readPlain?(body: Record<string, unknown>): IrRequest | undefined;
  };
  response: {
    toIr(wire: Res): Result<IrResponse>;
    fromIr(ir: IrResponse): Result<Res>;
    /**
     * The usage of a whole answer read without converting it, or undefined when the answer is
     * not of the usual shape (then `toIr(wire).value.usage` is the answer). Optional.
     */
    usage?(wire: unknown): IrUsage | undefined;
  };
  stream: {
    createDecoder(): StreamMachine<SseMessage, IrStreamEvent>;
    createEncoder(options?: StreamEncoderOptions): StreamMachine<IrStreamEvent, SseMessage>;
  };
  error: {
    toIr(status: number, body: unknown): IrErrorData;
    fromIr(error: IrErrorData): { status: number; body: unknown };
  };
}
