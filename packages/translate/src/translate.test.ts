import { listRecordings, recordingJson, recordingSseBody } from '@interlingua/testkit';
import {
  anthropicMessagesStrictResponseSchema,
  anthropicMessagesStrictStreamEventSchema,
} from '@interlingua/anthropic-messages';
import { openAiChatStrictChunkSchema, openAiChatStrictResponseSchema } from '@interlingua/openai-chat';
import { parseSseText } from '@interlingua/ir-utils';
import { describe, expect, it } from 'vitest';
import {
  createStreamTranslator,
  translateError,
  translateRequest,
  translateResponse,
  translateStream,
} from './translate.js';

describe('translateRequest', () => {
  it('turns an Anthropic Messages body into an OpenAI chat body, system hoisted into a message', () => {
    const { value, warnings } = translateRequest(
      {
        model: 'claude-x',
        max_tokens: 100,
        system: 'Be brief.',
        messages: [{ role: 'user', content: 'Hi' }],
        top_k: 5,
      },
      'anthropic-messages',
      'openai-chat',
    );
    expect(value).toMatchObject({
      model: 'claude-x',
      messages: [{ role: 'system' }, { role: 'user' }],
      max_completion_tokens: 100,
    });
    expect(warnings.some((w) => w.field.includes('topK') || w.field.includes('top_k'))).toBe(true);
  });

  it('takes the model from the options for a Gemini target and source', () => {
    const gemini = translateRequest(
      { model: 'gpt', messages: [{ role: 'user', content: 'Hi' }] },
      'openai-chat',
      'gemini',
    ).value as Record<string, unknown>;
    expect(gemini.model).toBeUndefined();
    expect(gemini.contents).toEqual([{ role: 'user', parts: [{ text: 'Hi' }] }]);
    const chat = translateRequest(gemini, 'gemini', 'openai-chat', { model: 'gpt-4.1', stream: true }).value;
    expect(chat).toMatchObject({ model: 'gpt-4.1', stream: true });
  });
});

describe('translateResponse and translateError', () => {
  it('turns every recorded chat answer into a valid Anthropic Message', () => {
    for (const recording of listRecordings('openai-chat', (row) => !row.streaming && row.http_status === 200)) {
      const { value } = translateResponse(recordingJson(recording), 'openai-chat', 'anthropic-messages');
      expect(anthropicMessagesStrictResponseSchema.safeParse(value).success, recording.file).toBe(true);
    }
  });

  it('turns every recorded Anthropic answer into a valid chat completion', () => {
    for (const recording of listRecordings('anthropic-messages', (row) => !row.streaming && row.http_status === 200)) {
      const { value } = translateResponse(recordingJson(recording), 'anthropic-messages', 'openai-chat');
      expect(openAiChatStrictResponseSchema.safeParse(value).success, recording.file).toBe(true);
    }
  });

  it('maps an OpenAI 429 to an Anthropic rate_limit_error', () => {
    const out = translateError(
      429,
      { error: { message: 'slow down', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
      'openai-chat',
      'anthropic-messages',
    );
    expect(out.status).toBe(429);
    expect(out.body).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
  });

  it("gives OpenAI callers OpenAI's own code for an Anthropic or Gemini 429, never the other style's type or status", () => {
    const anthropic429 = {
      type: 'error',
      error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' },
    };
    const gemini429 = { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } };
    for (const [body, from] of [
      [anthropic429, 'anthropic-messages'],
      [gemini429, 'gemini'],
    ] as const) {
      for (const to of ['openai-chat', 'openai-responses'] as const) {
        const out = translateError(429, body, from, to);
        expect(out.status).toBe(429);
        expect(out.body).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
      }
    }
  });

  it('keeps a real Anthropic error code (details.error_code) for OpenAI callers', () => {
    const body = {
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: 'tools: names must be unique',
        details: { error_code: 'tool_name_conflict' },
      },
    };
    expect(translateError(400, body, 'anthropic-messages', 'openai-chat').body).toMatchObject({
      error: { code: 'tool_name_conflict' },
    });
  });
});

describe('stream translation', () => {
  it('turns a recorded Anthropic stream into valid chat chunks, split anywhere', () => {
    const recording = listRecordings('anthropic-messages', (row) => row.streaming)[0]!;
    const body = new TextEncoder().encode(recordingSseBody(recording));
    const translator = createStreamTranslator('anthropic-messages', 'openai-chat');
    let text = '';
    for (let i = 0; i < body.length; i += 7) text += translator.push(body.subarray(i, i + 7)).join('');
    text += translator.end().join('');
    const messages = parseSseText(text);
    expect(messages.at(-1)?.data).toBe('[DONE]');
    for (const message of messages.slice(0, -1))
      expect(openAiChatStrictChunkSchema.safeParse(JSON.parse(message.data)).success).toBe(true);
  });

  it('works as a web TransformStream from chat to Anthropic', async () => {
    const recording = listRecordings('openai-chat', (row) => row.streaming)[0]!;
    const source = new Response(recordingSseBody(recording)).body!;
    const reader = source.pipeThrough(translateStream('openai-chat', 'anthropic-messages')).getReader();
    let text = '';
    for (let next = await reader.read(); !next.done; next = await reader.read()) text += next.value;
    const events = parseSseText(text);
    expect(events[0]?.event).toBe('message_start');
    expect(events.at(-1)?.event).toBe('message_stop');
    for (const event of events)
      expect(anthropicMessagesStrictStreamEventSchema.safeParse(JSON.parse(event.data)).success, event.data).toBe(true);
  });
});
