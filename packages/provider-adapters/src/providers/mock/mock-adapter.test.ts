import type { IrRequest } from '@interlingua/ir';
import { accumulateResponse } from '@interlingua/ir-utils';
import { describe, expect, it } from 'vitest';
import { mockEvents } from './mock-adapter.js';

const base: IrRequest = {
  model: 'mock',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hello there' }] }],
  sampling: {},
  stream: false,
};

function answer(request: IrRequest) {
  return accumulateResponse(mockEvents(request).flat());
}

describe('mock provider', () => {
  it('echoes the last user text', () => {
    const response = answer(base);
    expect(response.choices[0]?.content).toEqual([{ type: 'text', text: 'You said: hello there' }]);
    expect(response.choices[0]?.finishReason.unified).toBe('stop');
    expect(response.usage?.totalTokens).toBe((response.usage?.inputTokens ?? 0) + (response.usage?.outputTokens ?? 0));
  });

  it('calls the first tool with arguments built from its schema', () => {
    const response = answer({
      ...base,
      tools: [
        {
          name: 'lookup',
          parameters: {
            type: 'object',
            properties: { city: { type: 'string' }, days: { type: 'integer' } },
            required: ['city', 'days'],
          },
        },
      ],
    });
    const call = response.choices[0]?.content[0];
    expect(call).toMatchObject({ type: 'tool-call', name: 'lookup', argumentsJson: '{"city":"mock","days":1}' });
    expect(response.choices[0]?.finishReason.unified).toBe('tool-calls');
  });

  it('reports tool results on the next turn', () => {
    const response = answer({
      ...base,
      tools: [{ name: 'lookup' }],
      messages: [
        ...base.messages,
        {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId: 'c1', toolName: 'lookup', content: [{ type: 'text', text: 'sunny' }] },
          ],
        },
      ],
    });
    expect(response.choices[0]?.content).toEqual([{ type: 'text', text: 'Tool lookup returned: sunny' }]);
  });

  it('stops at maxOutputTokens with a length finish, and reasons when asked', () => {
    const response = answer({ ...base, maxOutputTokens: 2, reasoning: { effort: 'low' } });
    expect(response.choices[0]?.content[0]?.type).toBe('reasoning');
    expect(response.choices[0]?.content[1]).toEqual({ type: 'text', text: 'You said: ' });
    expect(response.choices[0]?.finishReason.unified).toBe('length');
  });
});
