import { IrError, type StyleCodec } from '@interlingua/ir';
import { safeJsonParse } from '@interlingua/ir-utils';
import {
  fetchUpstream,
  mapTransportError,
  streamUpstreamInto,
  type HttpProviderAdapter,
  type UpstreamErrorAnswer,
} from '@interlingua/provider-adapters';
import { noteStreamFailure } from './stream-failure.js';
import { answerHeaders, commitStream } from '../commit/commit-stream.js';
import type { CallOutcome, GenerationRequest, GenerationRun } from '../context/generation-call.js';
import type { RequestStop } from '../context/request-stop.js';
import { JSON_CONTENT_TYPE, requireJsonAnswer } from '../http/answer-content-type.js';
import { relayedBodyBytes } from './raw-body-splice.js';
import { eventMessages, findEventEnd, UsageObjectScan } from './sse-event-boundaries.js';
import { endsStream, holdsData, isWholeTrailingEvent } from './stream-terminal.js';
import { TurnWrites } from './turn-writes.js';
import { invalidUpstreamBody } from './translated-path.js';
import { dropUnsignedThinking, mayHoldUnsignedThinking } from './unsigned-thinking-guard.js';
import { buildUpstreamRequest, upstreamHttpError, type ForwardedRequest } from './upstream-request.js';
import { safeUpstreamError } from './upstream-error-redaction.js';
import { InBandErrors } from './in-band-error-redaction.js';
import { chatBytesWithCost, costForAnswer, messagesWithCost } from './cost-in-answer.js';
import { callCost } from '../accounting/call-cost.js';
import { OPENAI_CHAT } from '../http/request-styles.js';

/** What the fast path reads of the request: the caller's style, body, framing, hooks and limits. */
type RelayedRequest = ForwardedRequest &
  Pick<GenerationRequest, 'inbound' | 'json' | 'rawBody' | 'stream' | 'framer' | 'hooks' | 'limits' | 'ops' | 'asks'>;
/** What the fast path touches of the run: the outcome, where the answer goes, the commit point's listener. */
type RelayedRun = Pick<GenerationRun, 'outcome' | 'sink' | 'control'>;

/**
 * Caller style equals the upstream wire: the body goes up with only the model (and, for chat
 * streams, `include_usage`) rewritten, and the answer's bytes come back untouched except for a
 * usage-only chunk the caller did not ask for. Usage is read from the events that carry it.
 */
export async function runFastPath(
  call: RelayedRequest,
  run: RelayedRun,
  adapter: HttpProviderAdapter,
  codec: StyleCodec<unknown, unknown>,
  signal: RequestStop,
): Promise<void> {
  const { outcome } = run;
  const target = outcome.target;
  if (!target) return;
  const { body, injectedUsage, restore } = fastPathBody(call, outcome, adapter);
  try {
    await relay(call, run, adapter, codec, signal, body, injectedUsage);
  } finally {
    // The upstream call has settled: its socket reads the body no more (undici destroys a
    // connection whose answer came before the request was written).
    restore?.();
  }
}

async function relay(
  call: RelayedRequest,
  run: RelayedRun,
  adapter: HttpProviderAdapter,
  codec: StyleCodec<unknown, unknown>,
  signal: RequestStop,
  body: string | Buffer,
  injectedUsage: boolean,
): Promise<void> {
  const { outcome } = run;
  const target = outcome.target;
  if (!target) return;
  const holds = { mcpServers: Array.isArray(call.json.mcp_servers) };
  const request = buildUpstreamRequest(call, run, adapter, body, call.stream, signal, holds);
  if (!call.stream) {
    const answer = await fetchUpstream(request, call.limits.maxUpstreamBodyBytes);
    if (answer.status >= 400) throw upstreamHttpError(codec, answer, answer.body, adapter, target.settings);
    requireJsonAnswer(answer.headers);
    const parsed = safeJsonParse(answer.body.toString('utf8'));
    if (!parsed.ok) throw invalidUpstreamBody(parsed.error);
    const { id, model } = (parsed.value ?? {}) as { id?: unknown; model?: unknown };
    outcome.answered({
      usage: readUsage(codec, parsed.value),
      model: typeof model === 'string' ? model : undefined,
      body: call.ops?.logBodies ? answer.body.toString('utf8') : undefined,
    });
    // Kept before the caller has the id, so that its next request finds it.
    if (typeof id === 'string') await call.hooks.onPassedThrough?.(id);
    const headers = answerHeaders(outcome, run.control, call.ops);
    const cost = costForAnswer(call, outcome);
    run.sink.send(200, JSON_CONTENT_TYPE, cost === null ? answer.body : chatBytesWithCost(answer.body, cost), headers);
    return;
  }
  await relayStream(call, run, request, codec, adapter, injectedUsage, signal);
}

