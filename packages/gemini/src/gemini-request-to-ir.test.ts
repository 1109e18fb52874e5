import type { IrRequest } from '@interlingua/ir';
import { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { geminiCodec } from './index.js';

const SIG_A = 'CvABsignatureA==';
const SIG_B = 'CvABsignatureB==';
const SIG_C = 'CvABsignatureC==';

/** A request using every documented field, in the form fromIr writes them. */
const fullRequest = {
  contents: [
    {
      role: 'user',
      parts: [
        { text: 'What is in this picture, and the weather in Paris?' },
        { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgoAAAANSUhEUg==' } },
        {
          fileData: {
            mimeType: 'application/pdf',
            fileUri: 'https://generativelanguage.googleapis.com/v1beta/files/abc',
          },
        },
      ],
    },
    {
      role: 'model',
      parts: [
        { text: 'Let me think about the picture.', thought: true, thoughtSignature: SIG_A },
        { text: 'A cat. Checking the weather.', thoughtSignature: SIG_B },
        { functionCall: { name: 'get_weather', args: { city: 'Paris', days: 2 } }, thoughtSignature: SIG_C },
        { functionCall: { name: 'get_time', args: {} } },
      ],
    },
    {
      role: 'user',
      parts: [
        { functionResponse: { name: 'get_weather', response: { temp: 21, unit: 'C' } } },
        { functionResponse: { name: 'get_time', response: { result: '12:00' } } },
        { text: 'Thanks!' },
      ],
    },
  ],
  systemInstruction: { parts: [{ text: 'Be terse.' }, { text: 'Answer in English.' }] },
  tools: [
    {
      functionDeclarations: [
        {
          name: 'get_weather',
          description: 'Weather by city',
          parametersJsonSchema: {
            type: 'object',
            properties: { city: { type: 'string' }, days: { type: 'integer' } },
            required: ['city'],
          },
          behavior: 'BLOCKING',
        },
        { name: 'get_time', parameters: { type: 'OBJECT', properties: { zone: { type: 'STRING', nullable: true } } } },
      ],
    },
    { googleSearch: {} },
    { codeExecution: {} },
  ],
  toolConfig: {
    functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] },
    retrievalConfig: { languageCode: 'en' },
  },
  generationConfig: {
    temperature: 0.7,
    topP: 0.9,
    topK: 40,
    maxOutputTokens: 1024,
    stopSequences: ['END'],
    candidateCount: 2,
    presencePenalty: 0.1,
    frequencyPenalty: 0.2,
    seed: 42,
    responseMimeType: 'application/json',
    responseJsonSchema: { type: 'object', properties: { answer: { type: 'string' } } },
    thinkingConfig: { thinkingBudget: 2048, includeThoughts: true },
    responseModalities: ['TEXT'],
    mediaResolution: 'MEDIA_RESOLUTION_LOW',
  },
  safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
  cachedContent: 'cachedContents/abc123',
  someFutureField: { enabled: true },
};

function roundTrip(wire: unknown): unknown {
  const ir = geminiCodec.request.toIr(wire).value;
  return geminiCodec.request.fromIr(ir).value;
}

function baseIr(overrides: Partial<IrRequest> = {}): IrRequest {
  return {
    model: 'gemini-2.5-flash',
    messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    sampling: {},
    stream: false,
    ...overrides,
  };
}

