import { describe, expect, it } from 'vitest';
import { compactionSummaryRequest, conversationTranscript } from './compaction-transcript.js';
import { compactUrl } from './responses-compaction.js';

describe('compaction helpers', () => {
  it('derives the compaction endpoint from a Responses endpoint', () => {
    expect(compactUrl('https://api.openai.com/v1/responses')).toBe('https://api.openai.com/v1/responses/compact');
    expect(compactUrl('https://r.openai.azure.com/openai/v1/responses/')).toBe(
      'https://r.openai.azure.com/openai/v1/responses/compact',
    );
    expect(compactUrl('http://127.0.0.1:9/v1/responses?x=1')).toBe('http://127.0.0.1:9/v1/responses/compact?x=1');
  });

  it('renders the conversation as a transcript, tool calls and results included', () => {
    const transcript = conversationTranscript([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'weather?' },
          { type: 'file', mediaType: 'image/png', source: { kind: 'url', url: 'http://x/a.png' } },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: '' },
          { type: 'tool-call', id: 'c1', name: 'get_weather', argumentsJson: '{"city":"Paris"}' },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'get_weather',
            content: [{ type: 'text', text: 'sunny' }],
          },
        ],
      },
    ]);
    expect(transcript).toBe(
      'USER:\nweather?\n[image/png]\n\nASSISTANT:\n[called tool get_weather (call c1) with arguments {"city":"Paris"}]\n\nTOOL:\n[result of tool get_weather: sunny]',
    );
  });

  it('asks for the summary in a request without tools', () => {
    const request = compactionSummaryRequest({
      model: 'm',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      tools: [{ name: 't' }],
      sampling: { temperature: 2 },
      stream: true,
    });
    expect(request).toMatchObject({ model: 'm', stream: false, sampling: {} });
    expect(request.tools).toBeUndefined();
    expect(request.messages.map((m) => m.role)).toEqual(['system', 'user']);
  });
});
