import { openAiChatUpstreamRequestSchema } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { codecFor } from '../../codecs.js';
import { patched, testCall } from '../openai-compatible/provider-settings.test-support.js';
import { mistralAdapter } from './mistral-adapter.js';
import { toMistralToolCallId } from './mistral-tool-call-id.js';

const VALID_ID = /^[A-Za-z0-9]{9}$/;

describe('mistral adapter', () => {
  it('posts to La Plateforme with a Bearer key', () => {
    const endpoint = mistralAdapter.generation(testCall(mistralAdapter));
    expect(endpoint.url).toBe('https://api.mistral.ai/v1/chat/completions');
    expect(endpoint.headers['authorization']).toBe('Bearer test-key');
    expect(mistralAdapter.environment?.apiKey).toBe('MISTRAL_API_KEY');
  });

  it('rewrites every tool-call id to 9 alphanumeric characters, keeping calls and results paired', () => {
    const body = patched(mistralAdapter, {
      messages: [
        { role: 'user', content: 'Weather in Paris and Rome?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_9fKx2mZq8LwT1aBcD3eF4gH5',
              type: 'function',
              function: { name: 'weather', arguments: '{"city":"Paris"}' },
            },
            {
              id: 'toolu_01A09q90qw90lq917835lq9',
              type: 'function',
              function: { name: 'weather', arguments: '{"city":"Rome"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_9fKx2mZq8LwT1aBcD3eF4gH5', content: 'sunny' },
        { role: 'tool', tool_call_id: 'toolu_01A09q90qw90lq917835lq9', content: 'rain' },
      ],
    });
    const messages = body['messages'] as Array<{ tool_calls?: Array<{ id: string }>; tool_call_id?: string }>;
    const ids = messages[1]?.tool_calls?.map((call) => call.id) ?? [];
    expect(ids).toEqual([
      toMistralToolCallId('call_9fKx2mZq8LwT1aBcD3eF4gH5'),
      toMistralToolCallId('toolu_01A09q90qw90lq917835lq9'),
    ]);
    for (const id of ids) expect(id).toMatch(VALID_ID);
    expect([messages[2]?.tool_call_id, messages[3]?.tool_call_id]).toEqual(ids);
  });

  it('keeps Mistral’s own ids when the caller sends them back', () => {
    const body = patched(mistralAdapter, { messages: [{ role: 'tool', tool_call_id: 'D681PevKs', content: 'ok' }] });
    expect(body['messages']).toEqual([{ role: 'tool', tool_call_id: 'D681PevKs', content: 'ok' }]);
  });

  it('sends max_tokens and random_seed, and no stream_options', () => {
    const body = patched(mistralAdapter, {
      model: 'mistral-small-latest',
      max_completion_tokens: 64,
      seed: 7,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(body).toEqual({ model: 'mistral-small-latest', max_tokens: 64, random_seed: 7, stream: true });
  });

  it('patches the chat codec’s encoding: still valid chat, no field Mistral rejects, ids mapped', () => {
    const encoded = codecFor('openai-chat').request.fromIr({
      model: 'mistral-small-latest',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', id: 'toolu_01XYZ', name: 'weather', argumentsJson: '{}' }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'toolu_01XYZ',
              toolName: 'weather',
              content: [{ type: 'text', text: 'sunny' }],
            },
          ],
        },
      ],
      sampling: { seed: 1 },
      maxOutputTokens: 32,
      stream: true,
    });
    const body = patched(mistralAdapter, encoded.value as Record<string, unknown>);
    expect(openAiChatUpstreamRequestSchema.safeParse(body).success).toBe(true);
    expect(body).not.toHaveProperty('stream_options');
    expect(body).not.toHaveProperty('max_completion_tokens');
    expect(JSON.stringify(body)).not.toContain('toolu_01XYZ');
    expect(JSON.stringify(body)).toContain(toMistralToolCallId('toolu_01XYZ'));
  });
});
