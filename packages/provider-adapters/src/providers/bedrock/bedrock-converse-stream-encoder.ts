import type {
  IrFinishReason,
  IrStreamEvent,
  IrStreamEventHandlers,
  IrUsage,
  SseMessage,
  StreamMachine,
} from '@interlingua/ir';
import { dispatchStreamEvent } from '@interlingua/ir';
import { bedrockErrorTypeOf } from './bedrock-converse-error.js';
import { irUsageToBedrock } from './bedrock-converse-usage.js';
import { bedrockToolUseId } from './bedrock-model-family.js';
import { irFinishReasonToBedrock } from './map/bedrock-stop-reason.js';

interface EncoderState {
  started: boolean;
  ended: boolean;
  nextWireIndex: number;
  /** Open blocks: IR index -> Converse `contentBlockIndex`. */
  blocks: Map<number, number>;
  finishReason: IrFinishReason | undefined;
  usage: IrUsage | undefined;
}

function event(name: string, data: Record<string, unknown>): SseMessage {
  return { event: name, data: JSON.stringify(data) };
}

function opening(state: EncoderState): SseMessage[] {
  if (state.started) return [];
  state.started = true;
  return [event('messageStart', { role: 'assistant' })];
}

function open(state: EncoderState, index: number): number {
  const wire = state.nextWireIndex++;
  state.blocks.set(index, wire);
  return wire;
}

function delta(state: EncoderState, index: number, value: Record<string, unknown>): SseMessage[] {
  const wire = state.blocks.get(index);
  return wire === undefined ? [] : [event('contentBlockDelta', { contentBlockIndex: wire, delta: value })];
}

function stop(state: EncoderState, index: number): SseMessage[] {
  const wire = state.blocks.get(index);
  if (wire === undefined) return [];
  state.blocks.delete(index);
  return [event('contentBlockStop', { contentBlockIndex: wire })];
}

function handlers(state: EncoderState): IrStreamEventHandlers<SseMessage[]> {
  return {
    'response-start': () => [],
    'text-start': (e) => (open(state, e.index), []),
    'text-delta': (e) => delta(state, e.index, { text: e.delta }),
    'text-end': (e) => stop(state, e.index),
    'reasoning-start': (e) => (open(state, e.index), []),
    'reasoning-delta': (e) => delta(state, e.index, { reasoningContent: { text: e.delta } }),
    'reasoning-signature': (e) =>
      delta(state, e.index, {
        reasoningContent:
          e.opaque.kind === 'redacted' ? { redactedContent: e.opaque.data } : { signature: e.opaque.data },
      }),
    'reasoning-end': (e) => stop(state, e.index),
    'tool-call-start': (e) => [
      event('contentBlockStart', {
        contentBlockIndex: open(state, e.index),
        start: { toolUse: { toolUseId: bedrockToolUseId(e.id), name: e.name } },
      }),
    ],
    'tool-call-delta': (e) => delta(state, e.index, { toolUse: { input: e.argumentsDelta } }),
    'tool-call-end': (e) => stop(state, e.index),
    file: () => [],
    // Converse has no web search blocks nor citations: the text itself goes through.
    'web-search': () => [],
    mcp: () => [],
    'text-citation': () => [],
    'usage-update': (e) => ((state.usage = e.usage), []),
    finish: (e) => ((state.finishReason = (e.choice ?? 0) === 0 ? e.finishReason : state.finishReason), []),
    error: (e) => {
      state.ended = true;
      const type = bedrockErrorTypeOf(e.error);
      return [event(type.charAt(0).toLowerCase() + type.slice(1), { message: e.error.message })];
    },
  };
}

/**
 * IR stream events -> ConverseStream events (as `SseMessage`s named by event type; frame them
 * with `encodeBedrockEventStreamMessage`). `messageStop` and `metadata` (usage) come last, in
 * `end()`; blocks still open then are closed first. An IR error becomes the exception event of
 * its type and ends the stream.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStreamOutput.html
 */
export function createBedrockConverseStreamEncoder(): StreamMachine<IrStreamEvent, SseMessage> {
  const state: EncoderState = {
    started: false,
    ended: false,
    nextWireIndex: 0,
    blocks: new Map(),
    finishReason: undefined,
    usage: undefined,
  };
  const table = handlers(state);
  return {
    push(input) {
      if (state.ended) return [];
      const before = opening(state);
      return [...before, ...dispatchStreamEvent(input, table)];
    },
    end() {
      if (state.ended) return [];
      state.ended = true;
      const out = opening(state);
      for (const index of [...state.blocks.keys()]) out.push(...stop(state, index));
      out.push(
        event('messageStop', {
          stopReason: irFinishReasonToBedrock(state.finishReason ?? { unified: 'stop', raw: null }),
        }),
      );
      out.push(event('metadata', { usage: irUsageToBedrock(state.usage), metrics: { latencyMs: 0 } }));
      return out;
    },
  };
}
