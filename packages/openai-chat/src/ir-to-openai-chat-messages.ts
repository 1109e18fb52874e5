import type { IrContentPart, IrMessage, IrToolCallPart, IrToolResultPart } from '@interlingua/ir';
import { parseToolArguments } from '@interlingua/ir-utils';
import type { ContentFromIrContext, OpenAiChatWirePart } from './ir-to-openai-chat-content.js';
import { irFilePartToOpenAiChat, irTextPartToOpenAiChat } from './ir-to-openai-chat-content.js';
import { fieldsAt } from './openai-chat-extensions.js';

/** A chat message as sent upstream. */
export type OpenAiChatWireMessage = Record<string, unknown> & { role: string };

/** What the message conversion needs to know about the caller's chat habits. */
export interface MessagesFromIrContext extends ContentFromIrContext {
  /** Send tool calls/results with the legacy `function_call` / `function` role. */
  legacyFunctions: boolean;
  /** Send assistant reasoning text back as `reasoning_content`. */
  reasoningContent: boolean;
  /** `messageFields` of the request extensions: unknown fields per IR message index. */
  messageFields: unknown;
  /** Names of the caller's custom (free-text) tools. */
  customToolNames: ReadonlySet<string>;
}

/**
 * IR messages -> chat messages. Tool-result parts become one `tool` message each; reasoning in
 * assistant history is dropped (or sent as `reasoning_content` when the caller did so); parts a
 * role cannot carry are dropped with a warning.
 */
export function irMessagesToOpenAiChat(
  messages: readonly IrMessage[],
  context: MessagesFromIrContext,
): OpenAiChatWireMessage[] {
  const out: OpenAiChatWireMessage[] = [];
  messages.forEach((message, index) => {
    const converted = messageToChat(message, index, context);
    const extras = fieldsAt(context.messageFields, index);
    if (converted.main) out.push(...converted.before, { ...extras, ...converted.main }, ...converted.after);
    else out.push(...converted.before, ...converted.after);
  });
  return out;
}

interface Converted {
  before: OpenAiChatWireMessage[];
  main?: OpenAiChatWireMessage;
  after: OpenAiChatWireMessage[];
}

function messageToChat(message: IrMessage, index: number, context: MessagesFromIrContext): Converted {
  const results = message.content.filter((part): part is IrToolResultPart => part.type === 'tool-result');
  const toolMessages = results.map((part) => toolResultToChat(part, index, message.content.indexOf(part), context));
  const rest = message.content.filter((part) => part.type !== 'tool-result');
  const path = `messages[${index}]`;
  switch (message.role) {
    case 'system':
    case 'developer':
    case 'user': {
      // A turn of MCP items only (an approval answer) is not sent as an empty message.
      const onlyMcp = rest.length > 0 && rest.every(isMcpPart);
      if (onlyMcp)
        rest.forEach((part) => dropPart(part, `${path}.content[${message.content.indexOf(part)}]`, '', context));
      const main =
        !onlyMcp && (rest.length > 0 || results.length === 0)
          ? named({ role: message.role, content: userContent(message, path, context) }, message)
          : undefined;
      return main ? { before: toolMessages, main, after: [] } : { before: toolMessages, after: [] };
    }
    case 'assistant': {
      const main = assistantToChat(message, path, context);
      return main ? { before: [], main, after: toolMessages } : { before: [], after: toolMessages };
    }
    case 'tool':
      for (const part of rest)
        dropPart(part, `${path}.content[${message.content.indexOf(part)}]`, 'a tool message', context);
      return { before: toolMessages, after: [] };
  }
}

function named(wire: OpenAiChatWireMessage, message: IrMessage): OpenAiChatWireMessage {
  return message.name === undefined ? wire : { ...wire, name: message.name };
}

function dropPart(part: IrContentPart, field: string, where: string, context: MessagesFromIrContext): void {
  if (isMcpPart(part))
    context.warnings.dropped(field, `chat completions run no MCP tools; the earlier ${part.type} item was not sent`);
  else context.warnings.dropped(field, `${part.type} parts cannot be sent in ${where} in chat completions`);
}

function isMcpPart(part: IrContentPart): boolean {
  return part.type.startsWith('mcp-');
}

/** A string when the content is one plain text part, else an array of parts. */
function compact(parts: OpenAiChatWirePart[]): string | OpenAiChatWirePart[] {
  const [only] = parts;
  if (parts.length === 0) return '';
  if (parts.length === 1 && only?.type === 'text' && Object.keys(only).length === 2) return String(only['text']);
  return parts;
}

