import type { IncomingHttpHeaders } from 'node:http';
import type { IrError, IrErrorData, IrRequest, IrResponse, IrUsage, IrWarning, StyleCodec } from '@interlingua/ir';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import type { AnswerSink } from '../http/response-sink.js';
import type { StreamFramer } from '../http/stream-framer.js';
import type { ResolvedRoute, RouteTarget } from './route-target.js';
import type { CallOps } from './call-ops.js';
import type { RequestStop } from './request-stop.js';
import type { ReasoningContext } from '../reasoning/reasoning-call.js';
import type { CallTrace } from './call-trace.js';

/** The caller's request style, as the pipeline needs it. */
export interface InboundStyle {
  wire: GenerationStyle;
  codec: StyleCodec<unknown, unknown>;
}

/** What happened, for headers, logs and usage accounting. */
export interface CallOutcome {
  attempts: number;
  target?: RouteTarget;
  /** `fast`, `local` or `translated:<from>><to>`. */
  path?: string;
  usage?: IrUsage;
  warnings: IrWarning[];
  /** `performance.now()` when the first byte went to the caller (the commit point). */
  firstByteAt?: number;
  /** The answer's cost from the price table; `null` when unknown. Set once usage is known. */
  cost?: number | null;
  /** The last upstream failure of the call (for logs), even when a later attempt succeeded. */
  lastError?: IrErrorData;
  /** The non-streaming answer body, kept only when body logging is on. */
  responseBody?: string;
  /** Counts the characters of model-written text streamed to the caller so far (streamed calls; counted when asked). */
  countStreamedText?: () => number;
  /** The local estimate of the request's input tokens, computed on demand (streamed calls). */
  estimateInputTokens?: () => number;
  /** True when `usage` holds the gateway's estimate rather than (only) the upstream's figures. */
  usageEstimated?: boolean;
  /** The model the answer names, when the answer went through the IR (or was read whole). */
  responseModel?: string;
  /** The answer's finish reasons (one per choice), when the answer went through the IR. */
  finishReasons?: string[];
  /** The request's trace, when tracing is on: attempts report into it. */
  trace?: CallTrace;
  /** On a route with the response cache: answered from it (`hit`), filled it or could have (`miss`), or kept out (`bypass`). */
  cache?: 'hit' | 'miss' | 'bypass';
  /** A cache hit: what the answer cost when it was made (`null` when unpriced). */
  costSaved?: number | null;
}

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
}

/** The request while the route prepares it (its `prepare` step and content capture may change it). */
export type GenerationRequestDraft = { -readonly [Field in keyof GenerationRequest]: GenerationRequest[Field] };

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
