import type { IrErrorData, IrUsage, IrWarning } from '@interlingua/ir';
import type { RouteTarget } from './route-target.js';
import type { CallTrace } from './call-trace.js';

/**
 * What happened, for headers, logs and usage accounting. The steps of a call write it through its
 * verbs (an attempt, the path it took, what the answer said, the first byte, a failure, the
 * usage and its cost); everything else reads its fields.
 */
export class CallOutcome {
  attempts = 0;
  declare target?: RouteTarget;
  /** `fast`, `local` or `translated:<from>><to>` (services and count-tokens: their own). */
  declare path?: string;
  declare usage?: IrUsage;
  warnings: IrWarning[] = [];
  /** `performance.now()` when the first byte went to the caller (the commit point). */
  declare firstByteAt?: number;
  /** The answer's cost from the price table; `null` when unknown. Set once usage is known. */
  declare cost?: number | null;
  /** The last upstream failure of the call (for logs), even when a later attempt succeeded. */
  declare lastError?: IrErrorData;
  /** The non-streaming answer body, kept only when body logging is on. */
  declare responseBody?: string;
  /** Counts the characters of model-written text streamed to the caller so far (streamed calls; counted when asked). */
  declare countStreamedText?: () => number;
  /** The local estimate of the request's input tokens, computed on demand (streamed calls). */
  declare estimateInputTokens?: () => number;
  /** True when `usage` holds the gateway's estimate rather than (only) the upstream's figures. */
  declare usageEstimated?: boolean;
  /** The model the answer names, when the answer went through the IR (or was read whole). */
  declare responseModel?: string;
  /** The answer's finish reasons (one per choice), when the answer went through the IR. */
  declare finishReasons?: string[];
  /** The request's trace, when tracing is on: attempts report into it. */
  declare trace?: CallTrace;
  /** On a route with the response cache: answered from it (`hit`), filled it or could have (`miss`), or kept out (`bypass`). */
  declare cache?: 'hit' | 'miss' | 'bypass';
  /** A cache hit: what the answer cost when it was made (`null` when unpriced). */
  declare costSaved?: number | null;

  /** One more attempt, at `target`; given the way it goes (`path`), its warnings start empty (earlier attempts' go). */
  attempted(target: RouteTarget | undefined, path?: string): void {
    this.attempts++;
    if (target) this.target = target;
    if (path !== undefined) this.took(path, []);
  }

  /** The way the attempt goes; given `warnings`, the attempt's warnings start from them (earlier attempts' go). */
  took(path: string, warnings?: IrWarning[]): void {
    this.path = path;
    if (warnings) this.warnings = warnings;
  }

  warn(warnings: readonly IrWarning[]): void {
    this.warnings.push(...warnings);
  }

  /** The usage the answer reported. */
  used(usage: IrUsage | undefined): void {
    this.usage = usage;
  }

  /** What the answer said: model, usage, warnings, finish reasons (all, or a stream's next), body (when logged). */
  answered(answer: {
    model?: string | undefined;
    usage?: IrUsage | undefined;
    warnings?: readonly IrWarning[];
    finishReasons?: string[];
    finishReason?: string;
    body?: string | undefined;
  }): void {
    if (answer.model !== undefined) this.responseModel = answer.model;
    if (answer.usage) this.used(answer.usage);
    if (answer.warnings) this.warn(answer.warnings);
    if (answer.finishReasons) this.finishReasons = answer.finishReasons;
    if (answer.finishReason !== undefined) this.finished(answer.finishReason);
    if (answer.body !== undefined) this.responseBody = answer.body;
  }

  /** A streamed choice finished, for `reason`. */
  finished(reason: string): void {
    (this.finishReasons ??= []).push(reason);
  }

  /** The first byte went to the caller now (kept when it already did). */
  firstByte(): void {
    this.firstByteAt ??= performance.now();
  }

  /** An upstream failure, for the logs (the call may still succeed). */
  failed(error: IrErrorData): void {
    this.lastError = error;
  }

  /** The gateway's estimate replaces the usage (a cost from the reported figures no longer holds). */
  estimatedUsage(usage: IrUsage): void {
    this.usage = usage;
    this.usageEstimated = true;
    delete this.cost;
  }

  /** The answer's cost, kept once usage is known. */
  priced(cost: number | null): void {
    if (this.usage) this.cost = cost;
  }

  /** How a streamed call's text and input are counted when a caller leaves (counted on demand). */
  countsStream(countStreamedText: () => number, estimateInputTokens: () => number): void {
    this.countStreamedText = countStreamedText;
    this.estimateInputTokens = estimateInputTokens;
  }

  /** The request's trace, which attempts report into. */
  traced(trace: CallTrace): void {
    this.trace = trace;
  }
}
