import type { IrContentPart, IrMessage, IrToolCallPart } from '@interlingua/ir';
import type { ContentToIrContext } from './openai-chat-content-to-ir.js';
import {
  openAiChatTextContentToIr,
  openAiChatTextPartToIr,
  openAiChatUserContentToIr,
} from './openai-chat-content-to-ir.js';
import { callSignatureOf } from './openai-chat-call-signature.js';
import { extraFields } from './openai-chat-extensions.js';
import type { OpenAiChatMessage, OpenAiChatToolCall } from './openai-chat-request-schema.js';

/** What converting the messages learnt that belongs in `extensions['openai-chat']`. */
export interface MessagesToIrContext extends ContentToIrContext {
  sawLegacyFunction: boolean;
  sawReasoningContent: boolean;
  /** Unknown fields per message index. */
  messageFields: Record<string, Record<string, unknown>>;
}

type Message<R extends OpenAiChatMessage['role']> = Extract<OpenAiChatMessage, { role: R }>;

const KNOWN_MESSAGE_FIELDS: Readonly<Record<OpenAiChatMessage['role'], ReadonlySet<string>>> = {
  system: new Set(['role', 'content', 'name']),
  developer: new Set(['role', 'content', 'name']),
  user: new Set(['role', 'content', 'name']),
  assistant: new Set([
    'role',
    'content',
    'refusal',
    'tool_calls',
    'function_call',
    'name',
    'reasoning_content',
    'reasoning_details',
  ]),
  tool: new Set(['role', 'content', 'tool_call_id']),
  function: new Set(['role', 'content', 'name']),
};

/** Tool-call ids seen so far, to give each tool result its tool name. */
interface CallLedger {
  namesById: Map<string, string>;
  /** Legacy `function_call`s have no id: the latest synthesised id per function name. */
  legacyIdByName: Map<string, string>;
}

/**
 * Chat messages -> IR messages, one for one and in order. `system`/`developer` stay ordered
 * messages; each `tool` (and legacy `function`) message becomes an IR `tool` message holding one
 * tool-result whose `toolName` comes from the assistant call with the same id ('' when unknown).
 */
export function openAiChatMessagesToIr(
  messages: readonly OpenAiChatMessage[],
  context: MessagesToIrContext,
): IrMessage[] {
  const ledger: CallLedger = { namesById: new Map(), legacyIdByName: new Map() };
  return messages.map((message, index) => {
    const extras = extraFields(message, KNOWN_MESSAGE_FIELDS[message.role]);
    if (extras) context.messageFields[String(index)] = extras;
    return messageToIr(message, index, ledger, context);
  });
}

function messageToIr(
  message: OpenAiChatMessage,
  index: number,
  ledger: CallLedger,
  context: MessagesToIrContext,
): IrMessage {
  const path = `messages[${index}].content`;
  switch (message.role) {
    case 'system':
    case 'developer':
      return named({ role: message.role, content: openAiChatTextContentToIr(message.content, context) }, message.name);
    case 'user':
      return named({ role: 'user', content: openAiChatUserContentToIr(message.content, path, context) }, message.name);
    case 'assistant':
      return named({ role: 'assistant', content: assistantContentToIr(message, index, ledger, context) }, message.name);
    case 'tool':
      return {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: message.tool_call_id,
            toolName: ledger.namesById.get(message.tool_call_id) ?? '',
            content: openAiChatTextContentToIr(message.content, context),
          },
        ],
      };
    case 'function':
      context.sawLegacyFunction = true;
      return {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: ledger.legacyIdByName.get(message.name) ?? legacyCallId(index),
            toolName: message.name,
            content: message.content === null ? [] : [{ type: 'text', text: message.content }],
          },
        ],
      };
  }
}

/** `reasoning_details` entries of type `reasoning.encrypted` -> opaque reasoning parts of origin `openai-chat`. */
function encryptedReasoningToIr(details: Message<'assistant'>['reasoning_details']): IrContentPart[] {
  return (details ?? []).flatMap((entry): IrContentPart[] =>
    entry.type === 'reasoning.encrypted' && typeof entry.data === 'string'
      ? [{ type: 'reasoning', text: '', opaque: { origin: 'openai-chat', kind: 'encrypted', data: entry.data } }]
      : [],
  );
}

function named(message: IrMessage, name: string | undefined): IrMessage {
  return name === undefined ? message : { ...message, name };
}

/** The id given to a legacy `function_call`, which has none on the wire. */
export function legacyCallId(messageIndex: number): string {
  return `call_legacy_${messageIndex}`;
}

function assistantContentToIr(
  message: Message<'assistant'>,
  index: number,
  ledger: CallLedger,
  context: MessagesToIrContext,
): IrContentPart[] {
  const parts: IrContentPart[] = encryptedReasoningToIr(message.reasoning_details);
  if (typeof message.reasoning_content === 'string' && message.reasoning_content !== '') {
    context.sawReasoningContent = true;
    // Encrypted entries carry their text themselves: reasoning_content then repeats it.
    if (parts.length === 0) parts.push({ type: 'reasoning', text: message.reasoning_content });
  }
  const { content } = message;
  if (typeof content === 'string') {
    if (content !== '' || !hasCalls(message)) parts.push({ type: 'text', text: content });
  } else if (content) {
    for (const part of content)
      parts.push(
        part.type === 'text' ? openAiChatTextPartToIr(part, context) : { type: 'refusal', text: part.refusal },
      );
  }
  if (typeof message.refusal === 'string') parts.push({ type: 'refusal', text: message.refusal });
  for (const call of message.tool_calls ?? []) parts.push(toolCallToIr(call, ledger));
  if (message.function_call) {
    context.sawLegacyFunction = true;
    const id = legacyCallId(index);
    ledger.legacyIdByName.set(message.function_call.name, id);
    ledger.namesById.set(id, message.function_call.name);
    parts.push({
      type: 'tool-call',
      id,
      name: message.function_call.name,
      argumentsJson: message.function_call.arguments,
    });
  }
  return parts;
}

function hasCalls(message: Message<'assistant'>): boolean {
  return (message.tool_calls?.length ?? 0) > 0 || Boolean(message.function_call);
}

/** A custom tool call's free-text input travels as a JSON string in `argumentsJson`. */
function toolCallToIr(call: OpenAiChatToolCall, ledger: CallLedger): IrToolCallPart {
  if (call.type === 'custom') {
    ledger.namesById.set(call.id, call.custom.name);
    return { type: 'tool-call', id: call.id, name: call.custom.name, argumentsJson: JSON.stringify(call.custom.input) };
  }
  ledger.namesById.set(call.id, call.function.name);
  const opaque = callSignatureOf(call);
  return {
    type: 'tool-call',
    id: call.id,
    name: call.function.name,
    argumentsJson: call.function.arguments,
    ...(opaque ? { opaque } : {}),
  };
}
