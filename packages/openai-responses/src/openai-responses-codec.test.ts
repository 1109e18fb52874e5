import { describe, expect, it } from 'vitest';
import { openAiResponsesCodec } from './openai-responses-codec.js';
import { openAiResponsesEchoFromRequest } from './openai-responses-echo.js';
import { openAiResponsesModel, openAiResponsesModelList } from './openai-responses-model-list.js';

describe('openAiResponsesCodec', () => {
  it('is the openai-responses style and wires every direction', () => {
    expect(openAiResponsesCodec.id).toBe('openai-responses');
    const { value: ir } = openAiResponsesCodec.request.toIr({ model: 'm', input: 'hi', stream: true });
    expect(openAiResponsesCodec.request.fromIr(ir).value).toEqual({
      model: 'm',
      input: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    const encoder = openAiResponsesCodec.stream.createEncoder({ model: 'alias' });
    const out = encoder.push({ type: 'response-start', id: 'resp_1', model: 'up', created: 1 });
    expect(out.map((m) => m.event)).toEqual(['response.created', 'response.in_progress']);
    expect(openAiResponsesCodec.stream.createDecoder().push(out[0]!)).toEqual([
      { type: 'response-start', id: 'resp_1', model: 'alias', created: 1 },
    ]);
    expect(openAiResponsesCodec.error.fromIr({ kind: 'rate-limit', message: 'x' }).status).toBe(429);
  });
});

describe('openAiResponsesModelList', () => {
  it('writes the OpenAI list shape', () => {
    const model = { id: 'gpt-5', ownedBy: 'openai', created: 1700000000, displayName: 'GPT-5' };
    expect(openAiResponsesModelList([model])).toEqual({
      object: 'list',
      data: [{ id: 'gpt-5', object: 'model', created: 1700000000, owned_by: 'openai' }],
    });
    expect(openAiResponsesModel(model)).toEqual({
      id: 'gpt-5',
      object: 'model',
      created: 1700000000,
      owned_by: 'openai',
    });
  });
});

describe('openAiResponsesEchoFromRequest', () => {
  it('picks the echoed fields that fit a response object', () => {
    expect(
      openAiResponsesEchoFromRequest({
        model: 'm',
        input: 'x',
        instructions: 'sys',
        temperature: 0.2,
        store: false,
        truncation: 'bogus',
        tools: [{ type: 'web_search' }],
      }),
    ).toEqual({ instructions: 'sys', temperature: 0.2, store: false, tools: [{ type: 'web_search' }] });
  });
});
