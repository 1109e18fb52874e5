import type { IrFinishReason, IrFinishReasonValue } from '@interlingua/ir';

/** The finish reasons Chat Completions documents (`ChatCompletion.Choice.finish_reason`). */
export type OpenAiChatFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call';

/**
 * Chat finish reason -> unified IR value.
 * @see https://platform.openai.com/docs/api-reference/chat/object#chat/object-choices
 */
export const OPENAI_CHAT_FINISH_REASON_TO_IR = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool-calls',
  content_filter: 'content-filter',
  function_call: 'tool-calls',
} as const satisfies Record<OpenAiChatFinishReason, IrFinishReasonValue>;

/**
 * Values some OpenAI-compatible servers send outside the documented set (vLLM, Mistral,
 * DeepSeek, llama.cpp), read leniently.
 * @see https://api-docs.deepseek.com/api/create-chat-completion
 */
const COMPATIBLE_FINISH_REASON_TO_IR: Readonly<Record<string, IrFinishReasonValue>> = {
  eos: 'stop',
  end_turn: 'stop',
  stop_sequence: 'stop',
  model_length: 'length',
  max_tokens: 'length',
  tool_call: 'tool-calls',
  error: 'error',
  insufficient_system_resource: 'error',
  abort: 'error',
};

/**
 * Unified IR value -> chat finish reason. Chat has no value for a refusal stop (a safety stop
 * is closest to `content_filter`), a paused turn, an error or anything else (`stop`).
 * @see https://platform.openai.com/docs/api-reference/chat/object#chat/object-choices
 */
export const IR_FINISH_REASON_TO_OPENAI_CHAT = {
  stop: 'stop',
  length: 'length',
  'tool-calls': 'tool_calls',
  'content-filter': 'content_filter',
  refusal: 'content_filter',
  pause: 'stop',
  error: 'stop',
  other: 'stop',
} as const satisfies Record<IrFinishReasonValue, OpenAiChatFinishReason>;

function isOpenAiChatFinishReason(value: string): value is OpenAiChatFinishReason {
  return Object.hasOwn(OPENAI_CHAT_FINISH_REASON_TO_IR, value);
}

/** Reads a wire finish reason (null when the provider sent none) into the IR. */
export function openAiChatFinishReasonToIr(raw: string | null | undefined): IrFinishReason {
  if (raw === null || raw === undefined) return { unified: 'other', raw: null };
  if (isOpenAiChatFinishReason(raw)) return { unified: OPENAI_CHAT_FINISH_REASON_TO_IR[raw], raw };
  return {
    unified: Object.hasOwn(COMPATIBLE_FINISH_REASON_TO_IR, raw)
      ? (COMPATIBLE_FINISH_REASON_TO_IR[raw] ?? 'other')
      : 'other',
    raw,
  };
}

/** The chat finish reason for an IR finish reason. */
export function irFinishReasonToOpenAiChat(reason: IrFinishReason): OpenAiChatFinishReason {
  return IR_FINISH_REASON_TO_OPENAI_CHAT[reason.unified];
}
