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
}

/** What the commit point tells the running call (its pre-commit deadlines end there). */
export interface CommitListener {
  committed(streaming: boolean): void;
}

/**
 * One generation request on its way through plan, call and commit: what the route read, where
 * the answer goes, and what happened (`outcome`). Provider adapters see only their part of it,
 * the adapters' `GenerationCall` (settings, upstream model, stream).
 */
export interface GenerationContext {
  inbound: InboundStyle;
  /** The inbound body, parsed once. */
  json: Record<string, unknown>;
  rawBody: Buffer;
  /** The model name the caller asked for. */
  model: string;
  stream: boolean;
  route: ResolvedRoute;
  requestId: string;
  headers: IncomingHttpHeaders;
  /**
   * The request's signal: aborted when the client goes away, or by `abort`. An attempt runs under
   * the signal `CallControl.beginAttempt` hands it (its own when the provider has a deadline).
   */
  readonly signal: RequestStop;
  /** Stops the whole request with the gateway's reason: the request's own signal aborts with it. */
  abort(reason: IrError): void;
  sink: AnswerSink;
  framer: StreamFramer;
  /** Overrides applied to the IR after decoding the inbound body (Gemini's model and stream live in the URL). */
  irOverrides?: Partial<Pick<IrRequest, 'model' | 'stream'>>;
  maxUpstreamBodyBytes: number;
  outcome: CallOutcome;
  /**
   * The request in IR, when the route prepared it itself (e.g. expanded stored conversation
   * state); otherwise it is decoded from `json` on first use.
   */
  preparedIr?: { ir: IrRequest; warnings: IrWarning[] };
  /** Never forward the body as is, even when the upstream speaks the caller's style. */
  forceTranslation?: boolean;
  /** Sees every answer that went through the IR (translated and local paths), once complete. */
  onIrResponse?: (response: IrResponse) => void | Promise<void>;
  /** Sees the upstream's own id of an answer passed through as is (fast path), once it is known; `outcome.target` answered it. */
  onPassedThrough?: (answerId: string) => void | Promise<void>;
  /** Retry, timeout and keep-alive policies, prices and metrics; defaults when absent. */
  ops?: CallOps;
  /** The call's deadlines while it runs, told when the first byte goes out (the commit point). */
  control?: CommitListener;
  /**
   * Adjusts the IR right before it is encoded for an upstream of `wire` (translated path), e.g.
   * downloading image URLs for upstreams that only take inline data.
   */
  prepareUpstreamIr?: (ir: IrRequest, wire: GenerationStyle, signal: RequestStop) => Promise<IrRequest>;
  /** Sealing and opening of reasoning carriers, and the route's policy for foreign reasoning. */
  reasoning?: ReasoningContext;
}
