import type { IrChoice, IrResponse, IrTextPart, Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import { newAnswerId } from '@interlingua/ir-utils';
import { irFinishReasonToOpenAiChat } from './map/openai-chat-finish-reason.js';
import { irUsageToOpenAiChat } from './ir-to-openai-chat-usage.js';
import { fieldsAt, openAiChatExtensions } from './openai-chat-extensions.js';
import { callSignatureField } from './openai-chat-call-signature.js';
import { irCitationsToChat } from './openai-chat-citations.js';
import { reasoningDetail } from './openai-chat-reasoning-details.js';
import type { OpenAiChatResponse, OpenAiChatStrictMessage } from './openai-chat-strict-schema.js';
import { answerFieldSchemas, choiceFieldSchemas, messageFieldSchemas } from './openai-chat-answer-field-schemas.js';
import { WarningCollector } from './openai-chat-warnings.js';

type Choice = OpenAiChatResponse['choices'][number];

/** `value` when it passes `schema`, else undefined: only well-formed chat extras are re-emitted. */
function valid<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
): T | undefined {
  if (value === undefined) return undefined;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * IR -> a `chat.completion` exactly as OpenAI shapes it: the message has `role`, `content` (null
 * when there is no text), `refusal` (null), `tool_calls` only when there are calls and
 * `annotations`; reasoning text goes to `reasoning_content`. Parts chat cannot carry (files) are
 * dropped with a warning; opaque reasoning data is dropped silently.
 */
export function irToOpenAiChatResponse(ir: IrResponse): Result<OpenAiChatResponse> {
  const warnings = new WarningCollector();
  const extensions = openAiChatExtensions(ir.extensions);
  const body: OpenAiChatResponse = {
    id: ir.id || newAnswerId('chatcmpl-'),
    object: 'chat.completion',
    created: ir.created,
    model: ir.model,
    choices: ir.choices.map((choice) => choiceToChat(choice, extensions, warnings)),
  };
  if (ir.usage) body.usage = irUsageToOpenAiChat(ir.usage);
  const serviceTier = valid(answerFieldSchemas.service_tier, extensions['service_tier']);
  if (serviceTier !== undefined) body.service_tier = serviceTier;
  const fingerprint = valid(answerFieldSchemas.system_fingerprint, extensions['system_fingerprint']);
  if (fingerprint !== undefined) body.system_fingerprint = fingerprint;
  return ok(body, warnings.list());
}

function choiceToChat(choice: IrChoice, extensions: Record<string, unknown>, warnings: WarningCollector): Choice {
  const message = irChoiceToOpenAiChatMessage(choice, warnings);
  const messageExtras = fieldsAt(extensions['messageFields'], choice.index);
  message.annotations ??= valid(messageFieldSchemas.annotations, messageExtras['annotations']) ?? [];
  const audio = valid(messageFieldSchemas.audio, messageExtras['audio']);
  if (audio) message.audio = audio;
  const logprobs =
    valid(choiceFieldSchemas.logprobs, fieldsAt(extensions['choiceFields'], choice.index)['logprobs']) ?? null;
  return { index: choice.index, message, logprobs, finish_reason: irFinishReasonToOpenAiChat(choice.finishReason) };
}

/** The assistant message of one IR choice (shared by the response encoder and tests). */
export function irChoiceToOpenAiChatMessage(choice: IrChoice, warnings: WarningCollector): OpenAiChatStrictMessage {
  let text: string | undefined;
  let refusal: string | undefined;
  let reasoning = '';
  const details: NonNullable<OpenAiChatStrictMessage['reasoning_details']> = [];
  const toolCalls: NonNullable<OpenAiChatStrictMessage['tool_calls']> = [];
  const cited: Array<{ part: IrTextPart; base: number }> = [];
  choice.content.forEach((part, j) => {
    if (part.type === 'text') {
      if (part.citations?.length) cited.push({ part, base: text?.length ?? 0 });
      text = (text ?? '') + part.text;
    } else if (part.type === 'refusal') refusal = (refusal ?? '') + part.text;
    else if (part.type === 'reasoning') {
      reasoning += part.text;
      if (part.opaque?.origin === 'openai-chat') details.push(reasoningDetail(part.opaque.data, details.length));
    } else if (part.type === 'tool-call') {
      const id = part.id || `call_${choice.index}_${toolCalls.length}`;
      toolCalls.push({
        id,
        type: 'function',
        function: { name: part.name, arguments: part.argumentsJson.trim() === '' ? '{}' : part.argumentsJson },
        ...callSignatureField(part.opaque),
      });
    } else
      warnings.dropped(
        `choices[${choice.index}].content[${j}]`,
        `${part.type} parts cannot be sent in a chat completion`,
      );
  });
  const onlyOther = toolCalls.length > 0 || refusal !== undefined;
  const message: OpenAiChatStrictMessage = {
    role: 'assistant',
    content: text ?? (onlyOther ? null : ''),
    refusal: refusal ?? null,
  };
  if (reasoning !== '') message.reasoning_content = reasoning;
  if (details.length > 0) message.reasoning_details = details;
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  const content = text ?? '';
  const annotations = irCitationsToChat(
    cited.map(({ part, base }) => ({ citations: part.citations ?? [], base, partLength: part.text.length })),
    content,
  );
  if (annotations.length > 0) message.annotations = annotations;
  return message;
}
