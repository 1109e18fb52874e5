import type {
  IrCitation,
  IrStreamEvent,
  IrStreamEventHandlers,
  IrUsage,
  SseMessage,
  StreamEncoderOptions,
  StreamMachine,
} from '@interlingua/ir';
import { dispatchStreamEvent } from '@interlingua/ir';
import { newAnswerId } from '@interlingua/ir-utils';
import { irFinishReasonToOpenAiChat } from './map/openai-chat-finish-reason.js';
import type { OpenAiChatFinishReason } from './map/openai-chat-finish-reason.js';
import { irErrorToOpenAiChat } from './ir-to-openai-chat-error.js';
import { irUsageToOpenAiChat } from './ir-to-openai-chat-usage.js';
import { callSignatureField } from './openai-chat-call-signature.js';
import { irCitationsToChat } from './openai-chat-citations.js';
import { reasoningDetail, type OpenAiChatReasoningDetail } from './openai-chat-reasoning-details.js';

interface BlockState {
  choice: number;
  kind: 'text' | 'reasoning' | 'tool';
  toolIndex: number;
  sawArguments: boolean;
  open: boolean;
  /** Where a text block starts in its choice's content (UTF-16), and its length so far. */
  base: number;
  length: number;
}

interface ChoiceState {
  nextToolIndex: number;
  finished: boolean;
  /** Opaque reasoning for the caller (`reasoning_details` data) by block index, sent whole at the finish. */
  details: Map<number, string>;
  /** The content so far (url citation offsets count it) and the citations, sent whole at the finish. */
  content: string;
  citations: Array<{ citation: IrCitation; block: BlockState }>;
}

interface Head {
  id: string;
  created: number;
  model: string;
}

/** The encoder's state: chunks are appended to `out` by the handler of each IR event. */
class OpenAiChatStreamEncoder implements StreamMachine<IrStreamEvent, SseMessage> {
  private head: Head | undefined;
  private usage: IrUsage | undefined;
  private stopped = false;
  private readonly blocks = new Map<number, BlockState>();
  private readonly choices = new Map<number, ChoiceState>();
  private out: SseMessage[] = [];

  private readonly handlers: IrStreamEventHandlers<void> = {
    'response-start': (e) => {
      if (this.head) return;
      this.head = { id: e.id || newAnswerId('chatcmpl-'), created: e.created, model: this.options.model ?? e.model };
      if (e.usage) this.usage = e.usage;
      this.choiceState(0);
    },
    'text-start': (e) => this.openBlock(e.index, e.choice, 'text'),
    'text-delta': (e) => {
      const block = this.blocks.get(e.index);
      if (block?.kind === 'text' && block.open) {
        this.choiceState(block.choice).content += e.delta;
        block.length += e.delta.length;
      }
      this.delta(e.index, 'text', e.delta, { content: e.delta });
    },
    'text-end': (e) => this.closeIndex(e.index),
    'reasoning-start': (e) => this.openBlock(e.index, e.choice, 'reasoning'),
    'reasoning-delta': (e) => this.delta(e.index, 'reasoning', e.delta, { reasoning_content: e.delta }),
    'reasoning-signature': (e) => {
      if (e.opaque.origin !== 'openai-chat') return;
      const block = this.blocks.get(e.index);
      this.choiceState(block?.choice ?? 0).details.set(e.index, e.opaque.data);
    },
    'reasoning-end': (e) => this.closeIndex(e.index),
    'tool-call-start': (e) => {
      const block = this.openBlock(e.index, e.choice, 'tool');
      const id = e.id || `call_${block.choice}_${block.toolIndex}`;
      this.emit(block.choice, {
        tool_calls: [
          {
            index: block.toolIndex,
            id,
            type: 'function',
            function: { name: e.name, arguments: '' },
            ...callSignatureField(e.opaque),
          },
        ],
      });
    },
    'tool-call-delta': (e) => {
      const block = this.blocks.get(e.index);
      if (block?.kind === 'tool' && block.open && e.argumentsDelta !== '') block.sawArguments = true;
      this.delta(e.index, 'tool', e.argumentsDelta, {
        tool_calls: [{ index: block?.toolIndex ?? 0, function: { arguments: e.argumentsDelta } }],
      });
    },
    'tool-call-end': (e) => this.closeIndex(e.index),
    file: () => undefined,
    'web-search': () => undefined,
    mcp: () => undefined,
    'text-citation': (e) => {
      const block = this.blocks.get(e.index);
      if (block?.kind === 'text') this.choiceState(block.choice).citations.push({ citation: e.citation, block });
    },
    'usage-update': (e) => {
      this.usage = e.usage;
    },
    finish: (e) => this.finishChoice(e.choice ?? 0, irFinishReasonToOpenAiChat(e.finishReason)),
    error: (e) => {
      this.stopped = true;
      this.out.push({ data: JSON.stringify(irErrorToOpenAiChat(e.error).body) });
    },
  };

  constructor(private readonly options: StreamEncoderOptions) {}

  push(event: IrStreamEvent): SseMessage[] {
    if (this.stopped) return [];
    dispatchStreamEvent(event, this.handlers);
    return this.flush();
  }

