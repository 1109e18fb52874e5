import type { IrStreamEvent, SseMessage, StreamMachine } from '@interlingua/ir';
import { asRecord, safeJsonParse, stringOrEmpty } from '@interlingua/ir-utils';
import { bedrockErrorToIr } from './bedrock-converse-error.js';
import { bedrockUsageSchema } from './bedrock-converse-schema.js';
import { bedrockUsageToIr } from './bedrock-converse-usage.js';
import { bedrockResponseId, type BedrockModelContext } from './bedrock-model-family.js';
import { BEDROCK_ERROR_TYPES, bedrockErrorType } from './map/bedrock-error-type.js';
import { bedrockStopReasonToIr } from './map/bedrock-stop-reason.js';

type Data = Record<string, unknown>;
type Kind = 'text' | 'reasoning' | 'tool';

interface DecoderState {
  context: BedrockModelContext;
  started: boolean;
  nextIndex: number;
  /** Open blocks by Converse `contentBlockIndex`. */
  blocks: Map<number, { index: number; kind: Kind }>;
}

function start(state: DecoderState): IrStreamEvent[] {
  if (state.started) return [];
  state.started = true;
  return [
    {
      type: 'response-start',
      id: bedrockResponseId(),
      model: state.context.modelId,
      created: Math.floor(Date.now() / 1000),
    },
  ];
}

function endOf(block: { index: number; kind: Kind }): IrStreamEvent {
  const type = block.kind === 'text' ? 'text-end' : block.kind === 'reasoning' ? 'reasoning-end' : 'tool-call-end';
  return { type, index: block.index };
}

function closeAll(state: DecoderState): IrStreamEvent[] {
  const out = [...state.blocks.values()].map(endOf);
  state.blocks.clear();
  return out;
}

/** The block at `wireIndex`, opened as `kind` when none is open there yet. */
function ensureBlock(
  state: DecoderState,
  wireIndex: number,
  kind: 'text' | 'reasoning',
  out: IrStreamEvent[],
): number | undefined {
  const open = state.blocks.get(wireIndex);
  if (open) return open.kind === kind ? open.index : undefined;
  const index = state.nextIndex++;
  state.blocks.set(wireIndex, { index, kind });
  out.push({ type: kind === 'text' ? 'text-start' : 'reasoning-start', index });
  return index;
}

function reasoningDelta(state: DecoderState, wireIndex: number, delta: Data): IrStreamEvent[] {
  const out: IrStreamEvent[] = [];
  const index = ensureBlock(state, wireIndex, 'reasoning', out);
  if (index === undefined) return out;
  const origin = state.context.reasoningOrigin;
  if (stringOrEmpty(delta.text)) out.push({ type: 'reasoning-delta', index, delta: stringOrEmpty(delta.text) });
  if (stringOrEmpty(delta.signature))
    out.push({
      type: 'reasoning-signature',
      index,
      opaque: { origin, kind: 'signature', data: stringOrEmpty(delta.signature) },
    });
  if (stringOrEmpty(delta.redactedContent))
    out.push({
      type: 'reasoning-signature',
      index,
      opaque: { origin, kind: 'redacted', data: stringOrEmpty(delta.redactedContent) },
    });
  return out;
}

function contentDelta(state: DecoderState, wireIndex: number, delta: Data): IrStreamEvent[] {
  if (typeof delta.text === 'string') {
    const out: IrStreamEvent[] = [];
    const index = ensureBlock(state, wireIndex, 'text', out);
    if (index !== undefined && delta.text !== '') out.push({ type: 'text-delta', index, delta: delta.text });
    return out;
  }
  const toolUse = asRecord(delta.toolUse);
  if (toolUse) {
    const open = state.blocks.get(wireIndex);
    return open?.kind === 'tool' && stringOrEmpty(toolUse.input)
      ? [{ type: 'tool-call-delta', index: open.index, argumentsDelta: stringOrEmpty(toolUse.input) }]
      : [];
  }
  const reasoning = asRecord(delta.reasoningContent);
  return reasoning ? reasoningDelta(state, wireIndex, reasoning) : [];
}

type Handler = (data: Data, state: DecoderState) => IrStreamEvent[];

/** One handler per ConverseStream event; `p` (padding) and unknown fields are ignored. */
const HANDLERS: Record<string, Handler> = {
  messageStart: (_data, state) => start(state),
  contentBlockStart: (data, state) => {
    const toolUse = asRecord(asRecord(data.start)?.toolUse);
    if (typeof data.contentBlockIndex !== 'number' || !toolUse) return start(state);
    const index = state.nextIndex++;
    state.blocks.set(data.contentBlockIndex, { index, kind: 'tool' });
    return [
      ...start(state),
      { type: 'tool-call-start', index, id: stringOrEmpty(toolUse.toolUseId), name: stringOrEmpty(toolUse.name) },
    ];
  },
  contentBlockDelta: (data, state) => {
    const delta = asRecord(data.delta);
    if (typeof data.contentBlockIndex !== 'number' || !delta) return [];
    return [...start(state), ...contentDelta(state, data.contentBlockIndex, delta)];
  },
  contentBlockStop: (data, state) => {
    const block = typeof data.contentBlockIndex === 'number' ? state.blocks.get(data.contentBlockIndex) : undefined;
    if (!block) return [];
    state.blocks.delete(data.contentBlockIndex as number);
    return [endOf(block)];
  },
  messageStop: (data, state) => [
    ...start(state),
    ...closeAll(state),
    {
      type: 'finish',
      finishReason: bedrockStopReasonToIr(typeof data.stopReason === 'string' ? data.stopReason : undefined),
    },
  ],
  metadata: (data, state) => {
    const usage = bedrockUsageSchema.safeParse(data.usage);
    return usage.success ? [...start(state), { type: 'usage-update', usage: bedrockUsageToIr(usage.data) }] : [];
  },
};

function exceptionEvent(name: string, data: Data): IrStreamEvent {
  const type = bedrockErrorType(name) ?? bedrockErrorType(stringOrEmpty(data.code));
  const status = type ? BEDROCK_ERROR_TYPES[type].status : 500;
  return { type: 'error', error: bedrockErrorToIr(status, data, type ?? (name === 'error' ? undefined : name)) };
}

/**
 * ConverseStream events (as `SseMessage`s named by their `:event-type` or `:exception-type`, see
 * `createBedrockEventStreamParser`) -> IR stream events. Text and reasoning blocks open on their
 * first delta (Converse sends `contentBlockStart` only for tool use); block indices are
 * renumbered in start order. Exception events (`throttlingException`, …) and error frames become
 * an IR `error` event.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStreamOutput.html
 */
export function createBedrockConverseStreamDecoder(
  context: BedrockModelContext,
): StreamMachine<SseMessage, IrStreamEvent> {
  const state: DecoderState = { context, started: false, nextIndex: 0, blocks: new Map() };
  return {
    push(message) {
      const parsed = safeJsonParse(message.data);
      const data = (parsed.ok ? asRecord(parsed.value) : undefined) ?? {};
      const name = message.event ?? '';
      if (name === 'error' || /Exception$/.test(name)) return [exceptionEvent(name, data)];
      const handler = Object.hasOwn(HANDLERS, name) ? HANDLERS[name] : undefined;
      return handler ? handler(data, state) : [];
    },
    end: () => closeAll(state),
  };
}
