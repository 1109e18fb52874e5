import { innerCallName } from './openai-responses-namespaces.js';
import type { IrContentPart, IrMessage, IrReasoningPart, IrWarning } from '@interlingua/ir';
import { filePartToWire, toolResultOutputToWire } from './ir-to-openai-responses-content.js';
import { irMcpPartToItem } from './openai-responses-mcp.js';
import type { OpenAiResponsesRequestExtensions } from './openai-responses-extensions.js';
import { partCheck } from './openai-responses-input-to-ir.js';

type Item = Record<string, unknown>;

/** The `instructions` and `input` of a request built from IR messages. */
export interface IrToInputResult {
  instructions?: string;
  input: Item[];
}

function textOf(message: IrMessage): string {
  return message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** True when IR message 0 should be written back as `instructions`. */
function hoistsInstructions(messages: IrMessage[], ext: OpenAiResponsesRequestExtensions): boolean {
  const first = messages[0];
  return ext.instructions === true && first?.role === 'system' && first.content.every((part) => part.type === 'text');
}

/** Builds input items from IR messages, re-applying what the extensions kept. */
class InputWriter {
  readonly items: Item[] = [];
  #run: { role: string; parts: Item[]; fields?: Record<string, unknown> } | undefined;
  #cacheWarned = false;

  readonly #ext: OpenAiResponsesRequestExtensions;
  readonly #warnings: IrWarning[];

  constructor(ext: OpenAiResponsesRequestExtensions, warnings: IrWarning[]) {
    this.#ext = ext;
    this.#warnings = warnings;
  }

  passthrough(before: number): void {
    for (const entry of this.#ext.items ?? []) if (entry.before === before) this.items.push(entry.item);
  }

  passthroughAfter(count: number): void {
    for (const entry of this.#ext.items ?? []) if (entry.before >= count) this.items.push(entry.item);
  }

  message(message: IrMessage, m: number): void {
    const path = `messages[${m}]`;
    if (message.name !== undefined) this.#warn('dropped', `${path}.name`, 'Responses message items have no name');
    message.content.forEach((part, p) => this.#part(message, part, m, p));
    this.#flush();
  }

  #warn(kind: IrWarning['kind'], field: string, text: string): void {
    this.#warnings.push({ kind, field, message: text });
  }

  #part(message: IrMessage, part: IrContentPart, m: number, p: number): void {
    const path = `messages[${m}].content[${p}]`;
    if ('cacheControl' in part && part.cacheControl && !this.#cacheWarned) {
      this.#cacheWarned = true;
      this.#warn(
        'dropped',
        `${path}.cacheControl`,
        'Responses caches prompts automatically; cache breakpoints are not sent',
      );
    }
    switch (part.type) {
      case 'text':
      case 'refusal':
      case 'file':
        return this.#content(message, part, m, p);
      case 'tool-call':
        this.#flush();
        this.items.push({
          ...this.#ext.callItems?.[part.id],
          type: 'function_call',
          call_id: part.id,
          name: innerCallName(part.name, this.#ext.callItems?.[part.id]?.namespace),
          arguments: part.argumentsJson,
        });
        return;
      case 'tool-result':
        this.#flush();
        if (part.isError) this.#warn('dropped', `${path}.isError`, 'function_call_output has no error flag');
        this.items.push({
          ...this.#ext.callOutputItems?.[part.toolCallId],
          type: 'function_call_output',
          call_id: part.toolCallId,
          output: toolResultOutputToWire(part.content),
        });
        return;
      case 'reasoning':
        this.#flush();
        return this.#reasoning(part, m, p);
      case 'mcp-list-tools':
      case 'mcp-call':
      case 'mcp-approval-request':
      case 'mcp-approval-response':
        this.#flush();
        this.items.push(irMcpPartToItem(part, part.id));
        return;
    }
  }

  #reasoning(part: IrReasoningPart, m: number, p: number): void {
    const opaque = part.opaque;
    if (opaque?.origin !== 'openai') return;
    const compaction = this.#ext.compaction?.find((ref) => ref.message === m && ref.part === p);
    if (compaction) {
      const id = compaction.id ?? opaque.itemId;
      this.items.push({ type: 'compaction', encrypted_content: opaque.data, ...(id ? { id } : {}) });
      return;
    }
    const item: Item = { type: 'reasoning' };
    if (opaque.itemId) item.id = opaque.itemId;
    item.summary = part.text === '' ? [] : [{ type: 'summary_text', text: part.text }];
    item.encrypted_content = opaque.data;
    this.items.push(item);
  }

  #content(message: IrMessage, part: IrContentPart, m: number, p: number): void {
    const extra = this.#ext.messageItems?.find((entry) => entry.message === m && entry.part === p);
    const fields = extra && extra.check === partCheck(part) ? extra.fields : undefined;
    if (fields || this.#run?.role !== message.role) {
      this.#flush();
      this.#run = { role: message.role, parts: [] };
      if (fields) this.#run.fields = fields;
    }
    const wire = this.#wirePart(message, part, `messages[${m}].content[${p}]`);
    if (wire) this.#run?.parts.push(wire);
  }

  #wirePart(message: IrMessage, part: IrContentPart, path: string): Item | undefined {
    const assistant = message.role === 'assistant';
    if (part.type === 'text')
      return assistant
        ? { type: 'output_text', text: part.text, annotations: [] }
        : { type: 'input_text', text: part.text };
    if (part.type === 'refusal')
      return assistant ? { type: 'refusal', refusal: part.text } : { type: 'input_text', text: part.text };
    if (part.type === 'file' && !assistant) return filePartToWire(part);
    this.#warn('dropped', path, `a ${part.type} part cannot be sent in a ${message.role} message`);
    return undefined;
  }

  #flush(): void {
    const run = this.#run;
    this.#run = undefined;
    if (!run || run.parts.length === 0) return;
    const role = run.role === 'tool' ? 'user' : run.role;
    const [first] = run.parts;
    if (!run.fields && run.parts.length === 1 && (first?.type === 'input_text' || first?.type === 'output_text')) {
      this.items.push({ role, content: first.text });
      return;
    }
    this.items.push({ ...run.fields, type: 'message', role, content: run.parts });
  }
}

/**
 * IR messages -> `instructions` (when message 0 came from it) and input items. Items kept in
 * extensions are put back at their position.
 */
export function irMessagesToOpenAiResponsesInput(
  messages: IrMessage[],
  ext: OpenAiResponsesRequestExtensions,
  warnings: IrWarning[],
): IrToInputResult {
  const writer = new InputWriter(ext, warnings);
  const result: IrToInputResult = { input: writer.items };
  const hoist = hoistsInstructions(messages, ext);
  messages.forEach((message, m) => {
    writer.passthrough(m);
    if (m === 0 && hoist) result.instructions = textOf(message);
    else writer.message(message, m);
  });
  writer.passthroughAfter(messages.length);
  return result;
}