function fastPathBody(
  call: RelayedRequest,
  outcome: CallOutcome,
  adapter: HttpProviderAdapter,
): { body: string | Buffer; injectedUsage: boolean; restore?: () => void } {
  const target = outcome.target;
  const callerModel = call.json.model;
  const upstreamModel =
    target && typeof callerModel === 'string' && callerModel !== target.upstreamModel
      ? target.upstreamModel
      : undefined;
  const streamOptions = (call.json.stream_options ?? {}) as Record<string, unknown>;
  const injectedUsage = call.inbound.wire === OPENAI_CHAT && call.stream && !call.asks.usageInStream;
  // Beyond the model and include_usage, only an adapter hook or unsigned thinking blocks reshape
  // the body: then it is copied, changed and serialised again. Otherwise its bytes are kept.
  // The caller's `usage` opt-in is the gateway's: it does not go upstream (OpenAI refuses unknown fields).
  const optIn = call.asks.optInInBody;
  const unsignedThinking = mayHoldUnsignedThinking(call);
  if (optIn || adapter.hooks?.patchRequest || unsignedThinking) {
    const out = withUpstreamFields(call.json, upstreamModel, injectedUsage ? streamOptions : undefined);
    if (optIn) delete out.usage;
    const dropped = unsignedThinking ? dropUnsignedThinking(out) : [];
    outcome.warn(dropped);
    let reshaped = dropped.length > 0 || optIn;
    if (target && adapter.hooks?.patchRequest) {
      outcome.warn(
        adapter.hooks.patchRequest(out, {
          settings: target.settings,
          model: target.upstreamModel,
          stream: call.stream,
        }) ?? [],
      );
      reshaped = true;
    }
    if (reshaped) return { body: JSON.stringify(out), injectedUsage };
  }
  if (upstreamModel === undefined && !injectedUsage) return { body: call.rawBody, injectedUsage };
  // The caller's bytes, edited: usage alone in the room after them unless the request log shows them.
  const relayed = relayedBodyBytes(call.rawBody, call.json, upstreamModel, injectedUsage, !call.ops?.logBodies);
  if (Buffer.isBuffer(relayed)) return { body: relayed, injectedUsage };
  if (relayed) return { body: relayed.body, injectedUsage, restore: relayed.restore };
  const out = withUpstreamFields(call.json, upstreamModel, injectedUsage ? streamOptions : undefined);
  return { body: JSON.stringify(out), injectedUsage };
}

/** A copy of the caller's body with the upstream model and, given the caller's stream options, `include_usage` added to them. */
function withUpstreamFields(
  json: Record<string, unknown>,
  model: string | undefined,
  streamOptionsToComplete: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const out = { ...json };
  if (model !== undefined) out.model = model;
  if (streamOptionsToComplete) out.stream_options = { ...streamOptionsToComplete, include_usage: true };
  return out;
}

/** The answer's usage read directly when the style can (the usual shape), else through the IR. */
function readUsage(codec: StyleCodec<unknown, unknown>, body: unknown): CallOutcome['usage'] {
  try {
    return codec.response.usage?.(body) ?? codec.response.toIr(body).value.usage;
  } catch {
    return undefined;
  }
}

async function relayStream(
  call: RelayedRequest,
  run: RelayedRun,
  request: ReturnType<typeof buildUpstreamRequest>,
  codec: StyleCodec<unknown, unknown>,
  adapter: HttpProviderAdapter,
  dropUsageChunk: boolean,
  signal: RequestStop,
): Promise<void> {
  const relay = new FastSseRelay(call, run, codec, dropUsageChunk, call.asks.costInAnswer);
  let failed: UpstreamErrorAnswer | undefined;
  try {
    failed = await streamUpstreamInto(request, relay);
  } catch (error) {
    if (signal.callerLeft()) return;
    const irError = signal.stopReason() ?? mapTransportError(error, 'during-body');
    if (!relay.started) throw irError;
    noteStreamFailure(run.outcome, call.ops?.metrics, irError.data);
    await relay.failInBand(irError);
    return;
  }
  if (failed) throw upstreamHttpError(codec, failed.head, failed.body, adapter, run.outcome.target?.settings);
}

const NOTHING = Buffer.alloc(0);

/** Passes SSE bytes through, committing at the first complete event that is not an error. */
class FastSseRelay {
  /** True once the first upstream event went to the caller. */
  started = false;
  private pending: Buffer = NOTHING;
  /**
   * The last event holding data (its buffer, start and end): whether the stream ended properly is
   * read from it alone, at the end.
   */
  private lastBuffer: Buffer | undefined;
  private lastStart = 0;
  private lastEnd = 0;
  private readonly usageScan = new UsageObjectScan();
  private readonly errors = new InBandErrors();
  private readonly usageDecoder;
  private readonly writes: TurnWrites;

  constructor(
    private readonly call: RelayedRequest,
    private readonly run: RelayedRun,
    private readonly codec: StyleCodec<unknown, unknown>,
    private readonly dropUsageChunk: boolean,
    private readonly withCost: boolean,
  ) {
    this.usageDecoder = codec.stream.createDecoder();
    this.writes = new TurnWrites(run.sink, () => commitStream(run.sink, call.framer, run.outcome, run.control));
  }

