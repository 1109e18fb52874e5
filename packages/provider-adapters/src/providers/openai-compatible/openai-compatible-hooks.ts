import type { AdapterHooks } from '../../provider-adapter.js';

/**
 * Renames `max_completion_tokens` (what the chat codec sends, OpenAI's current name) to
 * `max_tokens` for servers that document only the older field and would otherwise ignore or
 * reject the limit. A `max_tokens` already in the body wins; `max_completion_tokens` is removed.
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-max_completion_tokens
 */
export function renameMaxCompletionTokens(body: Record<string, unknown>): void {
  if (!('max_completion_tokens' in body)) return;
  const limit = body['max_completion_tokens'];
  delete body['max_completion_tokens'];
  if (body['max_tokens'] === undefined && limit !== undefined && limit !== null) body['max_tokens'] = limit;
}

/** Hooks of a server whose only quirk is wanting `max_tokens` (see `renameMaxCompletionTokens`). */
export const maxTokensHooks: AdapterHooks = {
  patchRequest: (body) => renameMaxCompletionTokens(body),
};
