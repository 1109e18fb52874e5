import type { IrRequest } from '@interlingua/ir';
import type { GenerationCall } from '../../provider-adapter.js';
import { defineOpenAiCompatibleAdapter } from '../openai-compatible/openai-compatible-adapter.js';
import { renameMaxCompletionTokens } from '../openai-compatible/openai-compatible-hooks.js';

/**
 * DeepSeek's request quirks:
 * - the output limit is `max_tokens` (no `max_completion_tokens`);
 * - thinking is switched by `thinking: {type}` and defaults to on; OpenAI's
 *   `reasoning_effort: "none"` (no reasoning) becomes `thinking: {type: "disabled"}`, other
 *   efforts pass through (DeepSeek maps low/medium to high and xhigh to max itself).
 * `reasoning_content` in answers is decoded by the chat codec. In history it is not stripped:
 * DeepSeek ignores it between user turns and requires it back after tool calls in thinking mode.
 * @see https://api-docs.deepseek.com/api/create-chat-completion
 * @see https://api-docs.deepseek.com/guides/thinking_mode
 */
export function patchDeepSeekRequest(body: Record<string, unknown>, _call?: GenerationCall): void {
  renameMaxCompletionTokens(body);
  if (body['reasoning_effort'] === 'none') {
    delete body['reasoning_effort'];
    body['thinking'] ??= { type: 'disabled' };
  }
}

/**
 * Asks the chat encoder to send earlier assistant reasoning back as `reasoning_content`, which
 * DeepSeek requires after tool calls in thinking mode, whatever style the caller spoke.
 */
export function patchDeepSeekIr(request: IrRequest): IrRequest {
  const chat = request.extensions?.['openai-chat'] ?? {};
  return { ...request, extensions: { ...request.extensions, 'openai-chat': { ...chat, reasoningContent: true } } };
}

/** DeepSeek's OpenAI-compatible API. @see https://api-docs.deepseek.com/ */
export const deepSeekAdapter = defineOpenAiCompatibleAdapter({
  type: 'deepseek',
  displayName: 'DeepSeek',
  defaultBaseUrl: 'https://api.deepseek.com',
  environment: { apiKey: 'DEEPSEEK_API_KEY' },
  hooks: { patchIr: patchDeepSeekIr, patchRequest: patchDeepSeekRequest },
});
