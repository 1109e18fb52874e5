import { describe, expect, it } from 'vitest';
import { endsStream, holdsData } from './stream-terminal.js';

const event = (text: string): Buffer => Buffer.from(text);

describe('endsStream', () => {
  it.each([
    ['openai-chat', 'data: [DONE]\n\n'],
    ['openai-chat', 'data: {"error":{"message":"overloaded"}}\n\n'],
    ['anthropic-messages', 'event: message_stop\ndata: {"type":"message_stop"}\n\n'],
    ['anthropic-messages', 'data: {"type":"message_stop"}\n\n'],
    [
      'anthropic-messages',
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"x"}}\n\n',
    ],
    ['openai-responses', 'event: response.completed\ndata: {"type":"response.completed"}\n\n'],
    ['openai-responses', 'event: response.incomplete\ndata: {}\n\n'],
    ['openai-responses', 'event: response.failed\ndata: {}\n\n'],
    ['gemini', 'data: {"candidates": [{"content": {"parts": [{"text": "."}]},"finishReason": "STOP"}]}\r\n\r\n'],
    ['gemini', 'data: {"promptFeedback":{"blockReason":"SAFETY"}}\n\n'],
  ] as const)('%s: %j ends the stream', (wire, text) => {
    expect(endsStream(wire, event(text))).toBe(true);
  });

  it.each([
    ['openai-chat', 'data: {"choices":[{"delta":{},"finish_reason":"stop"}]}\n\n'],
    [
      'anthropic-messages',
      'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"}}\n\n',
    ],
    ['anthropic-messages', 'event: ping\ndata: {"type":"ping"}\n\n'],
    [
      'openai-responses',
      'event: response.output_text.done\ndata: {"type":"response.output_text.done","text":"response.completed"}\n\n',
    ],
    ['gemini', 'data: {"candidates": [{"content": {"parts": [{"text": "Paris"}]}}]}\n\n'],
  ] as const)('%s: %j does not', (wire, text) => {
    expect(endsStream(wire, event(text))).toBe(false);
  });

  it('an empty stream does not end properly', () => {
    expect(endsStream('openai-chat', undefined)).toBe(false);
  });
});

describe('holdsData', () => {
  it('tells events from comments, and a trailing [DONE] of a style with its own end event from content', () => {
    expect(holdsData(event(': keep-alive\n\n'), 'anthropic-messages')).toBe(false);
    expect(holdsData(event('event: ping\ndata: {}\n\n'), 'anthropic-messages')).toBe(true);
    expect(holdsData(event('data: [DONE]\n\n'), 'openai-responses')).toBe(false);
    expect(holdsData(event('data: [DONE]\n\n'), 'openai-chat')).toBe(true);
  });

  it('reads an event that starts with its data field without searching, and searches any other', () => {
    expect(holdsData(event('data: {"choices":[]}\n\n'), 'openai-chat')).toBe(true);
    expect(holdsData(event('data: {"type":"ping"}\n\n'), 'anthropic-messages')).toBe(true);
    expect(holdsData(event('data: [DONE]\n\n'), 'anthropic-messages')).toBe(false);
    expect(holdsData(event('id: 7\ndata: {}\n\n'), 'openai-chat')).toBe(true);
    expect(holdsData(event(':data: not a field\n\n'), 'openai-chat')).toBe(false);
    expect(holdsData(event('event: ping\n\n'), 'anthropic-messages')).toBe(false);
    expect(holdsData(event('dat'), 'openai-chat')).toBe(false);
  });
});