  /** Relays what complete events `chunk` ends; gives a promise only when the caller's socket is full. */
  push(chunk: Buffer): Promise<void> | undefined {
    const buffer = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    const wire = this.call.inbound.wire;
    // Usually every event passes: then they are the bytes up to `position`, passed on without a
    // copy. An event held back ends a run of passing bytes; the next run starts after it. Events
    // are read in place (no view per event).
    let runStart = 0;
    let position = 0;
    let waiting: Promise<void> | undefined;
    this.usageScan.reset(buffer);
    this.errors.reset(buffer);
    for (let end = findEventEnd(buffer, position); end !== -1; end = findEventEnd(buffer, position)) {
      const start = position;
      position = end;
      if (holdsData(buffer, wire, start, end)) {
        this.lastBuffer = buffer;
        this.lastStart = start;
        this.lastEnd = end;
      }
      const verdict = this.accept(buffer, start, end);
      if (verdict !== true) {
        if (start > runStart) waiting = this.writes.add(buffer.subarray(runStart, start));
        if (verdict !== false) waiting = this.writes.add(verdict);
        runStart = end;
      }
    }
    this.pending = position === buffer.length ? NOTHING : Buffer.from(buffer.subarray(position));
    if (position > runStart)
      waiting = this.writes.add(
        runStart === 0 && position === buffer.length ? buffer : buffer.subarray(runStart, position),
      );
    return waiting;
  }

  async end(): Promise<void> {
    if (this.pending.length > 0) {
      const last = Buffer.concat([this.pending, Buffer.from('\n\n')]);
      this.pending = NOTHING;
      if (!isWholeTrailingEvent(last)) {
        throw new IrError({
          kind: 'upstream-error',
          message: 'The upstream provider ended the stream in the middle of an event',
          source: 'upstream',
        });
      }
      await this.push(last);
    }
    if (!this.started) {
      throw new IrError({
        kind: 'upstream-error',
        message: 'The upstream provider ended the stream without sending anything',
        source: 'upstream',
      });
    }
    if (!endsStream(this.call.inbound.wire, this.lastBuffer?.subarray(this.lastStart, this.lastEnd))) {
      const cut = new IrError({
        kind: 'upstream-error',
        message: 'The upstream provider ended the stream before it finished',
        source: 'upstream',
      });
      noteStreamFailure(this.run.outcome, this.call.ops?.metrics, cut.data);
      await this.failInBand(cut);
      return;
    }
    void this.writes.flush();
    this.run.sink.end();
  }

  async failInBand(error: IrError): Promise<void> {
    const messages = this.codec.stream.createEncoder().push({ type: 'error', error: error.data });
    void this.writes.flush();
    await this.run.sink.write(this.call.framer.frame(messages));
    this.run.sink.end();
  }

  /**
   * Decides whether an event goes to the caller; commits before the first one that does. An
   * error as the first event is thrown (a real HTTP error) unless an early keep-alive already
   * committed the answer: then it goes through as the in-band error it already is, redacted like
   * every later error event.
   */
  private accept(buffer: Buffer, start: number, end: number): boolean | Buffer {
    if (!this.started) {
      const decoded = eventMessages(buffer.subarray(start, end));
      if (decoded.length === 0) return false;
      const events = this.codec.stream.createDecoder().push(decoded[0]!);
      const error = events.find((e) => e.type === 'error');
      if (error?.type === 'error' && !this.run.sink.committed)
        throw new IrError({
          ...safeUpstreamError(error.error, this.run.outcome.target?.settings),
          source: 'upstream',
        });
      const opening = events.find((e) => e.type === 'response-start');
      if (opening?.type === 'response-start' && opening.id !== '') void this.call.hooks.onPassedThrough?.(opening.id);
      this.writes.commitWithNext();
      this.started = true;
    }
    const redacted = this.errors.redact(buffer, start, end, this.codec, this.run.outcome.target?.settings);
    if (redacted) return redacted;
    if (!this.usageScan.holds(start, end)) return true;
    return this.tapUsage(buffer.subarray(start, end));
  }

  private tapUsage(event: Buffer): boolean | Buffer {
    let keep = true;
    const messages = eventMessages(event);
    for (const message of messages) {
      for (const irEvent of this.usageDecoder.push(message)) {
        if (irEvent.type === 'usage-update') this.run.outcome.used(irEvent.usage);
      }
      // A caller who asked for the cost gets the usage chunk it is carried in.
      if (this.dropUsageChunk && !this.withCost) {
        const parsed = safeJsonParse(message.data);
        const choices = parsed.ok ? (parsed.value as { choices?: unknown }).choices : undefined;
        if (Array.isArray(choices) && choices.length === 0) keep = false;
      }
    }
    const cost = keep && this.withCost ? callCost({ outcome: this.run.outcome, ops: this.call.ops }) : null;
    const priced = cost === null ? undefined : messagesWithCost(messages, cost);
    return priced ? Buffer.from(this.call.framer.frame(priced)) : keep;
  }
}
