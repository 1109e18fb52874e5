import type { IrRequest } from '@interlingua/ir';
import { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { irToOpenAiChatRequest } from './ir-to-openai-chat-request.js';
import { openAiChatRequestToIr } from './openai-chat-request-to-ir.js';
import { openAiChatRequestSchema } from './openai-chat-request-schema.js';

const PNG = 'iVBORw0KGgo=';
const SCHEMA = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

/** A request using every documented field the codec maps, plus chat-only and unknown fields. */
const everyField = {
  model: 'gpt-4.1',
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'developer', content: [{ type: 'text', text: 'Use tools.' }], name: 'ops' },
    {
      role: 'user',
      name: 'ann',
      content: [
        { type: 'text', text: 'Look:' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}`, detail: 'high' } },
        { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
        { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
        { type: 'file', file: { file_id: 'file-abc' } },
        { type: 'file', file: { file_data: 'data:application/pdf;base64,JVBERi0=', filename: 'a.pdf' } },
      ],
    },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }],
      audio: { id: 'audio_1' },
    },
    { role: 'tool', tool_call_id: 'call_1', content: 'Sunny' },
    { role: 'assistant', content: 'It is sunny.', refusal: null },
    { role: 'user', content: 'Thanks' },
  ],
  tools: [
    {
      type: 'function',
      function: { name: 'weather', description: 'Weather by city', parameters: SCHEMA, strict: true },
    },
    { type: 'custom', custom: { name: 'shell', description: 'Run a command' } },
  ],
  tool_choice: 'required',
  parallel_tool_calls: false,
  response_format: {
    type: 'json_schema',
    json_schema: { name: 'answer', description: 'An answer', schema: SCHEMA, strict: true },
  },
  temperature: 0.2,
  top_p: 0.9,
  max_completion_tokens: 500,
  stop: ['END', 'STOP'],
  n: 2,
  seed: 42,
  presence_penalty: 0.1,
  frequency_penalty: 0.3,
  logprobs: true,
  top_logprobs: 3,
  logit_bias: { '50256': -100 },
  stream: true,
  stream_options: { include_usage: true, include_obfuscation: false },
  reasoning_effort: 'low',
  user: 'user-1',
  metadata: { team: 'a' },
  store: true,
  service_tier: 'flex',
  verbosity: 'low',
  web_search_options: { search_context_size: 'low' },
  some_vendor_field: { keep: true },
};

describe('openAiChatRequestToIr', () => {
  const { value: ir, warnings } = openAiChatRequestToIr(everyField);

  it('maps the documented fields onto the IR', () => {
    expect(warnings).toEqual([]);
    expect(ir).toMatchObject({
      model: 'gpt-4.1',
      tools: [{ name: 'weather', description: 'Weather by city', parameters: SCHEMA, strict: true }],
      toolChoice: { type: 'required' },
      parallelToolCalls: false,
      responseFormat: { type: 'json-schema', name: 'answer', description: 'An answer', schema: SCHEMA, strict: true },
      sampling: {
        temperature: 0.2,
        topP: 0.9,
        stopSequences: ['END', 'STOP'],
        seed: 42,
        presencePenalty: 0.1,
        frequencyPenalty: 0.3,
      },
      maxOutputTokens: 500,
      candidateCount: 2,
      reasoning: { effort: 'low' },
      stream: true,
      includeStreamUsage: true,
      user: 'user-1',
      metadata: { team: 'a' },
    });
  });

  it('keeps system/developer messages ordered and maps every part kind', () => {
    expect(ir.messages.map((m) => m.role)).toEqual([
      'system',
      'developer',
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
    ]);
    expect(ir.messages[1]).toEqual({ role: 'developer', name: 'ops', content: [{ type: 'text', text: 'Use tools.' }] });
    expect(ir.messages[2]?.content).toEqual([
      { type: 'text', text: 'Look:' },
      { type: 'file', mediaType: 'image/png', source: { kind: 'base64', data: PNG }, detail: 'high' },
      { type: 'file', mediaType: 'image/jpeg', source: { kind: 'url', url: 'https://example.com/cat.jpg' } },
      { type: 'file', mediaType: 'audio/wav', source: { kind: 'base64', data: 'UklGRg==' } },
      { type: 'file', source: { kind: 'file-id', fileId: 'file-abc' } },
      { type: 'file', mediaType: 'application/pdf', source: { kind: 'base64', data: 'JVBERi0=' }, filename: 'a.pdf' },
    ]);
    expect(ir.messages[4]).toEqual({
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'call_1', toolName: 'weather', content: [{ type: 'text', text: 'Sunny' }] },
      ],
    });
  });

  it('keeps chat-only and unknown fields in extensions', () => {
    expect(ir.extensions?.['openai-chat']).toEqual({
      logprobs: true,
      top_logprobs: 3,
      logit_bias: { '50256': -100 },
      store: true,
      service_tier: 'flex',
      verbosity: 'low',
      web_search_options: { search_context_size: 'low' },
      some_vendor_field: { keep: true },
      extraTools: [{ type: 'custom', custom: { name: 'shell', description: 'Run a command' } }],
      streamOptions: { include_obfuscation: false },
      messageFields: { '3': { audio: { id: 'audio_1' } } },
    });
  });

  it('round-trips chat -> IR -> chat keeping every field', () => {
    const { value: wire, warnings: back } = irToOpenAiChatRequest(ir);
    expect(back).toEqual([]);
    expect(openAiChatRequestSchema.safeParse(wire).success).toBe(true);
    const expected = structuredClone(everyField) as Record<string, unknown> & {
      messages: Array<Record<string, unknown>>;
    };
    // Equivalent normalisations: one text part is sent as a string, the refusal: null is dropped.
    expected.messages[1] = { role: 'developer', content: 'Use tools.', name: 'ops' };
    expected.messages[5] = { role: 'assistant', content: 'It is sunny.' };
    expect(wire).toEqual(expected);
  });

  it('uses the preceding assistant call to name a tool result, "" when unknown', () => {
    const { value } = openAiChatRequestToIr({
      model: 'm',
      messages: [{ role: 'tool', tool_call_id: 'nope', content: [{ type: 'text', text: 'x' }] }],
    });
    expect(value.messages[0]?.content[0]).toMatchObject({ type: 'tool-result', toolName: '', toolCallId: 'nope' });
  });

  it('reads max_tokens when max_completion_tokens is absent and sends it back the same way', () => {
    const { value } = openAiChatRequestToIr({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      max_tokens: 50,
      stop: 'END',
    });
    expect(value.maxOutputTokens).toBe(50);
    expect(value.sampling.stopSequences).toEqual(['END']);
    expect(irToOpenAiChatRequest(value).value).toEqual({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      max_tokens: 50,
      stop: ['END'],
    });
  });

  it('maps legacy functions and the function role, and sends them back in legacy form', () => {
    const wire = {
      model: 'm',
      messages: [
        { role: 'user', content: 'time?' },
        { role: 'assistant', content: null, function_call: { name: 'now', arguments: '{}' } },
        { role: 'function', name: 'now', content: '12:00' },
      ],
      functions: [{ name: 'now', description: 'Current time' }],
      function_call: 'auto',
    };
    const { value } = openAiChatRequestToIr(wire);
    expect(value.tools).toEqual([{ name: 'now', description: 'Current time' }]);
    expect(value.toolChoice).toEqual({ type: 'auto' });
    expect(value.messages[1]?.content).toEqual([
      { type: 'tool-call', id: 'call_legacy_1', name: 'now', argumentsJson: '{}' },
    ]);
    expect(value.messages[2]?.content).toEqual([
      { type: 'tool-result', toolCallId: 'call_legacy_1', toolName: 'now', content: [{ type: 'text', text: '12:00' }] },
    ]);
    expect(irToOpenAiChatRequest(value).value).toEqual(wire);
  });

  it('reads assistant reasoning_content and refusal parts, and keeps sending reasoning_content', () => {
    const wire = {
      model: 'm',
      messages: [
        { role: 'user', content: 'q' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'a' },
            { type: 'refusal', refusal: 'no' },
            { type: 'text', text: 'b' },
          ],
          reasoning_content: 'because',
        },
      ],
    };
    const { value } = openAiChatRequestToIr(wire);
    expect(value.messages[1]?.content).toEqual([
      { type: 'reasoning', text: 'because' },
      { type: 'text', text: 'a' },
      { type: 'refusal', text: 'no' },
      { type: 'text', text: 'b' },
    ]);
    expect(irToOpenAiChatRequest(value).value.messages[1]).toEqual(wire.messages[1]);
  });

  it('maps prompt_cache_breakpoint to an IR cache hint and back', () => {
    const wire = {
      model: 'm',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'long', prompt_cache_breakpoint: { mode: 'explicit' } }] },
      ],
    };
    const { value } = openAiChatRequestToIr(wire);
    expect(value.messages[0]?.content[0]).toEqual({ type: 'text', text: 'long', cacheControl: { type: 'ephemeral' } });
    expect(irToOpenAiChatRequest(value).value).toEqual(wire);
  });

  it('keeps a tool_choice the IR cannot express in extensions', () => {
    const choice = {
      type: 'allowed_tools',
      allowed_tools: { mode: 'auto', tools: [{ type: 'function', function: { name: 'a' } }] },
    };
    const wire = {
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      tools: [{ type: 'function', function: { name: 'a' } }],
      tool_choice: choice,
    };
    const { value } = openAiChatRequestToIr(wire);
    expect(value.toolChoice).toBeUndefined();
    expect(irToOpenAiChatRequest(value).value).toEqual(wire);
  });

  describe('invalid requests throw IrError naming the field', () => {
    const cases: Array<[string, unknown, string]> = [
      ['a bad role', { model: 'm', messages: [{ role: 'bogus', content: 'x' }] }, 'messages[0].role'],
      ['no model', { messages: [{ role: 'user', content: 'x' }] }, 'model'],
      ['no messages', { model: 'm', messages: [] }, 'messages'],
      [
        'an unknown part type',
        { model: 'm', messages: [{ role: 'user', content: [{ type: 'video', video: {} }] }] },
        'messages[0].content',
      ],
      [
        'a tool message without id',
        { model: 'm', messages: [{ role: 'tool', content: 'x' }] },
        'messages[0].tool_call_id',
      ],
      [
        'a bad temperature type',
        { model: 'm', messages: [{ role: 'user', content: 'x' }], temperature: 'hot' },
        'temperature',
      ],
      [
        'a function tool without name',
        { model: 'm', messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'function', function: {} }] },
        'tools[0]',
      ],
      [
        'a file part without data',
        { model: 'm', messages: [{ role: 'user', content: [{ type: 'file', file: {} }] }] },
        'messages[0].content[0].file',
      ],
      [
        'an unknown reasoning effort',
        { model: 'm', messages: [{ role: 'user', content: 'x' }], reasoning_effort: 'huge' },
        'reasoning_effort',
      ],
    ];
    it.each(cases)('%s', (_name, wire, path) => {
      let caught: unknown;
      try {
        openAiChatRequestToIr(wire);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(IrError);
      const data = (caught as IrError).data;
      expect(data.kind).toBe('invalid-request');
      expect(data.param?.startsWith(path)).toBe(true);
      expect(data.message.startsWith(`${path}`)).toBe(true);
      expect((caught as IrError).status).toBe(400);
    });
  });

  it('is the identity on a typical non-streaming request', () => {
    const wire = { model: 'm', messages: [{ role: 'user', content: 'x' }], temperature: 1 };
    const back: IrRequest = openAiChatRequestToIr(irToOpenAiChatRequest(openAiChatRequestToIr(wire).value).value).value;
    expect(back).toEqual(openAiChatRequestToIr(wire).value);
  });
});
