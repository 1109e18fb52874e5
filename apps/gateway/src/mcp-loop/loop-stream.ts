import type {
  IrErrorData,
  IrFinishReason,
  IrMcpAnswerPart,
  IrResponse,
  IrStreamEvent,
  IrUsage,
  SseMessage,
  StreamMachine,
} from '@interlingua/ir';
import { createResponseAccumulator } from '@interlingua/ir-utils';
import { commitStream } from '../commit/commit-stream.js';
import type { GenerationRequest, GenerationRun } from '../context/generation-call.js';

const RESOLVED = Promise.resolve();

/** Events that open a block of their own (and name its index). */
const BLOCK_STARTS = new Set(['text-start', 'reasoning-start', 'tool-call-start', 'file', 'web-search', 'mcp']);

/**
 * The caller's one stream across the loop's model calls: one encoder in the caller's style, one
 * `response-start`, block indexes renumbered so they stay unique and increasing across calls,
 * the tool-call blocks of MCP tools held back (their `mcp` block comes once the call has a
 * result), each call's `finish` and usage held until the end, where the summed usage and the
 * last finish go out.
 */
export class LoopStream {
  private readonly encoder: StreamMachine<IrStreamEvent, SseMessage>;
  private readonly accumulator = createResponseAccumulator();
  private nextIndex = 0;
  private started = false;
  /** True once an error went out in-band: the answer is over. */
  failed = false;

  constructor(
    private readonly request: Pick<GenerationRequest, 'inbound' | 'model' | 'framer' | 'json'>,
    private readonly run: Pick<GenerationRun, 'sink' | 'outcome' | 'control'>,
    includeUsage: boolean,
  ) {
    this.encoder = request.inbound.codec.stream.createEncoder({ includeUsage, model: request.model });
  }

  /** Commits the caller's answer (once): its head and the framing's opening. */
  commit(): void {
    commitStream(this.run.sink, this.request.framer, this.run.outcome, this.run.control);
  }

  /** The machine one model call's events go through: its blocks renumbered, MCP tool calls held back. */
  machine(mcpTools: ReadonlySet<string>): StreamMachine<IrStreamEvent, SseMessage> {
    const indexes = new Map<number, number>();
    const held = new Set<number>();
    return {
      push: (event) => {
        if (event.type === 'response-start') {
          if (this.started) return [];
          this.started = true;
          return this.encode(event);
        }
        if (event.type === 'usage-update' || event.type === 'finish') return [];
        if (event.type === 'error') {
          this.failed = true;
          return this.encode(event);
        }
        if (event.type === 'tool-call-start' && mcpTools.has(event.name)) {
          held.add(event.index);
          return [];
        }
        if (held.has(event.index)) return [];
        if (BLOCK_STARTS.has(event.type)) indexes.set(event.index, this.nextIndex++);
        return this.encode({ ...event, index: indexes.get(event.index) ?? event.index });
      },
      end: () => [],
    };
  }

  /** Writes a finished MCP part as one `mcp` block (the head first, when the model has not answered yet). */
  emit(part: IrMcpAnswerPart, head: () => IrResponse): Promise<void> {
    const events: IrStreamEvent[] = [];
    if (!this.started) {
      this.started = true;
      const { id, model, created } = head();
      events.push({ type: 'response-start', id, model, created });
    }
    events.push({ type: 'mcp', index: this.nextIndex++, part });
    return this.write(events.flatMap((event) => this.encode(event)));
  }

  /**
   * Ends the answer: the summed usage and the last finish; `whole` sees the complete answer as
   * the caller got it before the encoder's tail and the framing's close go out.
   */
  async finish(
    finishReason: IrFinishReason,
    usage: IrUsage | undefined,
    whole: (answer: IrResponse) => Promise<void>,
  ): Promise<void> {
    const events: IrStreamEvent[] = [];
    if (usage) events.push({ type: 'usage-update', usage });
    events.push({ type: 'finish', finishReason });
    await this.write(events.flatMap((event) => this.encode(event)));
    await whole(this.accumulator.result());
    await this.write(this.encoder.end());
    this.close();
  }

  /** Reports a failure in-band and ends the answer. */
  async fail(error: IrErrorData): Promise<void> {
    if (this.failed || this.run.sink.ended) return;
    this.failed = true;
    await this.write(this.encode({ type: 'error', error }));
    this.close();
  }

  private encode(event: IrStreamEvent): SseMessage[] {
    this.accumulator.push(event);
    return this.encoder.push(event);
  }

  private write(messages: SseMessage[]): Promise<void> {
    this.commit();
    const framed = this.request.framer.frame(messages);
    return framed ? this.run.sink.write(framed) : RESOLVED;
  }

  private close(): void {
    const closing = this.request.framer.close();
    this.run.sink.end(closing || undefined);
  }
}
