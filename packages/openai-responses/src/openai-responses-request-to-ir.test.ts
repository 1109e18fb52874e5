import type { IrRequest } from '@interlingua/ir';
import { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { irToOpenAiResponsesRequest } from './ir-to-openai-responses-request.js';
import { openAiResponsesRequestToIr } from './openai-responses-request-to-ir.js';

const weatherSchema = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
  additionalProperties: false,
};

/** A request using every documented field (and a few unknown ones). */
function fullRequest(): Record<string, unknown> {
  return {
    model: 'gpt-5',
    instructions: 'Be brief.',
    input: [
      { role: 'developer', content: 'dev note' },
      {
        type: 'message',
        role: 'user',
        content: [
          { type: 'input_text', text: 'Look' },
          { type: 'input_image', image_url: 'https://x.test/img.png', detail: 'low' },
          { type: 'input_image', image_url: 'data:image/png;base64,AAAA', detail: 'auto' },
          { type: 'input_image', file_id: 'file-img', detail: 'high' },
          { type: 'input_file', file_id: 'file-1' },
          { type: 'input_file', file_data: 'data:application/pdf;base64,JVBE', filename: 'a.pdf' },
          { type: 'input_file', file_url: 'https://x.test/doc.pdf' },
        ],
      },
      {
        type: 'reasoning',
        id: 'rs_1',
        summary: [{ type: 'summary_text', text: 'thinking' }],
        encrypted_content: 'ENC',
      },
      {
        type: 'message',
        role: 'assistant',
        id: 'msg_1',
        status: 'completed',
        content: [{ type: 'output_text', text: 'Sure', annotations: [] }],
      },
      {
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_1',
        name: 'get_weather',
        arguments: '{"city":"Paris"}',
        status: 'completed',
      },
      { type: 'function_call_output', call_id: 'call_1', output: '{"temp":21}' },
      {
        type: 'function_call_output',
        call_id: 'call_2',
        output: [
          { type: 'input_text', text: 'a' },
          { type: 'input_image', image_url: 'https://x.test/y.png', detail: 'auto' },
        ],
      },
      { type: 'item_reference', id: 'msg_old' },
      { type: 'compaction', id: 'cmp_1', encrypted_content: 'gAAAA-blob' },
      { role: 'user', content: 'thanks' },
    ],
    tools: [
      { type: 'function', name: 'get_weather', description: 'Weather', parameters: weatherSchema, strict: true },
      { type: 'web_search', search_context_size: 'low' },
      {
        type: 'function',
        name: 'loose',
        parameters: { type: 'object', properties: {} },
        strict: false,
        defer_loading: true,
      },
    ],
    tool_choice: { type: 'function', name: 'get_weather' },
    text: {
      format: { type: 'json_schema', name: 'out', schema: weatherSchema, strict: true, description: 'd' },
      verbosity: 'low',
    },
    reasoning: { effort: 'high', summary: 'auto', context: 'all_turns' },
    max_output_tokens: 500,
    temperature: 0.3,
    top_p: 0.9,
    parallel_tool_calls: false,
    store: false,
    previous_response_id: 'resp_prev',
    include: ['reasoning.encrypted_content'],
    metadata: { k: 'v' },
    truncation: 'auto',
    user: 'u1',
    stream: true,
    service_tier: 'flex',
    prompt_cache_key: 'pck',
    custom_field: { x: 1 },
  };
}

function invalid(body: unknown): IrError {
  try {
    openAiResponsesRequestToIr(body);
  } catch (error) {
    if (error instanceof IrError) return error;
    throw error;
  }
  throw new Error('expected an IrError');
}

