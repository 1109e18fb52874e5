import { describe, expect, it } from 'vitest';
import { inputItemsPage, inputItemsWithIds } from './response-input-items.js';

describe('input items', () => {
  it('gives every input item its listed shape and an id', () => {
    expect(inputItemsWithIds('hi', 'resp_ilg_abc')).toEqual([
      {
        id: 'msg_ilg_abc_in0',
        type: 'message',
        role: 'user',
        status: 'completed',
        content: [{ type: 'input_text', text: 'hi' }],
      },
    ]);
    const items = inputItemsWithIds(
      [
        { role: 'assistant', content: 'before' },
        { type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}', id: 'fc_own' },
        { type: 'function_call_output', call_id: 'c1', output: 'ok' },
      ],
      'resp_ilg_abc',
    );
    expect(items).toEqual([
      {
        id: 'msg_ilg_abc_in0',
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'before', annotations: [], logprobs: [] }],
      },
      { id: 'fc_own', type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' },
      { id: 'fco_ilg_abc_in2', type: 'function_call_output', call_id: 'c1', output: 'ok', status: 'completed' },
    ]);
  });

  it('pages newest first by default, with after, limit and has_more', () => {
    const items = ['a', 'b', 'c'].map((id) => ({ id }));
    expect(inputItemsPage(items, new URLSearchParams())).toEqual({
      object: 'list',
      data: [{ id: 'c' }, { id: 'b' }, { id: 'a' }],
      first_id: 'c',
      last_id: 'a',
      has_more: false,
    });
    expect(inputItemsPage(items, new URLSearchParams('order=asc&limit=2'))).toMatchObject({
      data: [{ id: 'a' }, { id: 'b' }],
      has_more: true,
    });
    expect(inputItemsPage(items, new URLSearchParams('order=asc&limit=2&after=b'))).toMatchObject({
      data: [{ id: 'c' }],
      has_more: false,
    });
    expect(() => inputItemsPage(items, new URLSearchParams('limit=0'))).toThrow(/limit/);
    expect(() => inputItemsPage(items, new URLSearchParams('after=zzz'))).toThrow(/after/);
  });
});