describe('gemini request toIr', () => {
  const { value: ir, warnings } = geminiCodec.request.toIr(structuredClone(fullRequest));

  it('has no model and no stream flag (both are in the URL)', () => {
    expect(ir.model).toBe('');
    expect(ir.stream).toBe(false);
    expect(warnings).toEqual([]);
  });

  it('maps turns: systemInstruction first, model -> assistant, function responses -> tool message', () => {
    expect(ir.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'user']);
    expect(ir.messages[0]?.content).toEqual([
      { type: 'text', text: 'Be terse.' },
      { type: 'text', text: 'Answer in English.' },
    ]);
    expect(ir.messages[1]?.content[1]).toEqual({
      type: 'file',
      mediaType: 'image/png',
      source: { kind: 'base64', data: 'iVBORw0KGgoAAAANSUhEUg==' },
    });
    expect(ir.messages[1]?.content[2]).toEqual({
      type: 'file',
      mediaType: 'application/pdf',
      source: { kind: 'url', url: 'https://generativelanguage.googleapis.com/v1beta/files/abc' },
    });
  });

  it('maps thoughts and signatures: thought part, signed text, signed call', () => {
    const gemini = (data: string) => ({ origin: 'gemini', kind: 'signature', data });
    expect(ir.messages[2]?.content).toEqual([
      { type: 'reasoning', text: 'Let me think about the picture.', opaque: gemini(SIG_A) },
      { type: 'text', text: 'A cat. Checking the weather.' },
      { type: 'reasoning', text: '', opaque: gemini(SIG_B) },
      {
        type: 'tool-call',
        id: 'call_get_weather_1_2',
        name: 'get_weather',
        argumentsJson: '{"city":"Paris","days":2}',
        opaque: gemini(SIG_C),
      },
      { type: 'tool-call', id: 'call_get_time_1_3', name: 'get_time', argumentsJson: '{}' },
    ]);
  });

  it('synthesises call ids and gives each function response the id of its call (by name, in order)', () => {
    expect(ir.messages[3]?.content).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'call_get_weather_1_2',
        toolName: 'get_weather',
        content: [{ type: 'text', text: '{"temp":21,"unit":"C"}' }],
      },
      {
        type: 'tool-result',
        toolCallId: 'call_get_time_1_3',
        toolName: 'get_time',
        content: [{ type: 'text', text: '12:00' }],
      },
    ]);
  });

  it('maps tools, tool choice, sampling, format and reasoning', () => {
    expect(ir.tools).toEqual([
      {
        name: 'get_weather',
        description: 'Weather by city',
        parameters: {
          type: 'object',
          properties: { city: { type: 'string' }, days: { type: 'integer' } },
          required: ['city'],
        },
      },
      { name: 'get_time', parameters: { type: 'object', properties: { zone: { type: ['string', 'null'] } } } },
    ]);
    expect(ir.toolChoice).toEqual({ type: 'tool', name: 'get_weather' });
    expect(ir.sampling).toEqual({
      temperature: 0.7,
      topP: 0.9,
      topK: 40,
      stopSequences: ['END'],
      presencePenalty: 0.1,
      frequencyPenalty: 0.2,
      seed: 42,
    });
    expect(ir.maxOutputTokens).toBe(1024);
    expect(ir.candidateCount).toBe(2);
    expect(ir.responseFormat).toEqual({
      type: 'json-schema',
      name: 'response',
      schema: { type: 'object', properties: { answer: { type: 'string' } } },
    });
    expect(ir.reasoning).toEqual({ enabled: true, effort: 'medium', budgetTokens: 2048, summary: 'auto' });
  });

  it('keeps style-only fields in extensions.gemini', () => {
    expect(ir.promptCache).toEqual({ cachedContent: 'cachedContents/abc123' });
    expect(ir.extensions?.gemini).toMatchObject({
      fields: { safetySettings: fullRequest.safetySettings, someFutureField: { enabled: true } },
      generationConfig: { responseModalities: ['TEXT'], mediaResolution: 'MEDIA_RESOLUTION_LOW' },
      tools: [{ googleSearch: {} }, { codeExecution: {} }],
      toolConfig: { retrievalConfig: { languageCode: 'en' } },
      functionDeclarations: { get_weather: { behavior: 'BLOCKING' } },
      openApiParameters: ['get_time'],
    });
  });
});

