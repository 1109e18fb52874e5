import { describe, expect, it } from 'vitest';
import { maxTokensHooks, renameMaxCompletionTokens } from './openai-compatible-hooks.js';

describe('renameMaxCompletionTokens', () => {
  it('moves max_completion_tokens to max_tokens', () => {
    const body: Record<string, unknown> = { model: 'm', max_completion_tokens: 64 };
    renameMaxCompletionTokens(body);
    expect(body).toEqual({ model: 'm', max_tokens: 64 });
  });

  it('keeps an explicit max_tokens and drops the other field', () => {
    const body: Record<string, unknown> = { max_tokens: 10, max_completion_tokens: 64 };
    renameMaxCompletionTokens(body);
    expect(body).toEqual({ max_tokens: 10 });
  });

  it('leaves a body without either field alone', () => {
    const body: Record<string, unknown> = { model: 'm' };
    renameMaxCompletionTokens(body);
    expect(maxTokensHooks.patchRequest).toBeTypeOf('function');
    expect(body).toEqual({ model: 'm' });
  });

  it('drops a null limit without inventing max_tokens', () => {
    const body: Record<string, unknown> = { max_completion_tokens: null };
    renameMaxCompletionTokens(body);
    expect(body).toEqual({});
  });
});
