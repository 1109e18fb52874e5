import type { IrStreamEvent, SseMessage, StreamMachine } from '@interlingua/ir';
import { asRecord, CitationBudget, safeJsonParse, stringOrEmpty } from '@interlingua/ir-utils';
import { anthropicThinkingToIr } from './anthropic-messages-block-to-ir.js';
import { anthropicErrorToIr } from './anthropic-messages-error-to-ir.js';
import { anthropicMcpUseToIr, isMcpToolUse, withAnthropicMcpResult } from './anthropic-messages-mcp-blocks.js';
import { anthropicCitationToIr, anthropicSearchToIr, isWebSearchUse } from './anthropic-messages-search-results.js';
import type { AnthropicUsageLenient } from './anthropic-messages-response-schema.js';
import { anthropicUsageToIr, mergeAnthropicUsage, readAnthropicUsage } from './anthropic-messages-usage-to-ir.js';
import { ANTHROPIC_ERROR_TYPE_STATUS, isAnthropicErrorType } from './map/anthropic-error-type.js';
import { anthropicStopReasonToIr } from './map/anthropic-stop-reason.js';

type Data = Record<string, unknown>;

interface OpenBlock {
  index: number;
  kind: 'text' | 'reasoning' | 'tool';
  /** Tool input given whole in `content_block_start` (not Anthropic's own `{}`). */
  startInput?: string;
  sawDelta: boolean;
}

interface DecoderState {
  started: boolean;
  /** Web search `server_tool_use` and `mcp_tool_use` blocks by id, their input JSON gathered until the result comes. */
  heldUses: Map<string, { block: Data; input: string }>;
  /** Wire index of an open held use -> its id. */
  heldInputs: Map<number, string>;
  nextIndex: number;
  blocks: Map<number, OpenBlock>;
  usage: AnthropicUsageLenient | undefined;
  /** The answer's citations: repeated ones and those past its budget are dropped. */
  citations: CitationBudget;
}

function start(state: DecoderState, id: string, model: string, usage?: AnthropicUsageLenient): IrStreamEvent[] {
  if (state.started) return [];
  state.started = true;
  state.usage = usage;
  const event: IrStreamEvent = { type: 'response-start', id, model, created: Math.floor(Date.now() / 1000) };
  if (usage) event.usage = anthropicUsageToIr(usage);
  return [event];
}

function endOf(block: OpenBlock): IrStreamEvent[] {
  if (block.kind === 'text') return [{ type: 'text-end', index: block.index }];
  if (block.kind === 'reasoning') return [{ type: 'reasoning-end', index: block.index }];
  const input: IrStreamEvent[] =
    !block.sawDelta && block.startInput
      ? [{ type: 'tool-call-delta', index: block.index, argumentsDelta: block.startInput }]
      : [];
  return [...input, { type: 'tool-call-end', index: block.index }];
}

function closeAll(state: DecoderState): IrStreamEvent[] {
  if (state.blocks.size === 0) return [];
  const out: IrStreamEvent[] = [];
  for (const block of state.blocks.values()) out.push(...endOf(block));
  state.blocks.clear();
  return out;
}

/**
 * A web search's `server_tool_use` is held until its `web_search_tool_result`, an `mcp_tool_use`
 * until its `mcp_tool_result`: the IR streams a search, and an MCP call, whole.
 */
function serverBlock(state: DecoderState, wireIndex: number, block: Data): IrStreamEvent[] {
  if (isWebSearchUse(block) || isMcpToolUse(block)) {
    const input = asRecord(block.input);
    state.heldUses.set(stringOrEmpty(block.id), {
      block,
      input: input && Object.keys(input).length > 0 ? JSON.stringify(input) : '',
    });
    state.heldInputs.set(wireIndex, stringOrEmpty(block.id));
    return [];
  }
  const held = state.heldUses.get(stringOrEmpty(block.tool_use_id));
  state.heldUses.delete(stringOrEmpty(block.tool_use_id));
  let use: Data | undefined;
  if (held) {
    const parsed = safeJsonParse(held.input === '' ? '{}' : held.input);
    use = { ...held.block, input: (parsed.ok && asRecord(parsed.value)) || {} };
  }
  if (block.type === 'web_search_tool_result')
    return [{ type: 'web-search', index: state.nextIndex++, part: anthropicSearchToIr(use, block) }];
  // A result whose call never came names no tool: its block is skipped.
  if (!use || !isMcpToolUse(use)) return [];
  return [{ type: 'mcp', index: state.nextIndex++, part: withAnthropicMcpResult(anthropicMcpUseToIr(use), block) }];
}

const SERVER_RESULTS = new Set(['web_search_tool_result', 'mcp_tool_result']);

function openBlock(state: DecoderState, wireIndex: number, block: Data): IrStreamEvent[] {
  if (isWebSearchUse(block) || isMcpToolUse(block) || SERVER_RESULTS.has(stringOrEmpty(block.type)))
    return serverBlock(state, wireIndex, block);
  const kind =
    block.type === 'text'
      ? 'text'
      : block.type === 'tool_use'
        ? 'tool'
        : block.type === 'thinking' || block.type === 'redacted_thinking'
          ? 'reasoning'
          : undefined;
  if (!kind) return [];
  const open: OpenBlock = { index: state.nextIndex++, kind, sawDelta: false };
  state.blocks.set(wireIndex, open);
  const { index } = open;
  if (block.type === 'text')
    return [
      { type: 'text-start', index },
      ...(stringOrEmpty(block.text) ? [{ type: 'text-delta' as const, index, delta: stringOrEmpty(block.text) }] : []),
    ];
  if (block.type === 'tool_use') {
    const input = asRecord(block.input);
    if (input && Object.keys(input).length > 0) open.startInput = JSON.stringify(input);
    return [{ type: 'tool-call-start', index, id: stringOrEmpty(block.id), name: stringOrEmpty(block.name) }];
  }
  const { text, opaque } = anthropicThinkingToIr(block);
  const out: IrStreamEvent[] = [{ type: 'reasoning-start', index }];
  if (text) out.push({ type: 'reasoning-delta', index, delta: text });
  if (opaque) out.push({ type: 'reasoning-signature', index, opaque });
  return out;
}

