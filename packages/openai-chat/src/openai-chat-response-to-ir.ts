import type { IrChoice, IrCitation, IrContentPart, IrResponse, IrToolCallPart, Result } from '@interlingua/ir';
import { IrError, ok } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';
import { openAiChatFinishReasonToIr } from './map/openai-chat-finish-reason.js';
import type { OpenAiChatResponseExtensions } from './openai-chat-extensions.js';
import { extraFields } from './openai-chat-extensions.js';
import type {
  OpenAiChatLenientChoice,
  OpenAiChatLenientMessage,
  OpenAiChatLenientToolCall,
} from './openai-chat-response-schema.js';
import { openAiChatResponseSchema } from './openai-chat-response-schema.js';
import { chatAnnotationsToIr } from './openai-chat-citations.js';
import { openAiChatUsageToIr } from './openai-chat-usage-to-ir.js';

const KNOWN_TOP = new Set(['id', 'object', 'created', 'model', 'choices', 'usage']);
const KNOWN_CHOICE = new Set(['index', 'message', 'delta', 'finish_reason']);
const KNOWN_MESSAGE = new Set([
  'role',
  'content',
  'refusal',
  'reasoning_content',
  'reasoning',
  'tool_calls',
  'function_call',
]);

/** Reasoning text of a message or delta: `reasoning_content` (DeepSeek) or `reasoning` (OpenRouter). */
export function openAiChatReasoningText(message: OpenAiChatLenientMessage): string {
  if (message.reasoning_content) return message.reasoning_content;
  return message.reasoning ?? '';
}

/** Visible text of a message or delta (`content` string, or the text of content parts). */
export function openAiChatContentText(message: OpenAiChatLenientMessage): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content.map((part) => (part.type === undefined || part.type === 'text' ? (part.text ?? '') : '')).join('');
}

/** Arguments of a tool call as a JSON string (`{}` when empty; objects re-serialised). */
export function openAiChatToolArguments(call: OpenAiChatLenientToolCall): string {
  if (call.custom) return JSON.stringify(call.custom.input ?? '');
  const args = call.function?.arguments;
  if (typeof args === 'string') return args.trim() === '' ? '{}' : args;
  return args ? JSON.stringify(args) : '{}';
}

function notAResponse(wire: unknown): IrError {
  const upstreamMessage = asRecord(asRecord(wire)?.['error'])?.['message'];
  const detail = typeof upstreamMessage === 'string' ? `: ${upstreamMessage}` : '';
  return new IrError({
    kind: 'upstream-error',
    message: `The upstream answer is not a chat completion${detail}`,
    source: 'upstream',
    raw: wire,
  });
}

/**
 * A chat completion -> IR, leniently (any OpenAI-compatible server). Per choice the parts are
 * reasoning (`reasoning_content`), text, refusal, then tool calls. Fields the IR has no place for
 * (`service_tier`, `logprobs`, annotations other than `url_citation`...) are kept in
 * `extensions['openai-chat']`; `url_citation` annotations are the text's citations.
 * Throws IrError `upstream-error` when the body is not a chat completion at all.
 */
export function openAiChatResponseToIr(wire: unknown): Result<IrResponse> {
  const parsed = openAiChatResponseSchema.safeParse(wire);
  if (!parsed.success) throw notAResponse(wire);
  const body = parsed.data;
  const extensions: OpenAiChatResponseExtensions = { ...extraFields(body, KNOWN_TOP) };
  const choices = body.choices.map((choice, position) => choiceToIr(choice, position, extensions));
  const response: IrResponse = { id: body.id, model: body.model, created: body.created, choices };
  const usage = openAiChatUsageToIr(body.usage);
  if (usage) response.usage = usage;
  if (Object.keys(extensions).length > 0) response.extensions = { 'openai-chat': extensions };
  return ok(response);
}

function choiceToIr(
  choice: OpenAiChatLenientChoice,
  position: number,
  extensions: OpenAiChatResponseExtensions,
): IrChoice {
  const index = choice.index ?? position;
  const message = choice.message ?? choice.delta ?? {};
  const choiceExtras = extraFields(choice, KNOWN_CHOICE);
  if (choiceExtras?.['logprobs'] === null) delete choiceExtras['logprobs'];
  if (choiceExtras && Object.keys(choiceExtras).length > 0)
    (extensions.choiceFields ??= {})[String(index)] = choiceExtras;
  const messageExtras = extraFields(message, KNOWN_MESSAGE);
  const annotations = messageExtras?.['annotations'];
  const citations = chatAnnotationsToIr(annotations, openAiChatContentText(message));
  // Url citations become the text's own; empty lists and other annotations stay as they came.
  if (messageExtras && (citations || (Array.isArray(annotations) && annotations.length === 0)))
    delete messageExtras['annotations'];
  if (messageExtras?.['audio'] === null) delete messageExtras['audio'];
  if (messageExtras && Object.keys(messageExtras).length > 0)
    (extensions.messageFields ??= {})[String(index)] = messageExtras;
  return {
    index,
    content: messageToIr(message, index, citations),
    finishReason: openAiChatFinishReasonToIr(choice.finish_reason),
  };
}

function messageToIr(
  message: OpenAiChatLenientMessage,
  choiceIndex: number,
  citations: IrCitation[] | undefined,
): IrContentPart[] {
  const parts: IrContentPart[] = [];
  const reasoning = openAiChatReasoningText(message);
  if (reasoning !== '') parts.push({ type: 'reasoning', text: reasoning });
  const text = openAiChatContentText(message);
  if (text !== '') parts.push(citations ? { type: 'text', text, citations } : { type: 'text', text });
  if (message.refusal) parts.push({ type: 'refusal', text: message.refusal });
  (message.tool_calls ?? []).forEach((call, k) => parts.push(toolCallToIr(call, `call_${choiceIndex}_${k}`)));
  const legacy = message.function_call;
  if (legacy?.name) {
    parts.push({
      type: 'tool-call',
      id: `call_${choiceIndex}_function`,
      name: legacy.name,
      argumentsJson: legacy.arguments?.trim() ? legacy.arguments : '{}',
    });
  }
  return parts;
}

function toolCallToIr(call: OpenAiChatLenientToolCall, fallbackId: string): IrToolCallPart {
  const name = call.function?.name ?? call.custom?.name ?? '';
  return { type: 'tool-call', id: call.id || fallbackId, name, argumentsJson: openAiChatToolArguments(call) };
}
