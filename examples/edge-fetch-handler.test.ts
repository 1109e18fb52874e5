import { loadRecording, recordingSseBody } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { createMessagesToChatHandler } from './edge-fetch-handler.mjs';

function upstreamAnswering(status: number, body: string, contentType: string): typeof fetch {
  return async () => new Response(body, { status, headers: { 'content-type': contentType } });
}

const request = (stream: boolean): Request =>
  new Request('https://edge.example/v1/messages', {
    method: 'POST',
    body: JSON.stringify({ model: 'gpt-4.1', max_tokens: 64, stream, messages: [{ role: 'user', content: 'Hi' }] }),
  });

describe('edge fetch handler example', () => {
  it('answers a Messages request from a chat upstream', async () => {
    const recording = loadRecording('openai-chat/01-text.json');
    const handler = createMessagesToChatHandler({
      upstreamBaseUrl: 'https://up.example/v1',
      upstreamKey: 'k',
      fetchImpl: upstreamAnswering(200, recording.body, 'application/json'),
    });
    const message = (await (await handler.fetch(request(false))).json()) as {
      type: string;
      content: Array<{ text: string }>;
    };
    expect(message.type).toBe('message');
    expect(message.content[0]?.text).toBe(recording.expect.text);
  });

  it('streams Anthropic events from a chat stream', async () => {
    const body = recordingSseBody(loadRecording('openai-chat/03-text-stream-after-tool.sse'));
    const handler = createMessagesToChatHandler({
      upstreamBaseUrl: 'https://up.example/v1',
      upstreamKey: 'k',
      fetchImpl: upstreamAnswering(200, body, 'text/event-stream'),
    });
    const text = await (await handler.fetch(request(true))).text();
    expect(text.startsWith('event: message_start')).toBe(true);
    expect(text.trimEnd().endsWith('data: {"type":"message_stop"}')).toBe(true);
  });

  it('turns an upstream error into an Anthropic error', async () => {
    const handler = createMessagesToChatHandler({
      upstreamBaseUrl: 'https://up.example/v1',
      upstreamKey: 'k',
      fetchImpl: upstreamAnswering(
        401,
        JSON.stringify({
          error: { message: 'bad key', type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
        }),
        'application/json',
      ),
    });
    const response = await handler.fetch(request(false));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
  });
});
