import type { IncomingHttpHeaders } from 'node:http';
import type { IrError, IrRequest, IrResponse, IrWarning, StyleCodec } from '@interlingua/ir';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import type { AnswerSink } from '../http/response-sink.js';
import type { StreamFramer } from '../http/stream-framer.js';
import type { ResolvedRoute } from './route-target.js';
import type { CallOps } from './call-ops.js';
import type { CallOutcome } from './call-outcome.js';
import type { RequestStop } from './request-stop.js';
import type { ReasoningContext } from '../reasoning/reasoning-call.js';

/** The caller's request style, as the pipeline needs it. */
export interface InboundStyle {
  wire: GenerationStyle;
  codec: StyleCodec<unknown, unknown>;
}

export { CallOutcome } from './call-outcome.js';

/** What the commit point tells the running call (its pre-commit deadlines end there). */
export interface CommitListener {
  committed(streaming: boolean): void;
}

/** The request in the IR, with what decoding it warned about. */
export interface DecodedRequest {
  ir: IrRequest;
  warnings: IrWarning[];
}

/** What the route asks to see or adjust while the call runs; set while the route prepares the call. */
export interface GenerationHooks {
  /** Sees every answer that went through the IR (translated and local paths), once complete. */
  onIrResponse?: (response: IrResponse) => void | Promise<void>;
  /** Sees the upstream's own id of an answer passed through as is (fast path), once it is known; `outcome.target` answered it. */
  onPassedThrough?: (answerId: string) => void | Promise<void>;
  /**
   * Adjusts the IR right before it is encoded for an upstream of `wire` (translated path), e.g.
   * downloading image URLs for upstreams that only take inline data.
   */
  prepareUpstreamIr?: (ir: IrRequest, wire: GenerationStyle, signal: RequestStop) => Promise<IrRequest>;
}

/**
 * What the way of the request depends on, decided once by the route before the first attempt
 * (`requestWay`): per target only the target's own questions remain (its wire, its cache marks).
 */
export interface RequestWay {
  /** The body may hold reasoning carriers: they are opened through the IR, never relayed as sent. */
  readonly opensCarriers: boolean;
  /** The body may go up as sent to an upstream of the caller's style: its framing is the upstream's, nothing forces translation, no carrier is in it. */
  readonly relayable: boolean;
  /** The caller placed cache breakpoints of its own (`cache_control`): a relayed body gets none of the route's. */
  readonly callerMarksCache: boolean;
}

/**
 * What the caller asked of the answer, read once from its body and headers when the route built
 * the request (`answerAsks`): the paths and writers read these, never the body again.
 */
export interface AnswerAsks {
  /** Usage at the end of the stream (chat's `stream_options.include_usage`). */
  readonly usageInStream: boolean;
  /** The call's cost in the answer's usage: a chat caller, by `usage.include` or the gateway's header. */
  readonly costInAnswer: boolean;
  /** The chat body holds the gateway's own `usage` opt-in: it never goes upstream (OpenAI refuses unknown fields). */
  readonly optInInBody: boolean;
}

/** The limits the route applies to the call. */
export interface GenerationLimits {
  /** The largest upstream answer body read whole (non-streamed answers). */
  maxUpstreamBodyBytes: number;
}

/**
 * One generation request as the route read it: read-only while the call runs (plan, call and
 * commit read it; nothing writes it). The route fills it and its `prepare` step may still change
 * it (`GenerationRequestDraft`). What the call does is the `GenerationRun`. Provider adapters see
 * only their part of it, the adapters' `GenerationCall` (settings, upstream model, stream).
 */
export interface GenerationRequest {
  readonly inbound: InboundStyle;
  /** The inbound body, parsed once. */
  readonly json: Record<string, unknown>;
  readonly rawBody: Buffer;
  /** The model name the caller asked for. */
  readonly model: string;
  readonly stream: boolean;
  readonly route: ResolvedRoute;
  readonly requestId: string;
  readonly headers: IncomingHttpHeaders;
  readonly framer: StreamFramer;
  /** Overrides applied to the IR after decoding the inbound body (Gemini's model and stream live in the URL). */
  readonly irOverrides?: Partial<Pick<IrRequest, 'model' | 'stream'>>;
  /**
   * The request in IR, when the route prepared it itself (e.g. expanded stored conversation
   * state); otherwise the run decodes it from `json` on first use (`GenerationRun.decoded`).
   */
  readonly preparedIr?: DecodedRequest;
  /** Never forward the body as is, even when the upstream speaks the caller's style. */
  readonly forceTranslation?: boolean;
  readonly limits: GenerationLimits;
  /** Retry, timeout and keep-alive policies, prices and metrics; defaults when absent. */
  readonly ops?: CallOps;
  readonly hooks: GenerationHooks;
  /** Sealing and opening of reasoning carriers, and the route's policy for foreign reasoning. */
  readonly reasoning?: ReasoningContext;
  /** What the way depends on, decided once when the route built the request. */
  readonly way: RequestWay;
  /** What the caller asked of the answer, read once when the route built the request. */
  readonly asks: AnswerAsks;
}

/** The request while the route prepares it (its `prepare` step and content capture may change it); its way and asks are decided after. */
export type GenerationRequestDraft = {
  -readonly [Field in keyof Omit<GenerationRequest, 'way' | 'asks'>]: GenerationRequest[Field];
};

/**
 * What one generation call does, apart from the request: what happened (`outcome`), where the
 * answer goes, the request's stop signal and the deadlines that run until the commit point. An
 * attempt's own signal is never kept here: `CallControl.beginAttempt` hands it to the attempt.
 */
export interface GenerationRun {
  readonly outcome: CallOutcome;
  readonly sink: AnswerSink;
  /** The request's signal: aborted when the client goes away, or by `abort`. */
  readonly signal: RequestStop;
  /** Stops the whole request with the gateway's reason: the request's own signal aborts with it. */
  abort(reason: IrError): void;
  /** The call's deadlines while it runs, told when the first byte goes out (the commit point). */
  control?: CommitListener;
  /** The request in IR once a path needed it: the route's `preparedIr`, or the body decoded once per call. */
  decoded?: DecodedRequest;
}
