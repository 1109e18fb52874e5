import { describe, expect, it } from 'vitest';
import { chatJsonWithCost, messagesWithCost } from './cost-in-answer.js';

describe('chatJsonWithCost', () => {
  it('adds usage.cost to a chunk holding a usage object, keeping the rest', () => {
    const chunk = JSON.stringify({ id: 'c', choices: [], usage: { prompt_tokens: 3, completion_tokens: 1 } });
    expect(JSON.parse(chatJsonWithCost(chunk, 0.25) ?? 'null')).toEqual({
      id: 'c',
      choices: [],
      usage: { prompt_tokens: 3, completion_tokens: 1, cost: 0.25 },
    });
  });

  it('leaves chunks without a usage object (null usage, none, not JSON)', () => {
    expect(chatJsonWithCost('{"choices":[],"usage":null}', 1)).toBeUndefined();
    expect(chatJsonWithCost('{"choices":[]}', 1)).toBeUndefined();
    expect(chatJsonWithCost('[DONE]', 1)).toBeUndefined();
  });
});

describe('messagesWithCost', () => {
  it('rewrites only the message holding usage; undefined when none does', () => {
    const messages = [{ data: '{"choices":[{}],"usage":null}' }, { data: '{"choices":[],"usage":{"total_tokens":4}}' }];
    const priced = messagesWithCost(messages, 0.5);
    expect(priced?.[0]).toBe(messages[0]);
    expect(JSON.parse(priced?.[1]?.data ?? 'null')).toMatchObject({ usage: { total_tokens: 4, cost: 0.5 } });
    expect(messagesWithCost([{ data: '[DONE]' }], 0.5)).toBeUndefined();
  });
});
