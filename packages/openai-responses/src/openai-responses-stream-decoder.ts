import { callNameToIr } from './openai-responses-namespaces.js';
import type { IrErrorData, IrStreamEvent, SseMessage, StreamMachine } from '@interlingua/ir';
import { asRecord, CitationBudget, GrowingTextOffsets, safeJsonParse, stringOrEmpty } from '@interlingua/ir-utils';
import { isMcpAnswerPart, mcpItemSchemaOf, mcpItemToIr } from './openai-responses-mcp.js';
import { openAiResponsesErrorToIr } from './openai-responses-error-to-ir.js';
import { openAiResponsesUsageSchema } from './openai-responses-response-schema.js';
import { urlCitationsToIr, webSearchCallToIr } from './openai-responses-search-results.js';
import { openAiResponsesUsageToIr } from './openai-responses-usage-to-ir.js';
import { openAiResponsesFinishReason } from './map/openai-responses-status.js';

type Data = Record<string, unknown>;
type Events = IrStreamEvent[];

interface Block {
  index: number;
  kind: 'text' | 'reasoning' | 'tool-call';
  emitted: string;
  open: boolean;
  /** One walk over the text so far for its citations' offsets. */
  offsets?: GrowingTextOffsets;
}

interface ItemState {
  /** message content blocks by content index. */
  contents: Map<number, Block>;
  /** the reasoning or function call block. */
  block?: Block;
  summaryParts: number;
  /** text of the current summary part so far. */
  summaryText: string;
}

const num = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** The text of an `output_text` or `refusal` content part; undefined for any other part. */
function textPartText(part: unknown): string | undefined {
  const record = asRecord(part);
  return record?.type === 'output_text' || record?.type === 'refusal'
    ? stringOrEmpty(record.text ?? record.refusal)
    : undefined;
}

/** Decodes Responses stream events into IR stream events. */
class ResponsesStreamDecoder {
  #started = false;
  #finished = false;
  #nextIndex = 0;
  #sawFunctionCall = false;
  #searches = 0;
  readonly #items = new Map<number, ItemState>();
  readonly #citations = new CitationBudget();

