import { describe, expect, it } from 'vitest';
import { streamedTextChars } from './streamed-text.js';

describe('streamedTextChars', () => {
  it('counts the text values of each style, in strings and in bytes alike', () => {
    const chat = 'data: {"choices":[{"delta":{"content":"héllo \\"you\\" \\u00e9"},"finish_reason":null}]}\n\n';
    expect(streamedTextChars(chat, 'openai-chat')).toBe('héllo "you" é'.length);
    expect(streamedTextChars(Buffer.from(chat), 'openai-chat')).toBe('héllo "you" é'.length);
    expect(streamedTextChars('data: {"choices":[{"delta":{"role":"assistant","content":null}}]}\n\n', 'openai-chat')).toBe(0);
    expect(streamedTextChars('event: content_block_delta\ndata: {"delta":{"type":"text_delta","text" : "abc"}}\n\n', 'anthropic-messages')).toBe(3);
    expect(streamedTextChars('data: {"candidates":[{"content":{"parts":[{"text": "four"}]}}]}\r\n\r\n', 'gemini')).toBe(4);
  });

  it('leaves out what repeats the text (Responses `…done` events) and keep-alives', () => {
    const events = 'event: response.output_text.delta\ndata: {"delta":"ab"}\n\nevent: response.output_text.done\ndata: {"text":"ab"}\n\n: keep-alive\n\n';
    expect(streamedTextChars(events, 'openai-responses')).toBe(2);
  });
});
