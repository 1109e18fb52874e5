import type {
  IrFinishReason,
  IrStreamEvent,
  IrStreamEventHandlers,
  IrUsage,
  SseMessage,
  StreamEncoderOptions,
  StreamMachine,
} from '@interlingua/ir';
import { dispatchStreamEvent } from '@interlingua/ir';
import { newAnswerId } from '@interlingua/ir-utils';
import { anthropicToolUseId } from './anthropic-messages-ids.js';
import { irCitationToAnthropic, irSearchToAnthropic } from './anthropic-messages-search-results.js';
import { StreamBlockScheduler } from './anthropic-messages-stream-blocks.js';
import type {
  AnthropicMessageDeltaEvent,
  AnthropicMessageStartEvent,
  AnthropicStreamEvent,
} from './anthropic-messages-stream-event-schema.js';
import { anthropicErrorObject } from './ir-to-anthropic-messages-error.js';
import { irMcpCallBlocks } from './ir-to-anthropic-messages-blocks.js';
import { irUsageToAnthropic } from './ir-to-anthropic-messages-usage.js';
import { irFinishReasonToAnthropic } from './map/anthropic-stop-reason.js';

/** An SSE message for one wire event: the `event:` name is always the event's `type`. */
export function anthropicSseMessage(event: AnthropicStreamEvent): SseMessage {
  return { event: event.type, data: JSON.stringify(event) };
}

/**
 * The SSE message of an event this encoder made. The deltas of text and tool input (nearly every
 * event of an answer) are written directly: the same JSON as `anthropicSseMessage` gives for the
 * `{ type, index, delta: { type, text | partial_json } }` objects the block scheduler builds,
 * without serialising two objects per delta. Anything else, or a field of another kind, goes
 * through `anthropicSseMessage`.
 */
export function encoderSseMessage(event: AnthropicStreamEvent): SseMessage {
  if (event.type === 'content_block_delta' && Number.isInteger(event.index)) {
    const delta = event.delta as Record<string, unknown>;
    const field = delta.type === 'text_delta' ? 'text' : 'partial_json';
    const text = delta[field];
    if (typeof text === 'string' && (field === 'text' || delta.type === 'input_json_delta'))
      return {
        event: event.type,
        data: `{"type":"${event.type}","index":${event.index},"delta":{"type":"${delta.type}","${field}":${JSON.stringify(text)}}}`,
      };
  }
  return anthropicSseMessage(event);
}

/** The keep-alive Anthropic itself sends (`event: ping`); clients skip it. */
export function anthropicPingEvent(): SseMessage {
  return anthropicSseMessage({ type: 'ping' });
}

interface EncoderState {
  started: boolean;
  id: string;
  model: string;
  startUsage?: IrUsage;
  usage?: IrUsage;
  finish?: IrFinishReason;
  /** An error went out, or the stream ended: nothing more is emitted. */
  closed: boolean;
  /** IR block indices of choices other than 0 (Anthropic answers have one choice). */
  ignored: Set<number>;
  /** The text so far of open text blocks, for the `cited_text` of citations other styles made. */
  texts: Map<number, string>;
}

function messageDelta(state: EncoderState, sawToolUse: boolean): AnthropicMessageDeltaEvent {
  const stopReason = state.finish
    ? irFinishReasonToAnthropic(state.finish, sawToolUse)
    : sawToolUse
      ? 'tool_use'
      : 'end_turn';
  const known = state.usage ?? state.startUsage;
  const wire = known ? irUsageToAnthropic(known) : undefined;
  const usage: AnthropicMessageDeltaEvent['usage'] = { output_tokens: wire?.output_tokens ?? 0 };
  if (wire) {
    usage.input_tokens = wire.input_tokens;
    usage.cache_creation_input_tokens = wire.cache_creation_input_tokens;
    usage.cache_read_input_tokens = wire.cache_read_input_tokens;
    if (wire.output_tokens_details) usage.output_tokens_details = wire.output_tokens_details;
    if (wire.server_tool_use) usage.server_tool_use = wire.server_tool_use;
  }
  return { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage };
}

/**
 * Usage for `message_start`: the upstream's start usage, else input tokens from the gateway's
 * estimate (clients such as LangChain read input tokens only here) and zeros.
 */
function startUsage(
  state: EncoderState,
  options: StreamEncoderOptions,
): AnthropicMessageStartEvent['message']['usage'] {
  if (state.startUsage || !options.estimateInputTokens) return irUsageToAnthropic(state.startUsage);
  return { ...irUsageToAnthropic(undefined), input_tokens: options.estimateInputTokens() };
}

/** `message_start`, once: the id (minted when the IR had none), model and start usage. */
function messageStart(state: EncoderState, options: StreamEncoderOptions): AnthropicStreamEvent[] {
  if (state.started) return [];
  state.started = true;
  if (state.id === '') state.id = newAnswerId('msg_');
  const message: AnthropicMessageStartEvent['message'] = {
    id: state.id,
    type: 'message',
    role: 'assistant',
    model: state.model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: startUsage(state, options),
  };
  return [{ type: 'message_start', message }];
}

