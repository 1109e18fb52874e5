import { callArgumentsJson } from './openai-responses-call-arguments.js';
import { functionCallName, type NamespacedName, namespacedToolNames } from './openai-responses-namespaces.js';
import type {
  IrCitation,
  IrErrorData,
  IrFinishReason,
  IrOpaque,
  IrStreamEvent,
  IrStreamEventHandlers,
  IrStreamEventOf,
  IrUsage,
  SseMessage,
  StreamEncoderOptions,
  StreamMachine,
} from '@interlingua/ir';
import { dispatchStreamEvent } from '@interlingua/ir';
import { irToOpenAiResponsesError } from './ir-to-openai-responses-error.js';
import { generatedItemId, newResponseId, type OpenAiResponsesItemPrefix } from './openai-responses-item-ids.js';
import { mcpItemPrefix } from './openai-responses-mcp.js';
import { type Emit, mcpItemEvents } from './openai-responses-mcp-stream.js';
import { blockItemRef, reasoningDeltaEvents, reasoningDoneEvents } from './openai-responses-reasoning-stream.js';
import { irCitationsToUrlCitations } from './openai-responses-search-results.js';
import { webSearchItemEvents } from './openai-responses-search-stream.js';
import {
  type ResponseObjectParts,
  buildResponseObject,
  nowSeconds,
  responseStatusForFinish,
} from './openai-responses-response-object.js';
import type {
  OpenAiResponsesEcho,
  OpenAiResponsesErrorCode,
  OpenAiResponsesOutputItem,
} from './openai-responses-strict-response-schema.js';
import { IR_KIND_RESPONSE_ERROR_CODE } from './map/openai-responses-error-kind.js';

type Out = SseMessage[];

interface Block {
  kind: 'text' | 'reasoning' | 'tool-call';
  outputIndex: number;
  itemId: string;
  text: string;
  open: boolean;
  summaryStarted: boolean;
  callId: string;
  name: string;
  opaque?: IrOpaque;
  /** The JSON of this block's text deltas up to the delta itself, made once. */
  deltaHead?: string;
  /** `url_citation` annotations of a text block. */
  annotations?: Array<Record<string, unknown>>;
}

/** Writes the events of an item sent whole at `outputIndex`, and gives the item. */
type WholeItemWriter = (
  id: string,
  outputIndex: number,
  emit: Emit,
) => { events: SseMessage[]; item: Record<string, unknown> };

/** Responses answers have one output: blocks of other choices are left out. */
const firstChoice = (choice: number | undefined): boolean => (choice ?? 0) === 0;

const messageAdded = (): Record<string, unknown> => ({
  type: 'message',
  status: 'in_progress',
  role: 'assistant',
  content: [],
});

/** Encodes IR stream events as Responses SSE events the official SDK accepts. */
class ResponsesStreamEncoder {
  #sequence = 0;
  #head: { id: string; created: number; model: string } | undefined;
  readonly #output: OpenAiResponsesOutputItem[] = [];
  readonly #blocks = new Map<number, Block>();
  #finishReason: IrFinishReason | undefined;
  #usage: IrUsage | undefined;
  #ended = false;

