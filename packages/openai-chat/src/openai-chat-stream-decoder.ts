import type { IrStreamEvent, SseMessage, StreamMachine } from '@interlingua/ir';
import {
  asRecord,
  CitationBudget,
  GrowingTextOffsets,
  safeJsonParse,
  type UrlCitationReading,
} from '@interlingua/ir-utils';
import { chatAnnotationsToIr } from './openai-chat-citations.js';
import { openAiChatFinishReasonToIr } from './map/openai-chat-finish-reason.js';
import { openAiChatErrorToIr } from './openai-chat-error-to-ir.js';
import { readOpenAiChatChunk } from './openai-chat-chunk-reader.js';
import type {
  OpenAiChatLenientChoice,
  OpenAiChatLenientChunk,
  OpenAiChatLenientToolCall,
} from './openai-chat-response-schema.js';
import { openAiChatContentText, openAiChatReasoningText } from './openai-chat-response-to-ir.js';
import { openAiChatUsageToIr } from './openai-chat-usage-to-ir.js';

type TextKind = 'text' | 'reasoning' | 'refusal';

interface ToolState {
  key: number;
  id: string;
  name: string;
  /** Argument text received before the call could start (no name yet). */
  pending: string;
  block?: number;
  closed: boolean;
}

interface ChoiceState {
  index: number;
  block?: { kind: TextKind; index: number };
  tools: Map<number, ToolState>;
  openTool?: ToolState;
  finished: boolean;
  /** The content so far, which `url_citation` offsets count. */
  text: string;
  /** The answer's citations so far: one budget and one walk over the content. */
  reading: UrlCitationReading;
}

/** One SSE message of a chat stream, classified. */
type WireEvent =
  | { kind: 'done' }
  | { kind: 'error'; payload: unknown }
  | { kind: 'chunk'; chunk: OpenAiChatLenientChunk }
  /** Data that begins as JSON but does not parse: the stream is corrupt. */
  | { kind: 'corrupt'; reason: string }
  | { kind: 'ignored' };

/** The key a legacy `function_call` delta uses among the tool calls of a choice. */
const LEGACY_FUNCTION_KEY = -1;