  end(): SseMessage[] {
    if (this.stopped) return [];
    this.stopped = true;
    if (this.choices.size === 0) this.choiceState(0);
    for (const [choice, state] of this.choices) if (!state.finished) this.finishChoice(choice, 'stop');
    if (this.options.includeUsage === true && this.usage) {
      const { id, created, model } = this.ensureHead();
      this.out.push({
        data: JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created,
          model,
          choices: [],
          usage: irUsageToOpenAiChat(this.usage),
        }),
      });
    }
    this.out.push({ data: '[DONE]' });
    return this.flush();
  }

  private flush(): SseMessage[] {
    const out = this.out;
    this.out = [];
    return out;
  }

  private ensureHead(): Head {
    this.head ??= {
      id: newAnswerId('chatcmpl-'),
      created: Math.floor(Date.now() / 1000),
      model: this.options.model ?? '',
    };
    return this.head;
  }

  /** One chunk with one choice; `usage: null` on every chunk when the caller asked for usage. */
  private emit(
    choice: number,
    delta: Record<string, unknown>,
    finishReason: OpenAiChatFinishReason | null = null,
  ): void {
    const { id, created, model } = this.ensureHead();
    const body: Record<string, unknown> = {
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: choice, delta, logprobs: null, finish_reason: finishReason }],
    };
    if (this.options.includeUsage === true) body['usage'] = null;
    this.out.push({ data: JSON.stringify(body) });
  }

  /** The state of a choice; its first use emits the role chunk. */
  private choiceState(choice: number): ChoiceState {
    let state = this.choices.get(choice);
    if (!state) {
      state = { nextToolIndex: 0, finished: false, details: new Map(), content: '', citations: [] };
      this.choices.set(choice, state);
      this.emit(choice, { role: 'assistant', content: '' });
    }
    return state;
  }

  private openBlock(index: number, choice: number | undefined, kind: BlockState['kind']): BlockState {
    const state = this.choiceState(choice ?? 0);
    const toolIndex = kind === 'tool' ? state.nextToolIndex++ : -1;
    const block: BlockState = {
      choice: choice ?? 0,
      kind,
      toolIndex,
      sawArguments: false,
      open: true,
      base: state.content.length,
      length: 0,
    };
    this.blocks.set(index, block);
    return block;
  }

  private delta(index: number, kind: BlockState['kind'], text: string, payload: Record<string, unknown>): void {
    const block = this.blocks.get(index);
    if (text !== '' && block?.open && block.kind === kind) this.emit(block.choice, payload);
  }

  /** Closes a block; a tool call that never got argument text gets `"{}"` (the SDK needs JSON). */
  private closeBlock(block: BlockState): void {
    if (!block.open) return;
    block.open = false;
    if (block.kind === 'tool' && !block.sawArguments) {
      this.emit(block.choice, { tool_calls: [{ index: block.toolIndex, function: { arguments: '{}' } }] });
    }
  }

  private closeIndex(index: number): void {
    const block = this.blocks.get(index);
    if (block) this.closeBlock(block);
  }

  private finishChoice(choice: number, reason: OpenAiChatFinishReason): void {
    const state = this.choiceState(choice);
    if (state.finished) return;
    for (const block of this.blocks.values()) if (block.choice === choice) this.closeBlock(block);
    state.finished = true;
    if (state.details.size > 0) this.emit(choice, { reasoning_details: reasoningDetails(state.details) });
    if (state.citations.length > 0) {
      const annotations = irCitationsToChat(
        state.citations.map(({ citation, block }) => ({
          citations: [citation],
          base: block.base,
          partLength: block.length,
        })),
        state.content,
      );
      this.emit(choice, { annotations });
    }
    this.emit(choice, {}, reason);
  }
}

/** The `reasoning_details` entries of a choice, in block order, as the whole answer lists them. */
function reasoningDetails(details: ReadonlyMap<number, string>): OpenAiChatReasoningDetail[] {
  return [...details.entries()].sort(([a], [b]) => a - b).map(([, data], index) => reasoningDetail(data, index));
}

/**
 * Encodes IR stream events as a Chat Completions SSE stream the official SDK accepts (including
 * the strict `chat.completions.stream()` helper): data-only chunks with the same id/created/model
 * (`options.model` wins over the upstream's), a first `{role:"assistant", content:""}` delta per
 * choice, content / `reasoning_content` / tool-call deltas (a call without argument deltas gets
 * `"{}"`), opaque reasoning of origin `openai-chat` as the choice's whole `reasoning_details` in one
 * delta of its own right before its finish chunk (stream accumulators that keep a delta field's
 * last value, as the SDK helper does, or append, keep it whole), url citations likewise as the
 * choice's whole `annotations` in one delta, a signed call's carrier as
 * `extra_content` on the call's first delta, a finish chunk per choice (synthesised as `stop` in `end()` when missing), then, only
 * when `includeUsage`, `usage: null` on every chunk and one `choices: []` usage chunk in `end()`,
 * then `[DONE]`. An `error` event becomes `data: {"error":{...}}` and nothing follows it.
 */
export function createOpenAiChatStreamEncoder(
  options: StreamEncoderOptions = {},
): StreamMachine<IrStreamEvent, SseMessage> {
  return new OpenAiChatStreamEncoder(options);
}
