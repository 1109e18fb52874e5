import { IrError, type IrErrorData, type IrStreamEvent, type SseMessage, type StreamMachine } from '@interlingua/ir';
import type { IrResponse } from '@interlingua/ir';
import { createResponseAccumulator, isRecord, type ResponseAccumulator } from '@interlingua/ir-utils';
import { answerHeaders, commitStream } from '../commit/commit-stream.js';
import type { GenerationRequest, GenerationRun } from '../context/generation-call.js';
import type { RequestStop } from '../context/request-stop.js';
import { estimateCallInputTokens } from '../accounting/input-token-estimate.js';
import { callCost } from '../accounting/call-cost.js';
import { sealAnswerFor } from '../reasoning/reasoning-call.js';
import type { CarrierSealing } from '../reasoning/seal-answer.js';
import { atTurnEnd, TurnWrites } from './turn-writes.js';
import { safeUpstreamError } from './upstream-error-redaction.js';
import { costForAnswer, messagesWithCost } from './cost-in-answer.js';
import { upstreamError } from '../http/style-errors.js';

const RESOLVED = Promise.resolve();

/** What the writer reads of the request: the caller's style and body, what it asked of the answer, its framing, the complete-answer hook. */
export type WrittenRequest = Pick<
  GenerationRequest,
  'inbound' | 'json' | 'model' | 'framer' | 'hooks' | 'preparedIr' | 'asks' | 'ops'
>;
/** What the writer touches of the run: where the answer goes, the outcome, the commit point's listener, the decoded request. */
export type WrittenRun = Pick<GenerationRun, 'sink' | 'outcome' | 'control' | 'decoded'>;

/**
 * Writes IR stream events to the caller through its style's encoder and framer. Nothing goes out
 * until the first event that is not an error (the commit point); an error before it is thrown
 * as an `IrError`, so it becomes a real HTTP error (and may fall back). After it, an error is
 * encoded in-band and the stream ends.
 *
 * Encoded events are gathered and written once per event-loop turn: the head with every event
 * of the turn that committed, then one write per later turn (an upstream read of twenty events
 * is one socket write, not twenty), and the end of the answer with what is still pending. A
 * write the socket cannot take yet holds the next push until it drains (backpressure); more
 * than 64 K characters pending are written at once (`TurnWrites`, flushed at the turn's end).
 */
export class IrStreamWriter {
  private readonly encoder: StreamMachine<IrStreamEvent, SseMessage>;
  private readonly accumulator: ResponseAccumulator | undefined;
  private ended = false;
  /** True once the first upstream event came (an early keep-alive may commit before). */
  private started = false;
  /** True once the upstream's `finish` came: a stream that ends without one was cut short. */
  private finished = false;
  /** Framed text gathered for the next write, with the head when it is due. */
  private readonly writes: TurnWrites;

  /**
   * @param seal Rewrites events just before they are encoded for the caller (reasoning carriers);
   *   the accumulated answer (`onIrResponse`) keeps them as the upstream sent them.
   */
  constructor(
    private readonly request: WrittenRequest,
    private readonly run: WrittenRun,
    private readonly seal?: (events: readonly IrStreamEvent[]) => IrStreamEvent[],
  ) {
    const { inbound, json, framer, asks } = request;
    this.encoder = inbound.codec.stream.createEncoder({
      includeUsage: asks.usageInStream || asks.costInAnswer,
      model: request.model,
      estimateInputTokens: () =>
        estimateCallInputTokens(run.decoded?.ir ?? request.preparedIr?.ir, inbound.codec, json),
    });
    this.accumulator = request.hooks.onIrResponse ? createResponseAccumulator() : undefined;
    this.writes = new TurnWrites(run.sink, () => commitStream(run.sink, framer, run.outcome, run.control), atTurnEnd);
  }

  /** True from the first event on (its head may still be pending until the end of this turn). */
  get committed(): boolean {
    return this.started || this.run.sink.committed;
  }

  /**
   * Takes events; the promise it may return holds the next push back (the last write waits for
   * the socket to drain). Nothing to wait for gives nothing, so the upstream's next chunk comes
   * without a promise.
   */
  push(events: readonly IrStreamEvent[]): Promise<void> | undefined {
    if (this.ended || events.length === 0) return undefined;
    if (!this.started) {
      const first = events[0];
      if (first?.type === 'error' && !this.run.sink.committed)
        return Promise.reject(
          new IrError({ ...safeUpstreamError(first.error, this.run.outcome.target?.settings), source: 'upstream' }),
        );
      this.started = true;
      this.writes.commitWithNext();
    }
    const waiting = this.writes.add(this.request.framer.frame(this.encode(events)));
    if (this.ended) return this.flush().then(() => this.close());
    return waiting;
  }