describe('gemini request round trip (toIr then fromIr)', () => {
  it('keeps every documented field and unknown ones', () => {
    const { value, warnings } = geminiCodec.request.fromIr(
      geminiCodec.request.toIr(structuredClone(fullRequest)).value,
    );
    expect(warnings).toEqual([]);
    expect(value).toEqual(fullRequest);
  });

  it('keeps wire function call ids (and only then sends ids)', () => {
    const wire = {
      contents: [
        { role: 'user', parts: [{ text: 'go' }] },
        { role: 'model', parts: [{ functionCall: { id: 'fc-1', name: 'a', args: { x: 1 } } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'fc-1', name: 'a', response: { ok: true } } }] },
      ],
    };
    const ir = geminiCodec.request.toIr(wire).value;
    expect(ir.messages[1]?.content[0]).toMatchObject({ type: 'tool-call', id: 'fc-1' });
    expect(ir.messages[2]?.content[0]).toMatchObject({ type: 'tool-result', toolCallId: 'fc-1' });
    expect(geminiCodec.request.fromIr(ir).value).toEqual(wire);
  });

  it('round-trips tool choice modes, thinking variants and response formats', () => {
    const cases: Array<Record<string, unknown>> = [
      { toolConfig: { functionCallingConfig: { mode: 'AUTO' } } },
      { toolConfig: { functionCallingConfig: { mode: 'NONE' } } },
      { toolConfig: { functionCallingConfig: { mode: 'ANY' } } },
      { toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['a', 'b'] } } },
      { toolConfig: { functionCallingConfig: { mode: 'VALIDATED', allowedFunctionNames: ['a'] } } },
      { generationConfig: { thinkingConfig: { thinkingBudget: 0 } } },
      { generationConfig: { thinkingConfig: { thinkingBudget: -1, includeThoughts: true } } },
      { generationConfig: { thinkingConfig: { thinkingBudget: 24576 } } },
      { generationConfig: { responseMimeType: 'application/json' } },
      { generationConfig: { responseMimeType: 'text/plain' } },
      { generationConfig: { responseMimeType: 'text/x.enum', responseSchema: { type: 'STRING', enum: ['a', 'b'] } } },
      {
        generationConfig: {
          responseMimeType: 'application/json',
          responseSchema: { type: 'ARRAY', items: { type: 'OBJECT', properties: { n: { type: 'NUMBER' } } } },
        },
      },
    ];
    for (const extra of cases) {
      const wire = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }], ...extra };
      expect(roundTrip(wire)).toEqual(wire);
    }
  });

  it('maps thinkingLevel to effort and back on Gemini 3', () => {
    const ir = geminiCodec.request.toIr({
      contents: [{ parts: [{ text: 'hi' }] }],
      generationConfig: { thinkingConfig: { thinkingLevel: 'low' } },
    }).value;
    expect(ir.reasoning).toEqual({ enabled: true, effort: 'low', summary: 'none' });
    const body = geminiCodec.request.fromIr({ ...ir, model: 'gemini-3-pro-preview' }).value;
    expect(body.generationConfig?.thinkingConfig).toEqual({ thinkingLevel: 'LOW' });
  });

  it('reads snake_case field names without touching function arguments or schemas', () => {
    const ir = geminiCodec.request.toIr({
      system_instruction: { parts: [{ text: 'sys' }] },
      contents: [
        { role: 'user', parts: [{ inline_data: { mime_type: 'image/jpeg', data: '/9j/abc' } }] },
        { role: 'model', parts: [{ function_call: { name: 'f', args: { snake_key: 1 } }, thought_signature: SIG_A }] },
      ],
      generation_config: {
        max_output_tokens: 10,
        response_mime_type: 'application/json',
        response_json_schema: { properties: { my_field: {} } },
      },
    }).value;
    expect(ir.messages[0]).toEqual({ role: 'system', content: [{ type: 'text', text: 'sys' }] });
    expect(ir.messages[1]?.content[0]).toMatchObject({ type: 'file', mediaType: 'image/jpeg' });
    expect(ir.messages[2]?.content[0]).toMatchObject({
      type: 'tool-call',
      argumentsJson: '{"snake_key":1}',
      opaque: { data: SIG_A },
    });
    expect(ir.maxOutputTokens).toBe(10);
    expect(ir.responseFormat).toMatchObject({ schema: { properties: { my_field: {} } } });
  });
});

