import { callArgumentsJson } from './openai-responses-call-arguments.js';
import { callNameToIr } from './openai-responses-namespaces.js';
import type { IrContentPart, IrMessage, IrOpaque, IrWarning } from '@interlingua/ir';
import { reasoningItemToIr } from './openai-responses-reasoning-to-ir.js';
import { contentPartToIr, toolOutputToIr } from './openai-responses-content-to-ir.js';
import {
  type OpenAiResponsesCompactionRef,
  type OpenAiResponsesRequestExtensions,
  compactRecord,
  pickUnknown,
} from './openai-responses-extensions.js';
import {
  openAiResponsesCompactionItemSchema,
  openAiResponsesFunctionCallItemSchema,
  openAiResponsesFunctionCallOutputItemSchema,
  openAiResponsesMessageItemSchema,
  openAiResponsesReasoningItemSchema,
} from './openai-responses-request-schema.js';
import { mcpItemSchemaOf, mcpItemToIr } from './openai-responses-mcp.js';
import { parseOrThrow, type SchemaReader } from './openai-responses-zod-error.js';

/** Prefix of compaction blobs minted by Interlingua itself (not by OpenAI). */
export const INTERLINGUA_COMPACTION_PREFIX = 'ilg1.';

type InputExtensions = Pick<
  OpenAiResponsesRequestExtensions,
  'items' | 'callItems' | 'callOutputItems' | 'messageItems' | 'compaction'
>;

/** The input as IR messages, plus what the IR cannot hold. */
export interface InputToIrResult {
  messages: IrMessage[];
  extensions: InputExtensions;
  warnings: IrWarning[];
}

/** The kind of an input item: `type`, or `message` for a typeless item with a role. */
function itemKind(item: Record<string, unknown>): string | undefined {
  if (typeof item.type === 'string') return item.type;
  return 'role' in item ? 'message' : undefined;
}

/** `<part type>:<text length>`, the check stored beside positional extras. */
export function partCheck(part: IrContentPart | undefined): string {
  if (!part) return '';
  if (part.type === 'text' || part.type === 'refusal' || part.type === 'reasoning')
    return `${part.type}:${part.text.length}`;
  return part.type;
}

/** Converts input items to IR messages; adjacent assistant items merge into one assistant message. */

class InputConverter {
  readonly messages: IrMessage[];
  readonly warnings: IrWarning[] = [];
  readonly extensions: Required<InputExtensions> = {
    items: [],
    callItems: {},
    callOutputItems: {},
    messageItems: [],
    compaction: [],
  };
  #open: IrMessage | undefined;
  readonly #callNames = new Map<string, string>();
  readonly #read: SchemaReader;

  constructor(initial: IrMessage[], items: Record<string, unknown>[], read: SchemaReader) {
    this.#read = read;
    this.messages = [...initial];
    for (const item of items) {
      if (item.type === 'function_call' && typeof item.call_id === 'string' && typeof item.name === 'string') {
        this.#callNames.set(item.call_id, callNameToIr(item.name, item.namespace));
      }
    }
  }

  add(item: Record<string, unknown>, index: number): void {
    const path = `input[${index}]`;
    switch (itemKind(item)) {
      case 'message':
        return this.#message(item, path);
      case 'function_call':
        return this.#functionCall(item, path);
      case 'function_call_output':
        return this.#functionCallOutput(item, path);
      case 'reasoning':
        return this.#reasoning(item, path);
      case 'compaction':
        return this.#compaction(item, path);
      case 'mcp_list_tools':
      case 'mcp_call':
      case 'mcp_approval_request':
      case 'mcp_approval_response':
        return this.#mcp(item, path);
      default:
        this.#close();
        this.extensions.items.push({ before: this.messages.length, item, index });
    }
  }