/** One handler per IR event type. Blocks of choices other than 0 are ignored. */
function createHandlers(
  state: EncoderState,
  blocks: StreamBlockScheduler,
  options: StreamEncoderOptions,
): IrStreamEventHandlers<AnthropicStreamEvent[]> {
  const inChoice = (index: number, choice: number | undefined): boolean => {
    if ((choice ?? 0) !== 0) state.ignored.add(index);
    return !state.ignored.has(index);
  };
  // Nearly every event comes after the start: no new array for those.
  const started = (events: AnthropicStreamEvent[]): AnthropicStreamEvent[] =>
    state.started ? events : [...messageStart(state, options), ...events];
  return {
    'response-start': (e) => {
      if (state.started) return [];
      state.id = e.id;
      state.model = options.model ?? e.model;
      if (e.usage) state.startUsage = e.usage;
      return messageStart(state, options);
    },
    'text-start': (e) => (inChoice(e.index, e.choice) ? started(blocks.start(e.index, 'text')) : []),
    'text-delta': (e) => {
      if (!inChoice(e.index, undefined)) return [];
      state.texts.set(e.index, (state.texts.get(e.index) ?? '') + e.delta);
      return started(blocks.delta(e.index, 'text', e.delta));
    },
    'text-end': (e) => {
      state.texts.delete(e.index);
      return inChoice(e.index, undefined) ? blocks.end(e.index) : [];
    },
    'reasoning-start': (e) => (inChoice(e.index, e.choice) ? started(blocks.start(e.index, 'reasoning')) : []),
    'reasoning-delta': (e) =>
      inChoice(e.index, undefined) ? started(blocks.delta(e.index, 'reasoning', e.delta)) : [],
    'reasoning-signature': (e) => (inChoice(e.index, undefined) ? started(blocks.opaque(e.index, e.opaque)) : []),
    'reasoning-end': (e) => (inChoice(e.index, undefined) ? blocks.end(e.index) : []),
    'tool-call-start': (e) =>
      inChoice(e.index, e.choice) ? started(blocks.start(e.index, 'tool', { id: e.id, name: e.name })) : [],
    'tool-call-delta': (e) =>
      inChoice(e.index, undefined) ? started(blocks.delta(e.index, 'tool', e.argumentsDelta)) : [],
    'tool-call-end': (e) => (inChoice(e.index, undefined) ? blocks.end(e.index) : []),
    file: () => [],
    // An MCP call goes out as its two blocks; listings and approval requests have no Anthropic form.
    mcp: (e) => {
      if (e.part.type !== 'mcp-call' || !inChoice(e.index, e.choice)) return [];
      return started(
        blocks.server(e.index, irMcpCallBlocks(e.part, `${state.id}:${e.index}`, `content[${e.index}]`, [])),
      );
    },
    'web-search': (e) =>
      inChoice(e.index, e.choice)
        ? started(blocks.server(e.index, irSearchToAnthropic(e.part, `content[${e.index}]`, [])))
        : [],
    'text-citation': (e) =>
      inChoice(e.index, undefined)
        ? blocks.citation(e.index, irCitationToAnthropic(e.citation, state.texts.get(e.index) ?? ''))
        : [],
    'usage-update': (e) => {
      state.usage = e.usage;
      return [];
    },
    // Blocks still open are closed at the end of the input: deltas may still follow a finish.
    finish: (e) => {
      if ((e.choice ?? 0) === 0) state.finish = e.finishReason;
      return [];
    },
    error: (e) => {
      state.closed = true;
      return [{ type: 'error', error: anthropicErrorObject(e.error) }];
    },
  };
}

/**
 * IR stream events -> Anthropic SSE that `@anthropic-ai/sdk` accepts: `message_start` first
 * (`content: []`, real usage or zeros), blocks one at a time with gap-free indices, the
 * signature of a thinking block just before its stop, then `message_delta` (stop reason and
 * usage) and `message_stop` once the input is over, so that usage arriving after `finish`
 * still counts. An IR `error` becomes `event: error` and ends the output.
 */
export function createAnthropicMessagesStreamEncoder(
  options: StreamEncoderOptions = {},
): StreamMachine<IrStreamEvent, SseMessage> {
  const state: EncoderState = {
    started: false,
    id: '',
    model: options.model ?? '',
    closed: false,
    ignored: new Set(),
    texts: new Map(),
  };
  const blocks = new StreamBlockScheduler((id, index) => anthropicToolUseId(id, `${state.id}:${index}`));
  const handlers = createHandlers(state, blocks, options);
  return {
    push(event) {
      if (state.closed) return [];
      return dispatchStreamEvent(event, handlers).map(encoderSseMessage);
    },
    end() {
      if (state.closed) return [];
      state.closed = true;
      const events = [
        ...messageStart(state, options),
        ...blocks.closeAll(),
        messageDelta(state, blocks.sawToolUse),
        { type: 'message_stop' } as const,
      ];
      return events.map(encoderSseMessage);
    },
  };
}
