import { IrError, type IrErrorData, type IrStreamEvent, type SseMessage, type StreamMachine } from '@interlingua/ir';
import { createResponseAccumulator, type ResponseAccumulator } from '@interlingua/ir-utils';
import { commitStream } from '../commit/commit-stream.js';
import type { GenerationContext } from '../context/generation-call.js';
import { estimateCallInputTokens } from '../commit/input-token-estimate.js';

/**
 * Writes IR stream events to the caller through its style's encoder and framer. Nothing goes out
 * until the first event that is not an error (the commit point); an error before it is thrown
 * as an `IrError`, so it becomes a real HTTP error (and may fall back). After it, an error is
 * encoded in-band and the stream ends.
 */
export class IrStreamWriter {
  private readonly encoder: StreamMachine<IrStreamEvent, SseMessage>;
  private readonly accumulator: ResponseAccumulator | undefined;
  private ended = false;
  /** True once the first upstream event went to the caller (an early keep-alive may commit before). */
  private started = false;
  /** True once the upstream's `finish` came: a stream that ends without one was cut short. */
  private finished = false;

  /**
   * @param seal Rewrites events just before they are encoded for the caller (reasoning carriers);
   *   the accumulated answer (`onIrResponse`) keeps them as the upstream sent them.
   */
  constructor(
    private readonly call: GenerationContext,
    private readonly seal?: (events: IrStreamEvent[]) => IrStreamEvent[],
  ) {
    this.encoder = call.inbound.codec.stream.createEncoder({
      includeUsage: includeUsageRequested(call.json),
      model: call.model,
      estimateInputTokens: () => estimateCallInputTokens(call),
    });
    this.accumulator = call.onIrResponse ? createResponseAccumulator() : undefined;
  }

  async push(events: readonly IrStreamEvent[]): Promise<void> {
    if (this.ended || events.length === 0) return;
    const { sink } = this.call;
    if (!this.started) {
      const first = events[0];
      if (first?.type === 'error' && !sink.committed) throw new IrError({ ...first.error, source: 'upstream' });
      commitStream(this.call);
      this.started = true;
    }
    const messages: SseMessage[] = [];
    for (const event of events) {
      if (event.type === 'usage-update') this.call.outcome.usage = event.usage;
      if (event.type === 'finish') this.finished = true;
      this.accumulator?.push(event);
      if (this.seal) for (const sealed of this.seal([event])) messages.push(...this.encoder.push(sealed));
      else messages.push(...this.encoder.push(event));
      if (event.type === 'error') {
        this.ended = true;
        break;
      }
    }
    await sink.write(this.call.framer.frame(messages));
    if (this.ended) this.close();
  }

  /** Flushes the encoder and ends the answer. */
  async finish(): Promise<void> {
    if (this.ended) return;
    if (!this.started) {
      throw new IrError({ kind: 'upstream-error', message: 'The upstream provider ended the stream without sending anything', source: 'upstream' });
    }
    if (!this.finished) {
      await this.push([{ type: 'error', error: { kind: 'upstream-error', message: 'The upstream provider ended the stream before it finished', source: 'upstream' } }]);
      return;
    }
    this.ended = true;
    if (this.accumulator && !this.accumulator.error) await this.call.onIrResponse?.(this.accumulator.result());
    await this.call.sink.write(this.call.framer.frame(this.encoder.end()));
    this.close();
  }

  /** Reports a failure: thrown before the commit point, in-band after it. */
  async fail(error: IrErrorData): Promise<void> {
    if (!this.call.sink.committed) throw new IrError(error);
    if (this.ended || this.call.sink.clientGone) return;
    await this.push([{ type: 'error', error }]);
  }

  private close(): void {
    const closing = this.call.framer.close();
    this.call.sink.end(closing || undefined);
  }
}

function includeUsageRequested(json: Record<string, unknown>): boolean {
  const options = json.stream_options;
  return typeof options === 'object' && options !== null && (options as { include_usage?: unknown }).include_usage === true;
}