  /** Flushes the encoder and ends the answer. */
  async finish(): Promise<void> {
    if (this.ended) return;
    if (!this.started) {
      throw upstreamError('The upstream provider ended the stream without sending anything');
    }
    if (!this.finished) {
      await this.push([
        {
          type: 'error',
          error: {
            kind: 'upstream-error',
            message: 'The upstream provider ended the stream before it finished',
            source: 'upstream',
          },
        },
      ]);
      return;
    }
    this.ended = true;
    if (this.accumulator && !this.accumulator.error) {
      // The answer is committed before a hook that may fail sees it: what failed later is in-band.
      await this.flush();
      await this.request.hooks.onIrResponse?.(this.accumulator.result());
    }
    this.writes.add(this.request.framer.frame(this.priced(this.encoder.end())));
    await this.flush();
    this.close();
  }

  /** Reports a failure: thrown before the commit point, in-band after it. */
  async fail(error: IrErrorData): Promise<void> {
    if (!this.committed) throw new IrError(error);
    if (this.ended || this.run.sink.clientGone) return;
    await this.push([{ type: 'error', error }]);
  }

  /** The events in the caller's style, up to an error (which ends the answer). */
  private encode(events: readonly IrStreamEvent[]): SseMessage[] {
    let count = 0;
    while (count < events.length) {
      const event = events[count++] as IrStreamEvent;
      if (event.type === 'usage-update') this.run.outcome.answered({ usage: event.usage });
      else if (event.type === 'finish') {
        this.finished = true;
        this.run.outcome.answered({ finishReason: event.finishReason.raw ?? event.finishReason.unified });
      } else if (event.type === 'response-start') this.run.outcome.answered({ model: event.model });
      this.accumulator?.push(event);
      if (event.type === 'error') {
        this.ended = true;
        break;
      }
    }
    const kept = count === events.length ? events : events.slice(0, count);
    const messages: SseMessage[] = [];
    for (const event of this.seal ? this.seal(kept) : kept) {
      for (const message of this.encoder.push(event)) messages.push(message);
    }
    return this.priced(messages);
  }

  /** The messages with `usage.cost` on the usage chunk when the caller asked for it and the model has a price. */
  private priced(messages: SseMessage[]): SseMessage[] {
    if (!this.request.asks.costInAnswer || !this.run.outcome.usage) return messages;
    const cost = callCost({ outcome: this.run.outcome, ops: this.request.ops });
    return (cost !== null && messagesWithCost(messages, cost)) || messages;
  }

  /** Writes what is gathered in one write, with the head when it is still due (nothing once the answer ended). */
  private flush(): Promise<void> {
    return this.writes.flush() ?? RESOLVED;
  }

  private close(): void {
    const closing = this.request.framer.close();
    this.run.sink.end(closing || undefined);
  }
}

/**
 * Encodes a complete IR answer in the caller's style and sends it, foreign reasoning sealed for
 * the caller when `sealing` is given (`onIrResponse` sees the answer as the upstream gave it).
 */
export async function sendTranslatedResponse(
  request: Pick<GenerationRequest, 'inbound' | 'hooks' | 'ops' | 'asks'>,
  { outcome, sink, control }: Pick<GenerationRun, 'outcome' | 'sink' | 'control'>,
  response: IrResponse,
  sealing?: CarrierSealing,
): Promise<void> {
  const { inbound, hooks, ops } = request;
  await hooks.onIrResponse?.(response);
  const encoded = inbound.codec.response.fromIr(sealAnswerFor(response, sealing));
  outcome.answered({
    warnings: encoded.warnings,
    usage: response.usage,
    model: response.model,
    finishReasons: response.choices.map((choice) => choice.finishReason.raw ?? choice.finishReason.unified),
  });
  const headers = answerHeaders(outcome, control, ops);
  const cost = costForAnswer(request, outcome);
  const usage = (encoded.value as { usage?: unknown }).usage;
  if (cost !== null && isRecord(usage)) usage.cost = cost;
  const body = JSON.stringify(encoded.value);
  if (ops?.logBodies) outcome.answered({ body });
  sink.send(200, 'application/json', body, headers);
}

/** Writes an answer made in process from its IR events, whole or streamed; a stop of `signal` ends it. */
export async function writeIrEvents(
  request: WrittenRequest & Pick<GenerationRequest, 'stream'>,
  run: WrittenRun,
  events: AsyncIterable<IrStreamEvent>,
  signal: RequestStop,
): Promise<void> {
  if (!request.stream) {
    const accumulator = createResponseAccumulator();
    for await (const event of events) accumulator.push(event);
    const stopped = signal.stopReason();
    if (stopped) throw stopped;
    return sendTranslatedResponse(request, run, accumulator.result());
  }
  const writer = new IrStreamWriter(request, run);
  let batch: IrStreamEvent[] = [];
  for await (const event of events) {
    batch.push(event);
    if (event.type === 'response-start') continue;
    await writer.push(batch);
    batch = [];
  }
  const stopped = signal.stopReason();
  if (stopped) return writer.fail(stopped.data);
  await writer.push(batch);
  await writer.finish();
}
