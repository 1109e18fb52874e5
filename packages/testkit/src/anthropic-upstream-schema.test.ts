import { describe, expect, it } from 'vitest';
import {
  anthropicUpstreamCountTokensRequestSchema,
  anthropicUpstreamRequestSchema,
} from './anthropic-upstream-schema.js';

const call = { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'f', input: {} }] };
const result = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' }] };

function body(messages: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model: 'claude', max_tokens: 2048, messages, ...extra };
}

describe('anthropicUpstreamRequestSchema (from the Messages API docs)', () => {
  it('accepts a tool round trip and unknown top-level fields', () => {
    expect(
      anthropicUpstreamRequestSchema.safeParse(
        body([{ role: 'user', content: 'q' }, call, result], { context_management: {} }),
      ).success,
    ).toBe(true);
  });

  it.each([
    ['a tool_use without its result', [{ role: 'user', content: 'q' }, call, { role: 'user', content: 'next' }]],
    ['a result for no call', [{ role: 'user', content: 'q' }, result]],
    [
      'text before the tool_result',
      [
        { role: 'user', content: 'q' },
        call,
        { role: 'user', content: [{ type: 'text', text: 'hi' }, ...result.content] },
      ],
    ],
    ['an empty text block', [{ role: 'user', content: [{ type: 'text', text: '' }] }]],
    [
      'a thinking block without signature',
      [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: [{ type: 'thinking', thinking: 't', signature: '' }] },
      ],
    ],
    [
      'a tool name longer than 64',
      [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'x'.repeat(65), input: {} }] },
      ],
    ],
  ])('rejects %s', (_case, messages) => {
    expect(anthropicUpstreamRequestSchema.safeParse(body(messages)).success).toBe(false);
  });

  it('with thinking on, wants the last tool turn to start with its thinking block, and budget below max_tokens', () => {
    const thinking = { thinking: { type: 'enabled', budget_tokens: 1024 } };
    expect(
      anthropicUpstreamRequestSchema.safeParse(body([{ role: 'user', content: 'q' }, call, result], thinking)).success,
    ).toBe(false);
    const signed = {
      role: 'assistant',
      content: [{ type: 'thinking', thinking: 't', signature: 'sig' }, ...call.content],
    };
    expect(
      anthropicUpstreamRequestSchema.safeParse(body([{ role: 'user', content: 'q' }, signed, result], thinking))
        .success,
    ).toBe(true);
    expect(
      anthropicUpstreamRequestSchema.safeParse(
        body([{ role: 'user', content: 'q' }], { ...thinking, max_tokens: 1024 }),
      ).success,
    ).toBe(false);
  });

  it('count_tokens bodies carry neither max_tokens nor stream', () => {
    expect(
      anthropicUpstreamCountTokensRequestSchema.safeParse({
        model: 'claude',
        messages: [{ role: 'user', content: 'q' }],
      }).success,
    ).toBe(true);
    expect(
      anthropicUpstreamCountTokensRequestSchema.safeParse({
        model: 'claude',
        max_tokens: 5,
        messages: [{ role: 'user', content: 'q' }],
      }).success,
    ).toBe(false);
  });
});