  readonly #handlers: Record<string, (data: Data) => Events> = {
    'response.created': () => [],
    'response.queued': () => [],
    'response.in_progress': () => [],
    'response.output_item.added': (d) => this.#itemAdded(d),
    'response.content_part.added': (d) => {
      const text = textPartText(d.part);
      return text === undefined ? [] : this.#textDelta(d, text);
    },
    'response.output_text.delta': (d) => this.#textDelta(d, stringOrEmpty(d.delta)),
    'response.refusal.delta': (d) => this.#textDelta(d, stringOrEmpty(d.delta)),
    'response.output_text.done': (d) => this.#textDone(d, stringOrEmpty(d.text)),
    'response.output_text.annotation.added': (d) => this.#annotation(d),
    'response.refusal.done': (d) => this.#textDone(d, stringOrEmpty(d.refusal)),
    'response.content_part.done': (d) => {
      const text = textPartText(d.part);
      return text === undefined ? [] : this.#textDone(d, text, true);
    },
    'response.function_call_arguments.delta': (d) => {
      const block = this.#callBlock(d);
      return block ? this.#delta(block, stringOrEmpty(d.delta)) : [];
    },
    'response.function_call_arguments.done': (d) => {
      const block = this.#callBlock(d);
      return block ? this.#reconcile(block, block.emitted, stringOrEmpty(d.arguments)) : [];
    },
    'response.reasoning_summary_part.added': (d) => this.#summaryPartAdded(d),
    'response.reasoning_summary_text.delta': (d) => this.#summaryDelta(d),
    'response.reasoning_summary_text.done': (d) => this.#summaryDone(d, stringOrEmpty(d.text)),
    'response.reasoning_summary_part.done': (d) => this.#summaryDone(d, stringOrEmpty(asRecord(d.part)?.text)),
    'response.reasoning_text.delta': (d) => this.#reasoningTextDelta(d),
    'response.output_item.done': (d) => this.#itemDone(d),
    'response.completed': (d) => this.#complete(d),
    'response.incomplete': (d) => this.#complete(d),
    'response.failed': (d) => this.#failed(d),
    error: (d) => this.#error(d),
  };

  push(message: SseMessage): Events {
    if (this.#finished) return [];
    const parsed = safeJsonParse(message.data);
    if (!parsed.ok && /^\s*[[{]/.test(message.data)) {
      this.#finished = true;
      return [
        {
          type: 'error',
          error: {
            kind: 'upstream-error',
            message: `OpenAI Responses stream event is not valid JSON: ${parsed.error}`,
            source: 'upstream',
          },
        },
      ];
    }
    const data = parsed.ok ? asRecord(parsed.value) : undefined;
    if (!data) return [];
    const type = typeof data.type === 'string' ? data.type : message.event;
    const handler = type === undefined ? undefined : this.#handlers[type];
    if (!handler) return [];
    const events = type === 'error' ? [] : this.#start(data);
    return [...events, ...handler(data)];
  }

  end(): Events {
    return this.#finished ? [] : this.#closeAll();
  }

  /** `response-start` before the first event, from the response object the event carries if any. */
  #start(data: Data): Events {
    if (this.#started) return [];
    this.#started = true;
    const response = asRecord(data.response) ?? {};
    return [
      {
        type: 'response-start',
        id: stringOrEmpty(response.id),
        model: stringOrEmpty(response.model),
        created: num(response.created_at),
      },
    ];
  }

  #item(outputIndex: number): ItemState {
    let item = this.#items.get(outputIndex);
    if (!item) {
      item = { contents: new Map(), summaryParts: 0, summaryText: '' };
      this.#items.set(outputIndex, item);
    }
    return item;
  }

  #open(kind: Block['kind']): Block {
    return { index: this.#nextIndex++, kind, emitted: '', open: true };
  }

  #delta(block: Block, text: string): Events {
    if (text === '' || !block.open) return [];
    block.emitted += text;
    if (block.kind === 'text') return [{ type: 'text-delta', index: block.index, delta: text }];
    if (block.kind === 'reasoning') return [{ type: 'reasoning-delta', index: block.index, delta: text }];
    return [{ type: 'tool-call-delta', index: block.index, argumentsDelta: text }];
  }

  /** The rest of `final` when the deltas so far are a prefix of it. */
  #reconcile(block: Block, emitted: string, final: string): Events {
    return final.length > emitted.length && final.startsWith(emitted)
      ? this.#delta(block, final.slice(emitted.length))
      : [];
  }

  #close(block: Block | undefined): Events {
    if (!block?.open) return [];
    block.open = false;
    if (block.kind === 'text') return [{ type: 'text-end', index: block.index }];
    if (block.kind === 'reasoning') return [{ type: 'reasoning-end', index: block.index }];
    return [{ type: 'tool-call-end', index: block.index }];
  }

  #closeAll(): Events {
    const events: Events = [];
    const ordered = [...this.#items.entries()].sort((a, b) => a[0] - b[0]);
    for (const [, item] of ordered) {
      for (const block of item.contents.values()) events.push(...this.#close(block));
      events.push(...this.#close(item.block));
    }
    return events;
  }

  #startCall(item: ItemState, raw: Data): Events {
    const block = this.#open('tool-call');
    item.block = block;
    this.#sawFunctionCall = true;
    const start: IrStreamEvent = {
      type: 'tool-call-start',
      index: block.index,
      id: stringOrEmpty(raw.call_id),
      name: callNameToIr(stringOrEmpty(raw.name), raw.namespace),
    };
    return [start, ...this.#delta(block, stringOrEmpty(raw.arguments))];
  }

  #startReasoning(item: ItemState): Events {
    const block = this.#open('reasoning');
    item.block = block;
    return [{ type: 'reasoning-start', index: block.index }];
  }

  #itemAdded(data: Data): Events {
    const raw = asRecord(data.item) ?? {};
    const type = stringOrEmpty(raw.type);
    const item = this.#item(num(data.output_index));
    if (type === 'function_call' && !item.block) return this.#startCall(item, raw);
    if (type === 'reasoning' && !item.block) return this.#startReasoning(item);
    return [];
  }

  #textBlock(data: Data): { block: Block; events: Events } {
    const item = this.#item(num(data.output_index));
    const contentIndex = num(data.content_index);
    const existing = item.contents.get(contentIndex);
    if (existing) return { block: existing, events: [] };
    const block = this.#open('text');
    item.contents.set(contentIndex, block);
    return { block, events: [{ type: 'text-start', index: block.index }] };
  }

  #textDelta(data: Data, delta: string): Events {
    const { block, events } = this.#textBlock(data);
    return [...events, ...this.#delta(block, delta)];
  }

  /** The rest of a text part from its whole `text`; `closes` when the part itself is done. */
  #textDone(data: Data, text: string, closes = false): Events {
    const { block, events } = this.#textBlock(data);
    events.push(...this.#reconcile(block, block.emitted, text));
    if (closes) events.push(...this.#close(block));
    return events;
  }

  /** A `url_citation` of an open text block -> `text-citation` (its offsets count the text so far). */
  #annotation(data: Data): Events {
    const { block, events } = this.#textBlock(data);
    block.offsets ??= new GrowingTextOffsets('code-point');
    const reading = { budget: this.#citations, offsets: block.offsets };
    const [citation] = urlCitationsToIr([data.annotation], block.emitted, reading) ?? [];
    return citation && block.open ? [...events, { type: 'text-citation', index: block.index, citation }] : events;
  }

  /** The function call block of the event's output item, when there is one. */
  #callBlock(data: Data): Block | undefined {
    const block = this.#items.get(num(data.output_index))?.block;
    return block?.kind === 'tool-call' ? block : undefined;
  }

  #reasoningBlock(data: Data): { item: ItemState; block: Block; events: Events } {
    const item = this.#item(num(data.output_index));
    const events = item.block ? [] : this.#startReasoning(item);
    return { item, block: item.block as Block, events };
  }

  #summaryPartAdded(data: Data): Events {
    const { item, block, events } = this.#reasoningBlock(data);
    const separator = item.summaryParts > 0 ? this.#delta(block, '\n\n') : [];
    item.summaryParts++;
    item.summaryText = '';
    return [...events, ...separator];
  }

  #summaryDelta(data: Data): Events {
    const { item, block, events } = this.#reasoningBlock(data);
    if (item.summaryParts === 0) item.summaryParts = 1;
    const delta = stringOrEmpty(data.delta);
    item.summaryText += delta;
    return [...events, ...this.#delta(block, delta)];
  }

  #summaryDone(data: Data, text: string): Events {
    const { item, block, events } = this.#reasoningBlock(data);
    const rest = this.#reconcile(block, item.summaryText, text);
    if (rest.length > 0) item.summaryText = text;
    return [...events, ...rest];
  }

  #reasoningTextDelta(data: Data): Events {
    const { item, block, events } = this.#reasoningBlock(data);
    return item.summaryParts > 0 ? events : [...events, ...this.#delta(block, stringOrEmpty(data.delta))];
  }

  #messageDone(outputIndex: number, raw: Data): Events {
    const events: Events = [];
    const content = Array.isArray(raw.content) ? raw.content : [];
    content.forEach((part, contentIndex) => {
      const text = textPartText(part);
      if (text !== undefined)
        events.push(...this.#textDone({ output_index: outputIndex, content_index: contentIndex }, text, true));
    });
    for (const block of this.#item(outputIndex).contents.values()) events.push(...this.#close(block));
    return events;
  }

  #callDone(item: ItemState, raw: Data): Events {
    const events = item.block ? [] : this.#startCall(item, { ...raw, arguments: '' });
    const block = item.block as Block;
    return [...events, ...this.#reconcile(block, block.emitted, stringOrEmpty(raw.arguments)), ...this.#close(block)];
  }

  #reasoningDone(outputIndex: number, raw: Data): Events {
    const { item, block, events } = this.#reasoningBlock({ output_index: outputIndex });
    if (block.emitted === '' && item.summaryParts === 0) {
      const summary = Array.isArray(raw.summary) ? raw.summary : [];
      events.push(...this.#delta(block, summary.map((s) => stringOrEmpty(asRecord(s)?.text)).join('\n\n')));
    }
    const data = stringOrEmpty(raw.encrypted_content);
    if (data !== '' && block.open) {
      const itemId = stringOrEmpty(raw.id);
      events.push({
        type: 'reasoning-signature',
        index: block.index,
        opaque: { origin: 'openai', kind: 'encrypted', data, ...(itemId ? { itemId } : {}) },
      });
    }
    return [...events, ...this.#close(block)];
  }

  #itemDone(data: Data): Events {
    const outputIndex = num(data.output_index);
    const raw = asRecord(data.item) ?? {};
    const type = stringOrEmpty(raw.type);
    if (type === 'message') return this.#messageDone(outputIndex, raw);
    if (type === 'function_call') return this.#callDone(this.#item(outputIndex), raw);
    if (type === 'reasoning') return this.#reasoningDone(outputIndex, raw);
    const mcp = mcpItemSchemaOf(type)?.safeParse(raw);
    const part = mcp?.success ? mcpItemToIr(mcp.data) : undefined;
    if (part && isMcpAnswerPart(part)) return [{ type: 'mcp', index: this.#nextIndex++, part }];
    if (type === 'web_search_call') {
      this.#searches++;
      return [{ type: 'web-search', index: this.#nextIndex++, part: webSearchCallToIr({ ...raw, type }) }];
    }
    return [];
  }

  #complete(data: Data): Events {
    const response = asRecord(data.response) ?? {};
    const events = this.#closeAll();
    this.#finished = true;
    const usage = openAiResponsesUsageSchema.safeParse(response.usage);
    if (usage.success) {
      const ir = openAiResponsesUsageToIr(usage.data);
      if (this.#searches > 0) ir.webSearchRequests = this.#searches;
      events.push({ type: 'usage-update', usage: ir });
    }
    const output = Array.isArray(response.output) ? response.output : [];
    const hasCalls = this.#sawFunctionCall || output.some((item) => asRecord(item)?.type === 'function_call');
    const reason = asRecord(response.incomplete_details)?.reason;
    const status =
      typeof response.status === 'string' ? response.status : stringOrEmpty(data.type).replace('response.', '');
    events.push({
      type: 'finish',
      finishReason: openAiResponsesFinishReason(status, typeof reason === 'string' ? reason : null, hasCalls),
    });
    return events;
  }

  #failed(data: Data): Events {
    const response = asRecord(data.response) ?? {};
    const error = asRecord(response.error) ?? {};
    return this.#error({
      error: { ...error, message: stringOrEmpty(error.message) || 'The response failed.' },
      response,
    });
  }

  #error(data: Data): Events {
    this.#finished = true;
    const error: IrErrorData = {
      ...openAiResponsesErrorToIr(0, asRecord(data.error) ? data : { error: data }),
      raw: data,
    };
    return [{ type: 'error', error }];
  }
}

/**
 * A machine decoding Responses SSE events (`response.created` … `response.completed`) into IR
 * stream events. Blocks are keyed by output index (and content index for message parts); a
 * reasoning item's summary parts form one reasoning block joined by a blank line; encrypted
 * reasoning on `output_item.done` becomes `reasoning-signature`; a finished `web_search_call` one
 * `web-search` block and `url_citation` annotations `text-citation`s. Unknown events are ignored.
 */
export function createOpenAiResponsesStreamDecoder(): StreamMachine<SseMessage, IrStreamEvent> {
  const decoder = new ResponsesStreamDecoder();
  return { push: (message) => decoder.push(message), end: () => decoder.end() };
}