function userContent(message: IrMessage, path: string, context: MessagesFromIrContext): string | OpenAiChatWirePart[] {
  const textOnly = message.role !== 'user';
  const parts: OpenAiChatWirePart[] = [];
  message.content.forEach((part, j) => {
    const field = `${path}.content[${j}]`;
    if (part.type === 'text') parts.push(irTextPartToOpenAiChat(part, context));
    else if (part.type === 'file' && !textOnly) parts.push(irFilePartToOpenAiChat(part, field, context));
    else if (part.type !== 'tool-result') dropPart(part, field, `a ${message.role} message`, context);
  });
  return compact(parts);
}

function toolResultToChat(
  part: IrToolResultPart,
  index: number,
  j: number,
  context: MessagesFromIrContext,
): OpenAiChatWireMessage {
  const field = `messages[${index}].content[${j}]`;
  if (part.isError)
    context.warnings.dropped(
      `${field}.isError`,
      'chat tool messages have no error flag; the result text is sent as is',
    );
  const texts: OpenAiChatWirePart[] = [];
  part.content.forEach((inner, k) => {
    if (inner.type === 'text') texts.push(irTextPartToOpenAiChat(inner, context));
    else dropPart(inner, `${field}.content[${k}]`, 'a tool result', context);
  });
  if (context.legacyFunctions) {
    return { role: 'function', name: part.toolName, content: texts.map((text) => String(text['text'])).join('') };
  }
  return { role: 'tool', tool_call_id: part.toolCallId, content: compact(texts) };
}

function assistantToChat(
  message: IrMessage,
  path: string,
  context: MessagesFromIrContext,
): OpenAiChatWireMessage | undefined {
  const reasoning: string[] = [];
  const visible: OpenAiChatWirePart[] = [];
  const calls: IrToolCallPart[] = [];
  message.content.forEach((part, j) => {
    if (part.type === 'reasoning') reasoning.push(part.text);
    else if (part.type === 'text') visible.push(irTextPartToOpenAiChat(part, context));
    else if (part.type === 'refusal') visible.push({ type: 'refusal', refusal: part.text });
    else if (part.type === 'tool-call') calls.push(part);
    else if (part.type !== 'tool-result') dropPart(part, `${path}.content[${j}]`, 'an assistant message', context);
  });
  const reasoningText = context.reasoningContent ? reasoning.join('') : '';
  if (visible.length === 0 && calls.length === 0 && reasoningText === '') return undefined;
  const wire: OpenAiChatWireMessage = {
    role: 'assistant',
    ...visibleContent(visible, calls.length > 0 || reasoningText === ''),
  };
  if (reasoningText !== '') wire['reasoning_content'] = reasoningText;
  if (context.legacyFunctions && calls.length === 1 && calls[0] && !context.customToolNames.has(calls[0].name)) {
    wire['function_call'] = { name: calls[0].name, arguments: calls[0].argumentsJson || '{}' };
  } else if (calls.length > 0) {
    wire['tool_calls'] = calls.map((call) => toolCallToChat(call, context));
  }
  return named(wire, message);
}

/** `content` (+ `refusal`): the simple form when the parts are [text?, refusal?], else an array. */
function visibleContent(parts: OpenAiChatWirePart[], nullWhenEmpty: boolean): Record<string, unknown> {
  const kinds = parts.map((part) => part.type).join(',');
  const simple =
    ['', 'text', 'refusal', 'text,refusal'].includes(kinds) &&
    parts.every((part) => part.type !== 'text' || Object.keys(part).length === 2);
  if (!simple) return { content: parts };
  const text = parts.find((part) => part.type === 'text');
  const refusal = parts.find((part) => part.type === 'refusal');
  const content = text ? String(text['text']) : nullWhenEmpty || refusal ? null : '';
  return refusal ? { content, refusal: refusal['refusal'] } : { content };
}

function toolCallToChat(call: IrToolCallPart, context: MessagesFromIrContext): Record<string, unknown> {
  if (context.customToolNames.has(call.name)) {
    const input = parseToolArguments(call.argumentsJson);
    return {
      id: call.id,
      type: 'custom',
      custom: { name: call.name, input: typeof input === 'string' ? input : call.argumentsJson },
    };
  }
  return { id: call.id, type: 'function', function: { name: call.name, arguments: call.argumentsJson || '{}' } };
}
