import type { IrRequest } from '@interlingua/ir';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  expectHandReadsAsSchema,
  objectsSharedWithBody,
  readingOf,
  upstreamBytes,
} from '@interlingua/testkit/request-reading';
import { openAiResponsesCodec } from './openai-responses-codec.js';
import { readPlainOpenAiResponsesRequest } from './openai-responses-plain-request.js';

const schemaIr = readingOf(openAiResponsesCodec.request.toIr);

const agentBody = {
  model: 'gpt-5-codex',
  instructions: 'You are a coding agent.',
  store: false,
  stream: true,
  include: ['reasoning.encrypted_content'],
  reasoning: { effort: 'medium', summary: 'auto' },
  tool_choice: 'auto',
  parallel_tool_calls: false,
  prompt_cache_key: 'session-1',
  tools: [
    {
      type: 'function',
      name: 'shell',
      description: 'Run a command.',
      parameters: { type: 'object', properties: { command: { type: 'array', items: { type: 'string' } } } },
      strict: false,
    },
    { type: 'web_search' },
  ],
  input: [
    { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'Be brief.' }] },
    { role: 'user', content: 'Fix the tests.' },
    {
      type: 'reasoning',
      id: 'rs_1',
      summary: [{ type: 'summary_text', text: 'Look first.' }],
      content: null,
      encrypted_content: 'gAAA',
    },
    {
      type: 'function_call',
      id: 'fc_1',
      call_id: 'call_1',
      name: 'shell',
      arguments: '{"command":["ls"]}',
      status: 'completed',
    },
    { type: 'function_call_output', call_id: 'call_1', output: 'a.ts\nb.ts' },
    {
      type: 'message',
      role: 'assistant',
      id: 'msg_1',
      status: 'completed',
      content: [{ type: 'output_text', text: 'Done.', annotations: [] }],
    },
  ],
};

