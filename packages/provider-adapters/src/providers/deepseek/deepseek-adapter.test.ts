import type { IrRequest } from '@interlingua/ir';
import { openAiChatCodec } from '@interlingua/openai-chat';
import { describe, expect, it } from 'vitest';
import { patched, testCall } from '../openai-compatible/provider-settings.test-support.js';
import { deepSeekAdapter } from './deepseek-adapter.js';

describe('deepseek adapter', () => {
  it('posts to the documented base URL with a Bearer key', () => {
    const endpoint = deepSeekAdapter.generation(testCall(deepSeekAdapter));
    expect(endpoint.url).toBe('https://api.deepseek.com/chat/completions');
    expect(endpoint.headers['authorization']).toBe('Bearer test-key');
    expect(deepSeekAdapter.environment?.apiKey).toBe('DEEPSEEK_API_KEY');
  });

  it('sends max_tokens', () => {
    expect(patched(deepSeekAdapter, { model: 'deepseek-chat', max_completion_tokens: 100 })).toEqual({
      model: 'deepseek-chat',
      max_tokens: 100,
    });
  });

  it('turns reasoning_effort "none" into thinking disabled and passes other efforts through', () => {
    expect(patched(deepSeekAdapter, { reasoning_effort: 'none' })).toEqual({ thinking: { type: 'disabled' } });
    expect(patched(deepSeekAdapter, { reasoning_effort: 'high' })).toEqual({ reasoning_effort: 'high' });
    expect(patched(deepSeekAdapter, { reasoning_effort: 'none', thinking: { type: 'enabled' } })).toEqual({
      thinking: { type: 'enabled' },
    });
  });

  it('keeps reasoning_content in history (required after tool calls in thinking mode)', () => {
    const messages = [
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: null,
        reasoning_content: 'I should call the tool.',
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
    ];
    expect(patched(deepSeekAdapter, { messages })).toEqual({ messages });
  });
});

describe('deepseek reasoning from other styles', () => {
  it('sends earlier assistant reasoning back as reasoning_content', () => {
    const request: IrRequest = {
      model: 'deepseek-reasoner',
      sampling: {},
      stream: false,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
        {
          role: 'assistant',
          content: [
            {
              type: 'reasoning',
              text: 'I should call the tool.',
              opaque: { origin: 'anthropic', kind: 'signature', data: 'sig' },
            },
            { type: 'tool-call', id: 'call_1', name: 'weather', argumentsJson: '{}' },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_1',
              toolName: 'weather',
              content: [{ type: 'text', text: 'sunny' }],
            },
          ],
        },
      ],
    };
    const patchIr = deepSeekAdapter.hooks?.patchIr;
    expect(patchIr).toBeDefined();
    const body = openAiChatCodec.request.fromIr(patchIr!(request)).value as {
      messages: Array<Record<string, unknown>>;
    };
    expect(body.messages[1]).toMatchObject({ role: 'assistant', reasoning_content: 'I should call the tool.' });
    expect(openAiChatCodec.request.fromIr(request).value).not.toHaveProperty('messages.1.reasoning_content');
  });
});
