import { describe, expect, it } from 'vitest';
import { patched, testCall, testSettings } from '../openai-compatible/provider-settings.test-support.js';
import { groqAdapter } from './groq-adapter.js';

describe('groq adapter', () => {
  it('posts chat completions to https://api.groq.com/openai/v1 with a Bearer key', () => {
    const endpoint = groqAdapter.generation(testCall(groqAdapter));
    expect(endpoint.url).toBe('https://api.groq.com/openai/v1/chat/completions');
    expect(endpoint.headers).toMatchObject({ authorization: 'Bearer test-key', 'content-type': 'application/json' });
  });

  it('lists models at /models and registers from GROQ_API_KEY', () => {
    expect(groqAdapter.models?.endpoint(testSettings(groqAdapter)).url).toBe('https://api.groq.com/openai/v1/models');
    expect(groqAdapter.environment?.apiKey).toBe('GROQ_API_KEY');
  });

  it('sends the chat body unchanged (max_completion_tokens is documented)', () => {
    const body = patched(groqAdapter, {
      model: 'm',
      max_completion_tokens: 64,
      stream_options: { include_usage: true },
    });
    expect(body).toEqual({ model: 'm', max_completion_tokens: 64, stream_options: { include_usage: true } });
  });

  it('drops logit_bias and message names, which Groq refuses, and reports each as a warning', () => {
    const body = {
      model: 'm',
      logit_bias: { '50256': -100 },
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', name: 'ada', content: 'Hi' },
      ],
    };
    const named = body.messages[1];
    const warnings = groqAdapter.hooks?.patchRequest?.(body, testCall(groqAdapter));
    expect(named).toEqual({ role: 'user', name: 'ada', content: 'Hi' });
    expect(body).toEqual({
      model: 'm',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
    });
    expect(warnings).toEqual([
      { kind: 'dropped', field: 'logit_bias', message: 'Groq does not accept logit_bias.' },
      { kind: 'dropped', field: 'messages[1].name', message: 'Groq does not accept message names.' },
    ]);
  });
});