function deltaOf(block: OpenBlock, delta: Data, citations: CitationBudget): IrStreamEvent[] {
  const { index, kind } = block;
  if (delta.type === 'citations_delta' && kind === 'text') {
    const citation = anthropicCitationToIr(asRecord(delta.citation) ?? {});
    return citation && citations.admit(citation, index) ? [{ type: 'text-citation', index, citation }] : [];
  }
  if (delta.type === 'text_delta' && kind === 'text' && stringOrEmpty(delta.text))
    return [{ type: 'text-delta', index, delta: stringOrEmpty(delta.text) }];
  if (delta.type === 'thinking_delta' && kind === 'reasoning' && stringOrEmpty(delta.thinking))
    return [{ type: 'reasoning-delta', index, delta: stringOrEmpty(delta.thinking) }];
  if (delta.type === 'signature_delta' && kind === 'reasoning' && stringOrEmpty(delta.signature)) {
    return [
      {
        type: 'reasoning-signature',
        index,
        opaque: { origin: 'anthropic', kind: 'signature', data: stringOrEmpty(delta.signature) },
      },
    ];
  }
  if (delta.type === 'input_json_delta' && kind === 'tool') {
    block.sawDelta = true;
    return stringOrEmpty(delta.partial_json)
      ? [{ type: 'tool-call-delta', index, argumentsDelta: stringOrEmpty(delta.partial_json) }]
      : [];
  }
  return [];
}

type Handler = (data: Data, state: DecoderState) => IrStreamEvent[];

/** One handler per wire event type; unknown types and `ping` produce nothing. */
const HANDLERS: Record<string, Handler> = {
  message_start: (data, state) => {
    const message = asRecord(data.message) ?? {};
    return start(state, stringOrEmpty(message.id), stringOrEmpty(message.model), readAnthropicUsage(message.usage));
  },
  content_block_start: (data, state) => {
    const block = asRecord(data.content_block);
    if (typeof data.index !== 'number' || !block) return [];
    return [...start(state, '', ''), ...openBlock(state, data.index, block)];
  },
  content_block_delta: (data, state) => {
    const block = typeof data.index === 'number' ? state.blocks.get(data.index) : undefined;
    const delta = asRecord(data.delta);
    const use = typeof data.index === 'number' ? state.heldInputs.get(data.index) : undefined;
    const held = use === undefined ? undefined : state.heldUses.get(use);
    if (held && delta?.type === 'input_json_delta') held.input += stringOrEmpty(delta.partial_json);
    return block && delta ? deltaOf(block, delta, state.citations) : [];
  },
  content_block_stop: (data, state) => {
    if (typeof data.index === 'number') state.heldInputs.delete(data.index);
    const block = typeof data.index === 'number' ? state.blocks.get(data.index) : undefined;
    if (!block || typeof data.index !== 'number') return [];
    state.blocks.delete(data.index);
    return endOf(block);
  },
  message_delta: (data, state) => {
    const out = start(state, '', '');
    const usage = readAnthropicUsage(data.usage);
    if (usage) {
      state.usage = mergeAnthropicUsage(state.usage, usage);
      out.push({ type: 'usage-update', usage: anthropicUsageToIr(state.usage) });
    }
    const stopReason = asRecord(data.delta)?.stop_reason;
    if (typeof stopReason === 'string') out.push({ type: 'finish', finishReason: anthropicStopReasonToIr(stopReason) });
    return out;
  },
  message_stop: (_data, state) => closeAll(state),
  ping: () => [],
  error: (data) => {
    const type = asRecord(data.error)?.type;
    const status = isAnthropicErrorType(type) ? ANTHROPIC_ERROR_TYPE_STATUS[type] : 500;
    return [{ type: 'error', error: anthropicErrorToIr(status, data) }];
  },
};

/**
 * Anthropic SSE events -> IR stream events. Block indices are renumbered 0,1,2… over the blocks
 * the IR can carry (a web search or an MCP call is one block, at its result; other server tool
 * blocks are skipped); `message_delta` usage is cumulative and
 * overlaid on `message_start`'s; an in-band `error` event becomes an IR `error` event.
 */
export function createAnthropicMessagesStreamDecoder(): StreamMachine<SseMessage, IrStreamEvent> {
  const state: DecoderState = {
    started: false,
    nextIndex: 0,
    blocks: new Map(),
    usage: undefined,
    heldUses: new Map(),
    heldInputs: new Map(),
    citations: new CitationBudget(),
  };
  return {
    push(message) {
      const parsed = safeJsonParse(message.data);
      if (!parsed.ok && /^\s*[[{]/.test(message.data)) {
        return [
          {
            type: 'error',
            error: {
              kind: 'upstream-error',
              message: `Anthropic stream event is not valid JSON: ${parsed.error}`,
              source: 'upstream',
            },
          },
        ];
      }
      const data = parsed.ok ? asRecord(parsed.value) : undefined;
      if (!data) return [];
      const type = typeof data.type === 'string' ? data.type : message.event;
      const handler = type !== undefined && Object.hasOwn(HANDLERS, type) ? HANDLERS[type] : undefined;
      return handler ? handler(data, state) : [];
    },
    end: () => closeAll(state),
  };
}
