import type { IrFinishReasonValue } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import type { OpenAiChatFinishReason } from './openai-chat-finish-reason.js';
import { irFinishReasonToOpenAiChat, openAiChatFinishReasonToIr } from './openai-chat-finish-reason.js';

describe('openai-chat finish reasons', () => {
  const wire: Array<[OpenAiChatFinishReason, IrFinishReasonValue]> = [
    ['stop', 'stop'],
    ['length', 'length'],
    ['tool_calls', 'tool-calls'],
    ['content_filter', 'content-filter'],
    ['function_call', 'tool-calls'],
  ];
  it.each(wire)('%s -> %s', (raw, unified) => {
    expect(openAiChatFinishReasonToIr(raw)).toEqual({ unified, raw });
  });

  const ir: Array<[IrFinishReasonValue, OpenAiChatFinishReason]> = [
    ['stop', 'stop'],
    ['length', 'length'],
    ['tool-calls', 'tool_calls'],
    ['content-filter', 'content_filter'],
    ['refusal', 'content_filter'],
    ['pause', 'stop'],
    ['error', 'stop'],
    ['other', 'stop'],
  ];
  it.each(ir)('IR %s -> %s', (unified, expected) => {
    expect(irFinishReasonToOpenAiChat({ unified, raw: null })).toBe(expected);
  });

  it('reads compatible-server values and missing reasons', () => {
    expect(openAiChatFinishReasonToIr('model_length')).toEqual({ unified: 'length', raw: 'model_length' });
    expect(openAiChatFinishReasonToIr('insufficient_system_resource')).toEqual({
      unified: 'error',
      raw: 'insufficient_system_resource',
    });
    expect(openAiChatFinishReasonToIr('something_new')).toEqual({ unified: 'other', raw: 'something_new' });
    expect(openAiChatFinishReasonToIr(null)).toEqual({ unified: 'other', raw: null });
    expect(openAiChatFinishReasonToIr('toString')).toEqual({ unified: 'other', raw: 'toString' });
  });
});