  #close(): void {
    this.#open = undefined;
  }

  #target(role: 'assistant' | 'tool' | 'user'): IrMessage {
    if (this.#open?.role === role) return this.#open;
    const message: IrMessage = { role, content: [] };
    this.messages.push(message);
    this.#open = message;
    return message;
  }

  #message(raw: Record<string, unknown>, path: string): void {
    const item = this.#read(openAiResponsesMessageItemSchema, raw, path);
    const parts: IrContentPart[] =
      typeof item.content === 'string'
        ? [{ type: 'text', text: item.content }]
        : item.content.map((part, i) => contentPartToIr(part, `${path}.content[${i}]`, this.warnings));
    let message: IrMessage;
    if (item.role === 'assistant') message = this.#target('assistant');
    else {
      this.#close();
      message = { role: item.role, content: [] };
      this.messages.push(message);
    }
    const fields = pickUnknown(raw, ['type', 'role', 'content']);
    if (Object.keys(fields).length > 0 && parts.length > 0) {
      const part = message.content.length;
      this.extensions.messageItems.push({
        message: this.messages.indexOf(message),
        part,
        check: partCheck(parts[0]),
        fields,
      });
    }
    message.content.push(...parts);
  }

  #functionCall(raw: Record<string, unknown>, path: string): void {
    const item = this.#read(openAiResponsesFunctionCallItemSchema, raw, path);
    const name = callNameToIr(item.name, raw.namespace);
    const argumentsJson = callArgumentsJson(item.arguments);
    this.#target('assistant').content.push({ type: 'tool-call', id: item.call_id, name, argumentsJson });
    const fields = pickUnknown(raw, ['type', 'call_id', 'name', 'arguments']);
    if (Object.keys(fields).length > 0) this.extensions.callItems[item.call_id] = fields;
  }

  #functionCallOutput(raw: Record<string, unknown>, path: string): void {
    const item = this.#read(openAiResponsesFunctionCallOutputItemSchema, raw, path);
    this.#target('tool').content.push({
      type: 'tool-result',
      toolCallId: item.call_id,
      toolName: this.#callNames.get(item.call_id) ?? '',
      content: toolOutputToIr(item.output, `${path}.output`, this.warnings),
    });
    const fields = pickUnknown(raw, ['type', 'call_id', 'output']);
    if (Object.keys(fields).length > 0) this.extensions.callOutputItems[item.call_id] = fields;
  }

  #reasoning(raw: Record<string, unknown>, path: string): void {
    const item = this.#read(openAiResponsesReasoningItemSchema, raw, path);
    const part = reasoningItemToIr(item);
    this.#target('assistant').content.push(part);
  }

  /** An MCP item: listed tools, calls and approval requests in assistant turns, approvals in user turns. */
  #mcp(raw: Record<string, unknown>, path: string): void {
    const schema = mcpItemSchemaOf(raw.type);
    if (!schema) return;
    const part = mcpItemToIr(this.#read(schema, raw, path));
    this.#target(part.type === 'mcp-approval-response' ? 'user' : 'assistant').content.push(part);
  }

  #compaction(raw: Record<string, unknown>, path: string): void {
    const item = this.#read(openAiResponsesCompactionItemSchema, raw, path);
    const data = item.encrypted_content;
    const opaque: IrOpaque = {
      origin: data.startsWith(INTERLINGUA_COMPACTION_PREFIX) ? 'interlingua' : 'openai',
      kind: 'encrypted',
      data,
    };
    if (item.id) opaque.itemId = item.id;
    this.#close();
    this.messages.push({ role: 'assistant', content: [{ type: 'reasoning', text: '', opaque }] });
    const ref: OpenAiResponsesCompactionRef = { message: this.messages.length - 1, part: 0 };
    if (item.id) ref.id = item.id;
    this.extensions.compaction.push(ref);
  }
}

/**
 * Responses `input` (a string or items) -> IR messages appended to `initial`. Items the IR cannot
 * express are kept in the returned extensions with their position.
 */
export function openAiResponsesInputToIr(
  input: string | Record<string, unknown>[] | null | undefined,
  initial: IrMessage[] = [],
  read: SchemaReader = parseOrThrow,
): InputToIrResult {
  if (typeof input === 'string') {
    return {
      messages: [...initial, { role: 'user', content: [{ type: 'text', text: input }] }],
      extensions: {},
      warnings: [],
    };
  }
  const items = input ?? [];
  const converter = new InputConverter(initial, items, read);
  items.forEach((item, i) => converter.add(item, i));
  return {
    messages: converter.messages,
    extensions: compactRecord(converter.extensions),
    warnings: converter.warnings,
  };
}