  readonly #handlers: IrStreamEventHandlers<Out> = {
    'response-start': (e) => this.#start(e),
    'text-start': (e) => (firstChoice(e.choice) ? this.#openBlock(e.index, 'text', 'msg', messageAdded()) : []),
    'text-delta': (e) => this.#textDelta(e.index, e.delta),
    'text-end': (e) => this.#closeBlock(e.index),
    'reasoning-start': (e) =>
      firstChoice(e.choice) ? this.#openBlock(e.index, 'reasoning', 'rs', { type: 'reasoning', summary: [] }) : [],
    'reasoning-delta': (e) => this.#reasoningDelta(e.index, e.delta),
    'reasoning-signature': (e) => this.#signature(e.index, e.opaque),
    'reasoning-end': (e) => this.#closeBlock(e.index),
    'tool-call-start': (e) => (firstChoice(e.choice) ? this.#callStart(e) : []),
    'tool-call-delta': (e) => this.#callDelta(e.index, e.argumentsDelta),
    'tool-call-end': (e) => this.#closeBlock(e.index),
    file: () => [],
    mcp: ({ choice, part }) =>
      firstChoice(choice)
        ? this.#wholeItem(part.id, mcpItemPrefix(part), (id, at, emit) => mcpItemEvents(part, id, at, emit))
        : [],
    'web-search': ({ choice, part }) =>
      firstChoice(choice) ? this.#wholeItem('', 'ws', (id, at, emit) => webSearchItemEvents(part, id, at, emit)) : [],
    'text-citation': (e) => this.#citation(e.index, e.citation),
    'usage-update': (e) => {
      this.#usage = e.usage;
      return [];
    },
    finish: (e) => this.#finish(e),
    error: (e) => this.#error(e.error),
  };

  /** The request's namespaced tools: their calls are streamed split (`namespace` and inner `name`). */
  readonly #namespaced: ReadonlyMap<string, NamespacedName>;
  readonly #options: StreamEncoderOptions;
  readonly #echo: OpenAiResponsesEcho;

  constructor(options: StreamEncoderOptions, echo: OpenAiResponsesEcho) {
    this.#options = options;
    this.#echo = echo;
    this.#namespaced = namespacedToolNames(echo.tools);
  }

  push(event: IrStreamEvent): Out {
    return this.#ended ? [] : dispatchStreamEvent(event, this.#handlers);
  }

  end(): Out {
    if (this.#ended) return [];
    const out = [...this.#ensureStarted(), ...this.#closeAll()];
    this.#ended = true;
    const { status, incompleteReason } = responseStatusForFinish(this.#finishReason ?? { unified: 'stop', raw: null });
    if (status === 'failed')
      return [...out, this.#failedEvent({ code: 'server_error', message: 'The response failed.' })];
    if (status === 'incomplete')
      return [
        ...out,
        this.#lifecycle('response.incomplete', { status, ...(incompleteReason ? { incompleteReason } : {}) }),
      ];
    return [...out, this.#lifecycle('response.completed', { status: 'completed' })];
  }

  /** `emit`, for the event sequences written in their own modules. */
  readonly #emitter: Emit = (type, payload) => this.#emit(type, payload);

  #emit(type: string, payload: Record<string, unknown>): SseMessage {
    return { event: type, data: JSON.stringify({ type, ...payload, sequence_number: this.#sequence++ }) };
  }

  #response(
    parts: Pick<ResponseObjectParts, 'status' | 'incompleteReason' | 'error'>,
    output: OpenAiResponsesOutputItem[],
  ): unknown {
    const head = this.#head ?? { id: '', created: 0, model: '' };
    const usage = parts.status === 'in_progress' ? undefined : this.#usage;
    return buildResponseObject({ ...head, ...parts, output, ...(usage ? { usage } : {}) }, this.#echo);
  }

  #lifecycle(type: string, parts: Pick<ResponseObjectParts, 'status' | 'incompleteReason'>): SseMessage {
    return this.#emit(type, { response: this.#response(parts, parts.status === 'in_progress' ? [] : this.#output) });
  }

  #start(e: IrStreamEventOf<'response-start'>): Out {
    if (this.#head) return [];
    this.#head = {
      id: e.id || newResponseId(),
      created: e.created || nowSeconds(),
      model: this.#options.model ?? e.model,
    };
    if (e.usage) this.#usage = e.usage;
    // Both opening events carry the same response object: built and serialised once, written as `emit` would.
    const response = JSON.stringify(this.#response({ status: 'in_progress' }, []));
    return ['response.created', 'response.in_progress'].map((type) => ({
      event: type,
      data: `{"type":"${type}","response":${response},"sequence_number":${this.#sequence++}}`,
    }));
  }

  #ensureStarted(): Out {
    return this.#head ? [] : this.#start({ type: 'response-start', id: '', model: '', created: 0 });
  }

  #openBlock(
    index: number,
    kind: Block['kind'],
    prefix: 'msg' | 'rs' | 'fc',
    item: Record<string, unknown>,
    callId = '',
    name = '',
  ): Out {
    const out = this.#ensureStarted();
    if (this.#blocks.has(index)) return out;
    const outputIndex = this.#output.length;
    const itemId = this.#itemId(prefix, outputIndex);
    const block: Block = { kind, outputIndex, itemId, text: '', open: true, summaryStarted: false, callId, name };
    this.#blocks.set(index, block);
    const added = { ...item, id: itemId } as OpenAiResponsesOutputItem;
    this.#output.push(added);
    out.push(this.#emit('response.output_item.added', { output_index: outputIndex, item: added }));
    if (kind === 'text') {
      const part = { type: 'output_text', text: '', annotations: [], logprobs: [] };
      out.push(
        this.#emit('response.content_part.added', {
          item_id: itemId,
          output_index: outputIndex,
          content_index: 0,
          part,
        }),
      );
    }
    return out;
  }

  #openOf(index: number, kind: Block['kind']): Block | undefined {
    const block = this.#blocks.get(index);
    return block?.open && block.kind === kind ? block : undefined;
  }

  /**
   * The most frequent event, written directly: the same JSON as `emit` would give for
   * `{ ...blockItemRef(block), content_index: 0, delta, logprobs: [] }`, without an object per delta.
   */
  #textDelta(index: number, delta: string): Out {
    const block = this.#openOf(index, 'text');
    if (!block || delta === '') return [];
    block.text += delta;
    const type = 'response.output_text.delta';
    block.deltaHead ??= `{"type":"${type}","item_id":${JSON.stringify(block.itemId)},"output_index":${block.outputIndex},"content_index":0,"delta":`;
    return [
      {
        event: type,
        data: `${block.deltaHead}${JSON.stringify(delta)},"logprobs":[],"sequence_number":${this.#sequence++}}`,
      },
    ];
  }

  #reasoningDelta(index: number, delta: string): Out {
    const block = this.#openOf(index, 'reasoning');
    return !block || delta === '' ? [] : reasoningDeltaEvents(block, delta, this.#emitter);
  }

  #signature(index: number, opaque: IrOpaque): Out {
    const block = this.#openOf(index, 'reasoning');
    if (block) block.opaque = opaque;
    return [];
  }

  #callStart(e: IrStreamEventOf<'tool-call-start'>): Out {
    const callId = e.id || this.#itemId('call', this.#output.length);
    const name = functionCallName(e.name, this.#namespaced);
    const item = { type: 'function_call', status: 'in_progress', call_id: callId, ...name, arguments: '' };
    return this.#openBlock(e.index, 'tool-call', 'fc', item, callId, e.name);
  }

  #callDelta(index: number, delta: string): Out {
    const block = this.#openOf(index, 'tool-call');
    if (!block || delta === '') return [];
    block.text += delta;
    return [this.#emit('response.function_call_arguments.delta', { ...blockItemRef(block), delta })];
  }

  /** The id of the output item at `outputIndex` when it has none of its own. */
  #itemId(prefix: OpenAiResponsesItemPrefix, outputIndex: number): string {
    return generatedItemId(prefix, this.#head?.id ?? '', outputIndex);
  }

  /**
   * An item sent whole (a web search with its query and pages, an MCP item): its events as OpenAI
   * streams them, under `id` or else one made with `prefix`.
   */
  #wholeItem(id: string, prefix: OpenAiResponsesItemPrefix, write: WholeItemWriter): Out {
    const out = this.#ensureStarted();
    const outputIndex = this.#output.length;
    const { events, item } = write(id || this.#itemId(prefix, outputIndex), outputIndex, this.#emitter);
    this.#output.push(item as OpenAiResponsesOutputItem);
    return [...out, ...events];
  }

  #citation(index: number, citation: IrCitation): Out {
    const block = this.#openOf(index, 'text');
    if (!block) return [];
    const [annotation] = irCitationsToUrlCitations([citation], block.text);
    if (!annotation) return [];
    block.annotations ??= [];
    const annotationIndex = block.annotations.push(annotation) - 1;
    return [
      this.#emit('response.output_text.annotation.added', {
        ...blockItemRef(block),
        content_index: 0,
        annotation_index: annotationIndex,
        annotation,
      }),
    ];
  }

  #closeBlock(index: number): Out {
    const block = this.#blocks.get(index);
    if (!block?.open) return [];
    block.open = false;
    if (block.kind === 'text') return this.#closeText(block);
    if (block.kind === 'reasoning') return this.#closeReasoning(block);
    return this.#closeCall(block);
  }

  #done(block: Block, item: OpenAiResponsesOutputItem): SseMessage {
    this.#output[block.outputIndex] = item;
    return this.#emit('response.output_item.done', { output_index: block.outputIndex, item });
  }

  #closeText(block: Block): Out {
    const part = { type: 'output_text' as const, text: block.text, annotations: block.annotations ?? [], logprobs: [] };
    return [
      this.#emit('response.output_text.done', {
        ...blockItemRef(block),
        content_index: 0,
        text: block.text,
        logprobs: [],
      }),
      this.#emit('response.content_part.done', { ...blockItemRef(block), content_index: 0, part }),
      this.#done(block, { type: 'message', id: block.itemId, status: 'completed', role: 'assistant', content: [part] }),
    ];
  }

  #closeReasoning(block: Block): Out {
    const { events, item } = reasoningDoneEvents(block, this.#emitter);
    return [...events, this.#done(block, item)];
  }

  #closeCall(block: Block): Out {
    const args = callArgumentsJson(block.text);
    const name = functionCallName(block.name, this.#namespaced);
    const item = {
      type: 'function_call',
      id: block.itemId,
      call_id: block.callId,
      ...name,
      arguments: args,
      status: 'completed',
    };
    return [
      this.#emit('response.function_call_arguments.done', { ...blockItemRef(block), name: name.name, arguments: args }),
      this.#done(block, item),
    ];
  }

  #closeAll(): Out {
    const open = [...this.#blocks.entries()]
      .filter(([, block]) => block.open)
      .sort((a, b) => a[1].outputIndex - b[1].outputIndex);
    return open.flatMap(([index]) => this.#closeBlock(index));
  }

  #finish(e: IrStreamEventOf<'finish'>): Out {
    if (!firstChoice(e.choice)) return [];
    this.#finishReason = e.finishReason;
    return this.#closeAll();
  }

  #failedEvent(error: { code: OpenAiResponsesErrorCode; message: string }): SseMessage {
    return this.#emit('response.failed', { response: this.#response({ status: 'failed', error }, this.#output) });
  }

  #error(error: IrErrorData): Out {
    const out = this.#ensureStarted();
    this.#ended = true;
    const body = irToOpenAiResponsesError(error).body.error;
    out.push(this.#emit('error', { code: body.code, message: body.message, param: body.param }));
    out.push(this.#failedEvent({ code: IR_KIND_RESPONSE_ERROR_CODE[error.kind], message: error.message }));
    return out;
  }
}

/**
 * A machine encoding IR stream events as Responses SSE (`event:` equal to `data.type`,
 * `sequence_number` from 0). Terminal events (`response.completed` / `.incomplete` with the full
 * output and usage) are written in `end()`; an IR `error` becomes `error` + `response.failed`
 * and ends the stream. `echo` fills the echoed request fields of the response objects.
 */
export function createOpenAiResponsesStreamEncoder(
  options: StreamEncoderOptions = {},
  echo: OpenAiResponsesEcho = {},
): StreamMachine<IrStreamEvent, SseMessage> {
  const encoder = new ResponsesStreamEncoder(options, echo);
  return { push: (event) => encoder.push(event), end: () => encoder.end() };
}