describe('openAiResponsesRequestToIr', () => {
  it('maps every documented field', () => {
    const { value: ir } = openAiResponsesRequestToIr(fullRequest());
    expect(ir.messages).toEqual([
      { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
      { role: 'developer', content: [{ type: 'text', text: 'dev note' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look' },
          { type: 'file', mediaType: 'image/*', source: { kind: 'url', url: 'https://x.test/img.png' }, detail: 'low' },
          { type: 'file', mediaType: 'image/png', source: { kind: 'base64', data: 'AAAA' }, detail: 'auto' },
          { type: 'file', mediaType: 'image/*', source: { kind: 'file-id', fileId: 'file-img' }, detail: 'high' },
          { type: 'file', source: { kind: 'file-id', fileId: 'file-1' } },
          { type: 'file', mediaType: 'application/pdf', source: { kind: 'base64', data: 'JVBE' }, filename: 'a.pdf' },
          { type: 'file', source: { kind: 'url', url: 'https://x.test/doc.pdf' } },
        ],
      },
      {
        role: 'assistant',
        content: [
          {
            type: 'reasoning',
            text: 'thinking',
            opaque: { origin: 'openai', kind: 'encrypted', data: 'ENC', itemId: 'rs_1' },
          },
          { type: 'text', text: 'Sure' },
          { type: 'tool-call', id: 'call_1', name: 'get_weather', argumentsJson: '{"city":"Paris"}' },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'get_weather',
            content: [{ type: 'text', text: '{"temp":21}' }],
          },
          {
            type: 'tool-result',
            toolCallId: 'call_2',
            toolName: '',
            content: [
              { type: 'text', text: 'a' },
              {
                type: 'file',
                mediaType: 'image/*',
                source: { kind: 'url', url: 'https://x.test/y.png' },
                detail: 'auto',
              },
            ],
          },
        ],
      },
      {
        role: 'assistant',
        content: [
          {
            type: 'reasoning',
            text: '',
            opaque: { origin: 'openai', kind: 'encrypted', data: 'gAAAA-blob', itemId: 'cmp_1' },
          },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'thanks' }] },
    ]);
    expect(ir).toMatchObject({
      model: 'gpt-5',
      tools: [
        { name: 'get_weather', description: 'Weather', parameters: weatherSchema, strict: true },
        { name: 'loose', parameters: { type: 'object', properties: {} }, strict: false },
      ],
      toolChoice: { type: 'tool', name: 'get_weather' },
      parallelToolCalls: false,
      responseFormat: { type: 'json-schema', name: 'out', schema: weatherSchema, strict: true, description: 'd' },
      reasoning: { effort: 'high', summary: 'auto' },
      maxOutputTokens: 500,
      sampling: { temperature: 0.3, topP: 0.9 },
      user: 'u1',
      metadata: { k: 'v' },
      promptCache: { key: 'pck' },
      stream: true,
    });
    expect(ir.extensions?.['openai-responses']).toMatchObject({
      instructions: true,
      fields: {
        store: false,
        previous_response_id: 'resp_prev',
        include: ['reasoning.encrypted_content'],
        truncation: 'auto',
        service_tier: 'flex',
        custom_field: { x: 1 },
      },
      tools: [{ index: 1, tool: { type: 'web_search', search_context_size: 'low' } }],
      items: [{ before: 5, item: { type: 'item_reference', id: 'msg_old' }, index: 7 }],
      compaction: [{ message: 5, part: 0, id: 'cmp_1' }],
    });
  });

  it('round-trips through the IR to the same wire body', () => {
    const request = fullRequest();
    const { value: ir } = openAiResponsesRequestToIr(request);
    const { value: wire, warnings } = irToOpenAiResponsesRequest(ir);
    expect(warnings).toEqual([]);
    expect(wire).toEqual(request);
    expect(openAiResponsesRequestToIr(wire).value).toEqual(ir);
  });

  it('reads a string input, a missing strict as strict, and string tool choices', () => {
    const { value: ir } = openAiResponsesRequestToIr({
      model: 'm',
      input: 'hello',
      tools: [{ type: 'function', name: 'f', parameters: null }],
      tool_choice: 'required',
      reasoning: { effort: 'none' },
      text: { format: { type: 'json_object' } },
    });
    expect(ir.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hello' }] }]);
    expect(ir.tools).toEqual([{ name: 'f', strict: true }]);
    expect(ir.toolChoice).toEqual({ type: 'required' });
    expect(ir.reasoning).toEqual({ effort: 'none', enabled: false });
    expect(ir.responseFormat).toEqual({ type: 'json-object' });
    expect(ir.stream).toBe(false);
    expect(ir.extensions).toBeUndefined();
  });

  it('keeps tool choices the IR cannot express', () => {
    const choice = { type: 'allowed_tools', mode: 'auto', tools: [{ type: 'function', name: 'f' }] };
    const { value: ir } = openAiResponsesRequestToIr({ model: 'm', input: 'x', tool_choice: choice });
    expect(ir.toolChoice).toBeUndefined();
    expect(irToOpenAiResponsesRequest(ir).value.tool_choice).toEqual(choice);
  });

  it('approximates detail original as high with a warning', () => {
    const { value, warnings } = openAiResponsesRequestToIr({
      model: 'm',
      input: [
        { role: 'user', content: [{ type: 'input_image', image_url: 'https://x.test/a.png', detail: 'original' }] },
      ],
    });
    expect(value.messages[0]?.content[0]).toMatchObject({ detail: 'high' });
    expect(warnings).toEqual([expect.objectContaining({ kind: 'approximated', field: 'input[0].content[0].detail' })]);
  });

  it.each([
    [{}, 'model'],
    [{ model: 3, input: 'x' }, 'model'],
    [{ model: 'm', input: 5 }, 'input'],
    [{ model: 'm', input: [{ role: 'bogus', content: 'x' }] }, 'input[0].role'],
    [{ model: 'm', input: [{ role: 'user', content: [{ type: 'input_text', text: 1 }] }] }, 'input[0].content[0].text'],
    [{ model: 'm', input: [{ role: 'user', content: [{ type: 'input_video' }] }] }, 'input[0].content[0].type'],
    [
      {
        model: 'm',
        input: [
          { role: 'user', content: 'a' },
          { type: 'function_call', name: 'f', arguments: '{}' },
        ],
      },
      'input[1].call_id',
    ],
    [{ model: 'm', input: [{ type: 'function_call_output', call_id: 'c', output: 7 }] }, 'input[0].output'],
    [
      { model: 'm', input: [{ role: 'user', content: [{ type: 'input_image', detail: 'auto' }] }] },
      'input[0].content[0]',
    ],
    [{ model: 'm', input: [{ type: 'compaction' }] }, 'input[0].encrypted_content'],
    [{ model: 'm', input: 'x', tools: [{ type: 'function', parameters: {} }] }, 'tools[0].name'],
    [{ model: 'm', input: 'x', temperature: 'hot' }, 'temperature'],
    [{ model: 'm', input: 'x', reasoning: { effort: 'extreme' } }, 'reasoning.effort'],
    [{ model: 'm', input: 'x', text: { format: { type: 'json_schema', schema: {} } } }, 'text.format.name'],
  ])('rejects %j naming %s', (body, param) => {
    const error = invalid(body);
    expect(error.data).toMatchObject({ kind: 'invalid-request', param, source: 'gateway' });
    expect(error.message.startsWith(`${param}:`)).toBe(true);
  });
});

describe('irToOpenAiResponsesRequest from another style', () => {
  const ir: IrRequest = {
    model: 'gpt-5',
    messages: [
      { role: 'system', content: [{ type: 'text', text: 'sys', cacheControl: { type: 'ephemeral' } }] },
      {
        role: 'user',
        name: 'bob',
        content: [
          { type: 'text', text: 'hi' },
          { type: 'file', mediaType: 'application/pdf', source: { kind: 'base64', data: 'JVBE' } },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'hidden', opaque: { origin: 'anthropic', kind: 'signature', data: 'sig' } },
          { type: 'text', text: 'calling' },
          { type: 'tool-call', id: 'toolu_1', name: 'f', argumentsJson: '{}' },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'toolu_1',
            toolName: 'f',
            content: [{ type: 'text', text: 'bad' }],
            isError: true,
          },
        ],
      },
    ],
    tools: [{ name: 'f', description: 'F', parameters: { type: 'object', properties: {} } }, { name: 'g' }],
    toolChoice: { type: 'required' },
    responseFormat: { type: 'json-schema', name: 's', schema: { type: 'object' } },
    sampling: { temperature: 0.1, topK: 5, stopSequences: ['x'], seed: 1, presencePenalty: 0.1, frequencyPenalty: 0.2 },
    maxOutputTokens: 100,
    candidateCount: 2,
    reasoning: { enabled: true, budgetTokens: 3000, summary: 'auto' },
    stream: true,
  };

  it('writes flat tools with explicit strict false, hoists nothing, and drops foreign opaque data', () => {
    const { value } = irToOpenAiResponsesRequest(ir);
    expect(value).toEqual({
      model: 'gpt-5',
      input: [
        { role: 'system', content: 'sys' },
        {
          type: 'message',
          role: 'user',
          content: [
            { type: 'input_text', text: 'hi' },
            { type: 'input_file', file_data: 'data:application/pdf;base64,JVBE', filename: 'file.pdf' },
          ],
        },
        { role: 'assistant', content: 'calling' },
        { type: 'function_call', call_id: 'toolu_1', name: 'f', arguments: '{}' },
        { type: 'function_call_output', call_id: 'toolu_1', output: 'bad' },
      ],
      tools: [
        {
          type: 'function',
          name: 'f',
          description: 'F',
          parameters: { type: 'object', properties: {} },
          strict: false,
        },
        { type: 'function', name: 'g', parameters: { type: 'object', properties: {} }, strict: false },
      ],
      tool_choice: 'required',
      text: { format: { type: 'json_schema', name: 's', schema: { type: 'object' } } },
      reasoning: { effort: 'low', summary: 'auto' },
      include: ['reasoning.encrypted_content'],
      max_output_tokens: 100,
      temperature: 0.1,
      stream: true,
    });
  });

  it('asks for encrypted reasoning only when reasoning is on and the caller gave no include of its own', () => {
    expect(irToOpenAiResponsesRequest({ ...ir, reasoning: { enabled: false } }).value.include).toBeUndefined();
    expect(irToOpenAiResponsesRequest({ ...ir, reasoning: undefined }).value.include).toBeUndefined();
    const own = {
      ...ir,
      extensions: { 'openai-responses': { fields: { include: ['message.output_text.logprobs'] } } },
    };
    expect(irToOpenAiResponsesRequest(own).value.include).toEqual(['message.output_text.logprobs']);
  });

  it('warns about everything Responses cannot carry', () => {
    const { warnings } = irToOpenAiResponsesRequest(ir);
    expect(warnings.map((w) => `${w.kind}:${w.field}`).sort()).toEqual(
      [
        'approximated:reasoning.budgetTokens',
        'dropped:candidateCount',
        'dropped:messages[0].content[0].cacheControl',
        'dropped:messages[1].name',
        'dropped:messages[3].content[0].isError',
        'dropped:sampling.frequencyPenalty',
        'dropped:sampling.presencePenalty',
        'dropped:sampling.seed',
        'dropped:sampling.stopSequences',
        'dropped:sampling.topK',
      ].sort(),
    );
  });

  it('forwards OpenAI reasoning as reasoning items and drops reasoning without it silently', () => {
    const { value, warnings } = irToOpenAiResponsesRequest({
      model: 'm',
      sampling: {},
      stream: false,
      messages: [
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'visible only' },
            {
              type: 'reasoning',
              text: 'a\n\nb',
              opaque: { origin: 'openai', kind: 'encrypted', data: 'E', itemId: 'rs_9' },
            },
          ],
        },
      ],
    });
    expect(warnings).toEqual([]);
    expect(value.input).toEqual([
      { type: 'reasoning', id: 'rs_9', summary: [{ type: 'summary_text', text: 'a\n\nb' }], encrypted_content: 'E' },
    ]);
  });
});