describe('gemini function call ids', () => {
  it('pairs several calls of one name with their responses in order; orphan responses get their own id', () => {
    const ir = geminiCodec.request.toIr({
      contents: [
        { role: 'user', parts: [{ text: 'weather in A and B' }] },
        {
          role: 'model',
          parts: [{ functionCall: { name: 'w', args: { c: 'A' } } }, { functionCall: { name: 'w', args: { c: 'B' } } }],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: 'w', response: { t: 1 } } },
            { functionResponse: { name: 'w', response: { t: 2 } } },
          ],
        },
        { role: 'user', parts: [{ functionResponse: { name: 'other', response: {} } }] },
      ],
    }).value;
    const calls = ir.messages[1]?.content.map((p) => (p.type === 'tool-call' ? p.id : ''));
    const results = ir.messages[2]?.content.map((p) => (p.type === 'tool-result' ? p.toolCallId : ''));
    expect(calls).toEqual(['call_w_1_0', 'call_w_1_1']);
    expect(results).toEqual(calls);
    expect(ir.messages[3]?.content[0]).toMatchObject({ toolCallId: 'call_other_3_0', toolName: 'other' });
  });

  it('sanitises names in synthesised ids', () => {
    const ir = geminiCodec.request.toIr({
      contents: [{ role: 'model', parts: [{ functionCall: { name: 'ns.tool-1', args: {} } }] }],
    }).value;
    expect(ir.messages[0]?.content[0]).toMatchObject({ id: 'call_ns_tool-1_0_0', name: 'ns.tool-1' });
  });

  it('does not send ids upstream for conversations from other styles', () => {
    const ir = baseIr({
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'go' }] },
        { role: 'assistant', content: [{ type: 'tool-call', id: 'toolu_01', name: 'a', argumentsJson: '{"x":1}' }] },
        {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId: 'toolu_01', toolName: '', content: [{ type: 'text', text: 'done' }] },
          ],
        },
      ],
    });
    expect(geminiCodec.request.fromIr(ir).value.contents).toEqual([
      { role: 'user', parts: [{ text: 'go' }] },
      { role: 'model', parts: [{ functionCall: { name: 'a', args: { x: 1 } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'a', response: { result: 'done' } } }] },
    ]);
  });
});

describe('gemini invalid requests', () => {
  const cases: Array<[string, unknown, string]> = [
    ['not an object', 'hello', ''],
    ['no contents', { generationConfig: {} }, 'contents'],
    ['empty contents', { contents: [] }, 'contents'],
    ['bad role', { contents: [{ role: 'assistant', parts: [{ text: 'x' }] }] }, 'contents[0].role'],
    ['missing parts', { contents: [{ role: 'user' }] }, 'contents[0].parts'],
    [
      'bad inline data',
      { contents: [{ parts: [{ inlineData: { mimeType: 'image/png', data: 5 } }] }] },
      'contents[0].parts[0].inlineData.data',
    ],
    ['empty part', { contents: [{ parts: [{ text: 'ok' }, {}] }] }, 'contents[0].parts[1]'],
    [
      'bad temperature',
      { contents: [{ parts: [{ text: 'x' }] }], generationConfig: { temperature: 'hot' } },
      'generationConfig.temperature',
    ],
    [
      'bad mode',
      { contents: [{ parts: [{ text: 'x' }] }], toolConfig: { functionCallingConfig: { mode: 'SOMETIMES' } } },
      'toolConfig.functionCallingConfig.mode',
    ],
    [
      'unnamed function',
      { contents: [{ parts: [{ text: 'x' }] }], tools: [{ functionDeclarations: [{ description: 'd' }] }] },
      'tools[0].functionDeclarations[0].name',
    ],
  ];
  it.each(cases)('%s throws invalid-request naming the field', (_, wire, param) => {
    try {
      geminiCodec.request.toIr(wire);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(IrError);
      const data = (error as IrError).data;
      expect(data.kind).toBe('invalid-request');
      expect(data.param ?? '').toBe(param);
      if (param) expect(data.message.startsWith(`${param}:`)).toBe(true);
    }
  });

  it('reports part kinds the IR cannot carry as dropped', () => {
    const { warnings } = geminiCodec.request.toIr({
      contents: [
        {
          role: 'model',
          parts: [
            { executableCode: { language: 'PYTHON', code: 'print(1)' } },
            { text: 'x', videoMetadata: { fps: 1 } },
          ],
        },
      ],
    });
    expect(warnings.map((w) => w.field)).toEqual([
      'contents[0].parts[0].executableCode',
      'contents[0].parts[1].videoMetadata',
    ]);
  });
});
