import { describe, expect, it } from 'vitest';
import { OPENAI_CHAT_BODY_FIELDS } from './openai-chat-wire-fields.js';

describe('the Chat Completions body fields a server reads without decoding', () => {
  it('reads an image_url given as a string or as an object with a url', () => {
    const url = 'https://example.com/a.png';
    const { partUrl } = OPENAI_CHAT_BODY_FIELDS;
    expect(partUrl({ type: 'image_url', image_url: url })).toEqual({ fields: ['image_url'], url });
    expect(partUrl({ type: 'image_url', image_url: { url } })).toEqual({ fields: ['image_url', 'url'], url });
    expect(partUrl({ type: 'image_url', image_url: { detail: 'low' } })).toBeUndefined();
  });

  it('requires a non-empty messages array', () => {
    const [messages] = OPENAI_CHAT_BODY_FIELDS.requiredFields;
    expect([messages.field, messages.holds([{}]), messages.holds([])]).toEqual(['messages', true, false]);
  });
});