function classify(message: SseMessage): WireEvent {
  const data = message.data.trim();
  if (data === '[DONE]') return { kind: 'done' };
  const parsed = safeJsonParse(data);
  if (!parsed.ok && /^[[{]/.test(data)) return { kind: 'corrupt', reason: parsed.error };
  const record = parsed.ok ? asRecord(parsed.value) : undefined;
  if (!record) return { kind: 'ignored' };
  if (record['error'] !== undefined && record['error'] !== null) return { kind: 'error', payload: record };
  if (message.event === 'error') return { kind: 'error', payload: record };
  const chunk = readOpenAiChatChunk(record);
  return chunk ? { kind: 'chunk', chunk } : { kind: 'ignored' };
}

/** Argument text of a tool-call fragment (objects re-serialised, custom input as is). */
function fragmentArguments(fragment: OpenAiChatLenientToolCall): string {
  const args = fragment.custom ? (fragment.custom.input ?? '') : fragment.function?.arguments;
  if (typeof args === 'string') return args;
  return args ? JSON.stringify(args) : '';
}

interface ToolFragment {
  id?: string | null | undefined;
  name?: string | null | undefined;
  args: string;
}

/** The decoder's state: events are appended to `out` by the handler of each wire event. */
class OpenAiChatStreamDecoder implements StreamMachine<SseMessage, IrStreamEvent> {
  private started = false;
  private done = false;
  private failed = false;
  private nextBlock = 0;
  private readonly choices = new Map<number, ChoiceState>();
  private out: IrStreamEvent[] = [];

  private readonly handlers: { [K in WireEvent['kind']]: (event: Extract<WireEvent, { kind: K }>) => void } = {
    done: () => {
      this.done = true;
    },
    ignored: () => undefined,
    error: (event) => {
      this.failed = true;
      this.out.push({ type: 'error', error: openAiChatErrorToIr(0, event.payload) });
    },
    corrupt: ({ reason }) => {
      this.failed = true;
      this.out.push({
        type: 'error',
        error: {
          kind: 'upstream-error',
          message: `OpenAI chat stream chunk is not valid JSON: ${reason}`,
          source: 'upstream',
        },
      });
    },
    chunk: ({ chunk }) => this.onChunk(chunk),
  };

  push(message: SseMessage): IrStreamEvent[] {
    if (this.done || this.failed) return [];
    const event = classify(message);
    (this.handlers[event.kind] as (event: WireEvent) => void)(event);
    return this.flush();
  }

  end(): IrStreamEvent[] {
    if (this.failed) return [];
    for (const c of this.choices.values()) this.closeChoice(c);
    this.done = true;
    return this.flush();
  }

  private flush(): IrStreamEvent[] {
    const out = this.out;
    this.out = [];
    return out;
  }

  private onChunk(chunk: OpenAiChatLenientChunk): void {
    const usage = openAiChatUsageToIr(chunk.usage);
    const choices = chunk.choices ?? [];
    if (!this.started) {
      // Azure sends a first chunk with only prompt_filter_results: it starts nothing.
      if (choices.length === 0 && !usage) return;
      this.started = true;
      this.out.push({ type: 'response-start', id: chunk.id, model: chunk.model, created: chunk.created });
    }
    choices.forEach((choice, position) => this.onChoice(choice, position));
    if (usage) this.out.push({ type: 'usage-update', usage });
  }

  private onChoice(choice: OpenAiChatLenientChoice, position: number): void {
    const c = this.choiceState(choice.index ?? position);
    const delta = choice.delta ?? choice.message ?? {};
    this.appendText(c, 'reasoning', openAiChatReasoningText(delta));
    const text = openAiChatContentText(delta);
    c.text += text;
    this.appendText(c, 'text', text);
    const citations = chatAnnotationsToIr((delta as Record<string, unknown>)['annotations'], c.text, c.reading);
    const open = c.block?.kind === 'text' ? c.block.index : undefined;
    if (open !== undefined)
      for (const citation of citations ?? []) this.out.push({ type: 'text-citation', index: open, citation });
    this.appendText(c, 'refusal', delta.refusal ?? '');
    for (const fragment of delta.tool_calls ?? []) {
      const name = fragment.function?.name ?? fragment.custom?.name;
      this.appendTool(c, this.toolKey(c, fragment), { id: fragment.id, name, args: fragmentArguments(fragment) });
    }
    const legacy = delta.function_call;
    if (legacy) this.appendTool(c, LEGACY_FUNCTION_KEY, { name: legacy.name, args: legacy.arguments ?? '' });
    if (choice.finish_reason && !c.finished) {
      this.closeChoice(c);
      c.finished = true;
      this.out.push({
        type: 'finish',
        choice: c.index,
        finishReason: openAiChatFinishReasonToIr(choice.finish_reason),
      });
    }
  }

  private choiceState(index: number): ChoiceState {
    let state = this.choices.get(index);
    if (!state) {
      state = {
        index,
        tools: new Map(),
        finished: false,
        text: '',
        reading: { budget: new CitationBudget(), offsets: new GrowingTextOffsets('code-point') },
      };
      this.choices.set(index, state);
    }
    return state;
  }

  private appendText(c: ChoiceState, kind: TextKind, text: string): void {
    if (text === '') return;
    this.closeTool(c);
    if (c.block && c.block.kind !== kind) this.closeText(c);
    if (!c.block) {
      c.block = { kind, index: this.nextBlock++ };
      this.out.push({
        type: kind === 'reasoning' ? 'reasoning-start' : 'text-start',
        index: c.block.index,
        choice: c.index,
      });
    }
    const index = c.block.index;
    this.out.push(
      kind === 'reasoning'
        ? { type: 'reasoning-delta', index, delta: text }
        : { type: 'text-delta', index, delta: text },
    );
  }

  /** The wire index of a fragment; servers that omit it are matched by id, else by position. */
  private toolKey(c: ChoiceState, fragment: OpenAiChatLenientToolCall): number {
    if (fragment.index !== undefined) return fragment.index;
    for (const tool of c.tools.values()) if (fragment.id && tool.id === fragment.id) return tool.key;
    if (fragment.id || !c.openTool) return Math.max(-1, ...c.tools.keys()) + 1;
    return c.openTool.key;
  }

  private appendTool(c: ChoiceState, key: number, fragment: ToolFragment): void {
    this.closeText(c);
    let tool = c.tools.get(key);
    if (tool?.closed && fragment.id && fragment.id !== tool.id) tool = undefined;
    if (tool?.closed) return;
    if (!tool) {
      this.closeTool(c);
      tool = { key, id: '', name: '', pending: '', closed: false };
      c.tools.set(key, tool);
      c.openTool = tool;
    }
    if (fragment.id) tool.id = fragment.id;
    if (fragment.name && tool.block === undefined) tool.name = fragment.name;
    if (tool.block === undefined) {
      tool.pending += fragment.args;
      if (tool.name !== '') this.startTool(c, tool);
    } else if (fragment.args !== '')
      this.out.push({ type: 'tool-call-delta', index: tool.block, argumentsDelta: fragment.args });
  }

  private startTool(c: ChoiceState, tool: ToolState): void {
    tool.block = this.nextBlock++;
    const id = tool.id || `call_${c.index}_${tool.key === LEGACY_FUNCTION_KEY ? 'function' : tool.key}`;
    this.out.push({ type: 'tool-call-start', index: tool.block, choice: c.index, id, name: tool.name });
    if (tool.pending !== '')
      this.out.push({ type: 'tool-call-delta', index: tool.block, argumentsDelta: tool.pending });
    tool.pending = '';
  }

  private closeText(c: ChoiceState): void {
    if (!c.block) return;
    this.out.push({ type: c.block.kind === 'reasoning' ? 'reasoning-end' : 'text-end', index: c.block.index });
    c.block = undefined;
  }

  private closeTool(c: ChoiceState): void {
    const tool = c.openTool;
    if (!tool) return;
    if (tool.block === undefined) this.startTool(c, tool);
    this.out.push({ type: 'tool-call-end', index: tool.block ?? 0 });
    tool.closed = true;
    c.openTool = undefined;
  }

  private closeChoice(c: ChoiceState): void {
    this.closeText(c);
    this.closeTool(c);
  }
}

/**
 * Decodes a Chat Completions SSE stream (data-only chunks, `[DONE]`) into IR stream events:
 * `response-start` on the first chunk with content or usage, text/reasoning/refusal blocks from
 * `content`/`reasoning_content`/`refusal` deltas, one tool-call block per `tool_calls[].index`,
 * `usage-update` for every usage object (the usage-only chunk has `choices: []`), `finish` per
 * choice, and `error` for an in-band `{"error":{...}}` payload (nothing follows it). Blocks are
 * closed when another kind starts, at the choice's finish, or at the end. Refusal deltas form a
 * text block of their own. Keep-alives, unknown payloads and `obfuscation` are ignored.
 */
export function createOpenAiChatStreamDecoder(): StreamMachine<SseMessage, IrStreamEvent> {
  return new OpenAiChatStreamDecoder();
}
