import { IrError } from '@interlingua/ir';
import { parseSseText } from '@interlingua/ir-utils';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createTranslator } from './core.js';
import {
  anthropicMessagesCodec,
  type AnthropicMessagesRequest,
  type AnthropicMessagesResponse,
} from './styles/anthropic-messages.js';
import { geminiCodec, type GeminiGenerateContentRequest } from './styles/gemini.js';
import { openAiChatCodec, type OpenAiChatRequest } from './styles/openai-chat.js';
import { openAiResponsesCodec, type OpenAiResponsesResponse } from './styles/openai-responses.js';
import { translateRequest, translateResponse } from './translate.js';

const chatAnswer = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4.1',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: 'Hello', refusal: null },
      finish_reason: 'stop',
      logprobs: null,
    },
  ],
  usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
};

describe('results typed by the target style', () => {
  it('types translateRequest and translateResponse by the target style', () => {
    const chat = translateRequest(
      { model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] },
      'anthropic-messages',
      'openai-chat',
    );
    expectTypeOf(chat.value).toEqualTypeOf<OpenAiChatRequest>();
    expect(chat.value.messages[0]).toMatchObject({ role: 'user' });
    const gemini = translateRequest(
      { model: 'm', messages: [{ role: 'user', content: 'Hi' }] },
      'openai-chat',
      'gemini',
    );
    expectTypeOf(gemini.value).toEqualTypeOf<GeminiGenerateContentRequest>();
    const message = translateResponse(chatAnswer, 'openai-chat', 'anthropic-messages');
    expectTypeOf(message.value).toEqualTypeOf<AnthropicMessagesResponse>();
    expect(message.value.content[0]).toMatchObject({ type: 'text', text: 'Hello' });
    expectTypeOf(
      translateResponse(chatAnswer, 'openai-chat', 'openai-responses').value,
    ).toEqualTypeOf<OpenAiResponsesResponse>();
  });
});

describe('createTranslator from codecs', () => {
  it('converts requests, answers, errors and streams between the two codecs it was given', () => {
    const toChat = createTranslator(anthropicMessagesCodec, openAiChatCodec);
    const request = toChat.request({
      model: 'm',
      max_tokens: 10,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expectTypeOf(request.value).toEqualTypeOf<OpenAiChatRequest>();
    expect(request.value.messages.map((m) => m.role)).toEqual(['system', 'user']);

    const toAnthropic = createTranslator(openAiChatCodec, anthropicMessagesCodec);
    expectTypeOf<ReturnType<typeof toAnthropic.request>['value']>().toEqualTypeOf<AnthropicMessagesRequest>();
    expect(toAnthropic.response(chatAnswer).value).toMatchObject({
      type: 'message',
      role: 'assistant',
      stop_reason: 'end_turn',
    });
    expect(
      toAnthropic.error(429, { error: { message: 'slow', type: 'requests', param: null, code: null } }),
    ).toMatchObject({ status: 429, body: { type: 'error', error: { type: 'rate_limit_error' } } });

    const machine = toAnthropic.streamMachine();
    const chunk = (delta: object, finish: string | null): string =>
      `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const text = [
      ...machine.push(chunk({ role: 'assistant', content: 'Hi' }, null) + chunk({}, 'stop')),
      ...machine.push('data: [DONE]\n\n'),
      ...machine.end(),
    ].join('');
    const events = parseSseText(text).map((message) => message.event);
    expect(events[0]).toBe('message_start');
    expect(events.filter((event) => event === 'message_start')).toHaveLength(1);
    expect(events).toContain('content_block_stop');
    expect(events.at(-1)).toBe('message_stop');
  });

  it('works with any pair, e.g. Gemini to OpenAI Responses', () => {
    const translator = createTranslator(geminiCodec, openAiResponsesCodec);
    const { value } = translator.request(
      { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
      { model: 'gpt-4.1' },
    );
    expect(value).toMatchObject({ model: 'gpt-4.1' });
  });
});

describe('a Gemini request has no model in its body', () => {
  const geminiBody = { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] };

  it('refuses to produce an empty model for a style that carries it in the body', () => {
    for (const to of ['openai-chat', 'openai-responses', 'anthropic-messages'] as const) {
      const attempt = (): unknown => translateRequest(geminiBody, 'gemini', to);
      expect(attempt).toThrow(IrError);
      expect(attempt).toThrow(/pass \{ model \}/);
      try {
        attempt();
      } catch (error) {
        expect((error as IrError).data).toMatchObject({ kind: 'invalid-request', param: 'model' });
      }
    }
  });

  it('uses the model from the options, and needs none for a Gemini target', () => {
    expect(translateRequest(geminiBody, 'gemini', 'openai-chat', { model: 'gpt-4.1' }).value.model).toBe('gpt-4.1');
    expect(translateRequest(geminiBody, 'gemini', 'gemini').value.contents).toEqual(geminiBody.contents);
  });
});
