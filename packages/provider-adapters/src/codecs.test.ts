import { describe, expect, it } from 'vitest';
import { codecFor } from './codecs.js';

const agentTurns = {
  'openai-chat': { model: 'm', messages: [{ role: 'user', content: 'Hi' }] },
  'openai-responses': { model: 'm', input: [{ role: 'user', content: 'Hi' }] },
  'anthropic-messages': { model: 'm', max_tokens: 16, messages: [{ role: 'user', content: 'Hi' }] },
} as const;

describe('codecFor', () => {
  it.each(Object.entries(agentTurns))(
    'gives the %s codec its fast request reader, which reads an agent turn as the schema does',
    (style, body) => {
      const codec = codecFor(style as keyof typeof agentTurns);
      const plain = codec.request.readPlain?.(body);
      expect(plain).toBeDefined();
      expect(plain).toEqual(codec.request.toIr(body).value);
    },
  );

  it('gives every codec the answer usage reader, and Gemini no fast request reader', () => {
    for (const style of ['openai-chat', 'openai-responses', 'anthropic-messages', 'gemini'] as const)
      expect(codecFor(style).response.usage).toBeTypeOf('function');
    expect(codecFor('gemini').request.readPlain).toBeUndefined();
  });
});
