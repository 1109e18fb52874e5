import { asRecord } from '@interlingua/ir-utils';
import type { GenerationCall } from '../../provider-adapter.js';
import { defineOpenAiCompatibleAdapter } from '../openai-compatible/openai-compatible-adapter.js';
import { renameMaxCompletionTokens } from '../openai-compatible/openai-compatible-hooks.js';
import { toMistralToolCallId } from './mistral-tool-call-id.js';

/** Rewrites every `tool_calls[].id` and `tool_call_id` of the messages with `toMistralToolCallId`. */
function rewriteToolCallIds(messages: unknown): void {
  if (!Array.isArray(messages)) return;
  for (const entry of messages) {
    const message = asRecord(entry);
    if (!message) continue;
    if (typeof message['tool_call_id'] === 'string')
      message['tool_call_id'] = toMistralToolCallId(message['tool_call_id']);
    if (!Array.isArray(message['tool_calls'])) continue;
    for (const call of message['tool_calls']) {
      const record = asRecord(call);
      if (record && typeof record['id'] === 'string') record['id'] = toMistralToolCallId(record['id']);
    }
  }
}

/**
 * Mistral's request quirks. Its API rejects fields it does not know (HTTP 422
 * `extra_forbidden`) and tool-call ids that are not 9 alphanumeric characters, so:
 * tool-call ids are mapped with `toMistralToolCallId`; `max_completion_tokens` becomes
 * `max_tokens`; `seed` becomes `random_seed`; `stream_options` is removed (streams always end
 * with a usage chunk). Answers keep Mistral's own ids, which are valid as they are.
 * @see https://docs.mistral.ai/api/#tag/chat/operation/chat_completion_v1_chat_completions_post
 */
export function patchMistralRequest(body: Record<string, unknown>, _call?: GenerationCall): void {
  rewriteToolCallIds(body['messages']);
  renameMaxCompletionTokens(body);
  if ('seed' in body) {
    if (body['random_seed'] === undefined) body['random_seed'] = body['seed'];
    delete body['seed'];
  }
  delete body['stream_options'];
}

/** Mistral AI's chat API (La Plateforme). @see https://docs.mistral.ai/api/ */
export const mistralAdapter = defineOpenAiCompatibleAdapter({
  type: 'mistral',
  displayName: 'Mistral AI',
  defaultBaseUrl: 'https://api.mistral.ai/v1',
  environment: { apiKey: 'MISTRAL_API_KEY' },
  hooks: { patchRequest: patchMistralRequest },
});