describe('readPlainOpenAiResponsesRequest', () => {
  it('reads an agent’s turn (messages, reasoning, calls and outputs, tools) as the schemas do', () => {
    const ir = readPlainOpenAiResponsesRequest(agentBody);
    expect(ir).toBeDefined();
    expect(ir).toEqual(schemaIr(agentBody));
    const codecs = [openAiResponsesCodec];
    expect(upstreamBytes(ir as IrRequest, codecs)).toEqual(upstreamBytes(schemaIr(agentBody) as IrRequest, codecs));
  });

  it('leaves every other shape to the schemas', () => {
    const base = { model: 'm', input: [{ role: 'user', content: 'Hi' }] };
    const others: Array<Record<string, unknown>> = [
      { ...base, input: 'Hi' },
      { ...base, input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'https://x' }] }] },
      { ...base, input: [{ role: 'user', content: 'Hi', extra: 1 }] },
      { ...base, input: [{ role: 'robot', content: 'Hi' }] },
      { ...base, input: [{ type: 'message', content: 'Hi' }] },
      { ...base, input: [{ type: 'item_reference', id: 'x' }] },
      { ...base, input: [{ type: 'compaction', encrypted_content: 'x' }] },
      { ...base, input: [{ type: 'function_call', call_id: 'c', name: 'n' }] },
      { ...base, input: [{ type: 'function_call_output', call_id: 'c', output: [{ type: 'input_text', text: 'x' }] }] },
      { ...base, input: [{ type: 'function_call_output', call_id: 'c', output: 'x', status: 'done' }] },
      { ...base, input: [{ type: 'reasoning', summary: [{ type: 'other', text: 'x' }] }] },
      { ...base, tools: [{ type: 'function', name: 'n', parameters: [] }] },
      { ...base, tools: [{ type: 'function', name: 'n', defer_loading: true }] },
      { ...base, temperature: 3 },
      { ...base, model: 1 },
    ];
    for (const body of others) expect(readPlainOpenAiResponsesRequest(body), JSON.stringify(body)).toBeUndefined();
  });

  it('never accepts what the schemas refuse, and reads what they accept as they do, to the same upstream bytes', () => {
    const text = fc.string({ maxLength: 4 });
    const odd = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}));
    const status = fc.oneof(fc.constantFrom('completed', 'in_progress', 'done'), fc.constant(null), odd);
    const part = fc.record(
      {
        type: fc.constantFrom('input_text', 'output_text', 'refusal', 'input_image'),
        text: fc.oneof(text, text, odd),
        annotations: fc.oneof(fc.constant([]), odd),
        extra: odd,
      },
      { requiredKeys: ['type', 'text'] },
    );
    const item = fc.oneof(
      fc.record(
        {
          type: fc.constantFrom('message', 'message', 'other'),
          role: fc.oneof(fc.constantFrom('user', 'assistant', 'developer', 'system', 'robot'), odd),
          content: fc.oneof(text, fc.array(part, { maxLength: 2 }), odd),
          id: fc.oneof(text, odd),
          status,
        },
        { requiredKeys: ['role', 'content'] },
      ),
      fc.record(
        {
          type: fc.constant('function_call'),
          call_id: fc.oneof(text, odd),
          name: fc.oneof(text, odd),
          arguments: fc.oneof(text, fc.constant(' '), odd),
          id: fc.oneof(text, odd),
          status,
        },
        { requiredKeys: ['type', 'call_id', 'name', 'arguments'] },
      ),
      fc.record(
        {
          type: fc.constant('function_call_output'),
          call_id: fc.oneof(text, odd),
          output: fc.oneof(text, odd),
          status,
        },
        { requiredKeys: ['type', 'call_id', 'output'] },
      ),
      fc.record(
        {
          type: fc.constant('reasoning'),
          id: fc.oneof(text, odd),
          summary: fc.oneof(
            fc.array(fc.record({ type: fc.constantFrom('summary_text', 'x'), text }), { maxLength: 2 }),
            odd,
          ),
          content: fc.oneof(fc.array(fc.record({ type: text, text }), { maxLength: 2 }), odd),
          encrypted_content: fc.oneof(text, odd),
        },
        { requiredKeys: ['type'] },
      ),
    );
    const tool = fc.record(
      {
        type: fc.constantFrom('function', 'function', 'web_search', 'mcp'),
        name: fc.oneof(text, fc.constant('n'.repeat(65)), odd),
        description: fc.oneof(text, odd),
        parameters: fc.oneof(fc.constant({ type: 'object' }), odd),
        strict: fc.oneof(fc.boolean(), odd),
        server_label: fc.oneof(text, text, odd),
        allowed_tools: fc.oneof(fc.array(text, { maxLength: 2 }), fc.record({ tool_names: fc.array(text) }), odd),
        require_approval: fc.oneof(fc.constantFrom('always', 'never', 'sometimes'), fc.constant({ never: {} }), odd),
      },
      { requiredKeys: ['type'] },
    );
    const body = fc.record(
      {
        model: fc.oneof(fc.constantFrom('m', ''), odd),
        input: fc.oneof(fc.array(item, { maxLength: 4 }), odd),
        instructions: fc.oneof(text, odd),
        tools: fc.oneof(fc.array(tool, { maxLength: 2 }), odd),
        tool_choice: fc.oneof(fc.constantFrom('auto', 'required', 'any'), fc.record({ type: text, name: text }), odd),
        reasoning: fc.oneof(fc.record({ effort: fc.constantFrom('low', 'huge'), summary: fc.constant('auto') }), odd),
        max_output_tokens: fc.oneof(fc.integer({ min: 0, max: 100 }), odd),
        temperature: fc.oneof(fc.double({ min: -1, max: 3, noNaN: true }), odd),
        store: fc.oneof(fc.boolean(), odd),
        stream: fc.oneof(fc.boolean(), odd),
        include: fc.oneof(fc.array(text, { maxLength: 2 }), odd),
        extra: odd,
      },
      { requiredKeys: [] },
    );
    const usualItem = fc.oneof(
      fc.record({ type: fc.constant('message'), role: fc.constantFrom('user', 'assistant'), content: text }),
      fc.record({ type: fc.constant('function_call'), call_id: text, name: text, arguments: text }),
      fc.record({ type: fc.constant('function_call_output'), call_id: text, output: text }),
      fc.record({
        type: fc.constant('reasoning'),
        summary: fc.array(fc.record({ type: fc.constant('summary_text'), text })),
      }),
    );
    const usual = fc.record(
      {
        model: fc.constant('m'),
        input: fc.array(usualItem, { maxLength: 5 }),
        tools: fc.array(
          fc.oneof(
            fc.record({ type: fc.constant('function'), name: text, parameters: fc.constant({ type: 'object' }) }),
            fc.record(
              {
                type: fc.constant('mcp'),
                server_label: fc.oneof(text, text, odd),
                server_url: fc.oneof(text, odd),
                allowed_tools: fc.oneof(
                  fc.array(text, { maxLength: 2 }),
                  fc.record({ tool_names: fc.array(text) }),
                  odd,
                ),
                require_approval: fc.oneof(fc.constantFrom('always', 'never'), fc.constant({ never: {} }), odd),
                headers: fc.oneof(fc.dictionary(text, text, { maxKeys: 2 }), odd),
              },
              { requiredKeys: ['type'] },
            ),
          ),
          { maxLength: 2 },
        ),
        stream: fc.boolean(),
        store: fc.constant(false),
      },
      { requiredKeys: ['model', 'input'] },
    );
    const candidates = fc.oneof(
      usual,
      fc.tuple(usual, body).map(([plain, oddBody]) => ({ ...plain, ...oddBody })),
      body,
    );
    expectHandReadsAsSchema(candidates, readPlainOpenAiResponsesRequest, schemaIr, [openAiResponsesCodec], 500);
  });

  it('shares no object or array with the caller’s body', () => {
    const body = structuredClone(agentBody);
    expect(objectsSharedWithBody(body, readPlainOpenAiResponsesRequest(body))).toEqual([]);
  });
});
