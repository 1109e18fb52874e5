import { expectHandReadsAsSchema, objectsSharedWithBody, readingOf } from '@interlingua/testkit/request-reading';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openAiChatCodec } from './openai-chat-codec.js';
import { readPlainOpenAiChatRequest } from './openai-chat-plain-request.js';

const schemaIr = readingOf(openAiChatCodec.request.toIr);

const agentBody = {
  model: 'gpt-4.1',
  stream: true,
  stream_options: { include_usage: true },
  temperature: 0.2,
  max_completion_tokens: 4096,
  reasoning_effort: 'low',
  parallel_tool_calls: false,
  tool_choice: 'auto',
  tools: [
    {
      type: 'function',
      function: {
        name: 'read_file',
        description: 'Read a file.',
        parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        strict: false,
      },
    },
  ],
  stop: ['END'],
  messages: [
    { role: 'system', content: 'You are a coding agent.' },
    { role: 'developer', content: [{ type: 'text', text: 'Be brief.' }], name: 'dev' },
    { role: 'user', content: 'Fix the tests.' },
    {
      role: 'assistant',
      content: 'Reading it.',
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.ts"}' } }],
    },
    { role: 'tool', tool_call_id: 'call_1', content: '1\texport {}' },
    { role: 'assistant', content: null, tool_calls: [] },
    { role: 'tool', tool_call_id: 'call_1', content: [{ type: 'text', text: 'ok' }] },
  ],
};

describe('readPlainOpenAiChatRequest', () => {
  it('reads an agent’s turn (messages, tool calls and results, tools, tool choice) as the request schema does', () => {
    const ir = readPlainOpenAiChatRequest(agentBody);
    expect(ir).toBeDefined();
    expect(ir).toEqual(schemaIr(agentBody));
  });

  it('leaves every other shape to the request schema', () => {
    const base = { model: 'm', messages: [{ role: 'user', content: 'Hi' }] };
    const others: Array<Record<string, unknown>> = [
      { ...base, messages: [] },
      { ...base, messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x' } }] }] },
      { ...base, messages: [{ role: 'user', content: [{ text: 'no type' }] }] },
      { ...base, messages: [{ role: 'user', content: 'Hi', extra: 1 }] },
      { ...base, messages: [{ role: 'assistant', content: 'Hi', reasoning_content: 'thought' }] },
      { ...base, messages: [{ role: 'function', name: 'f', content: 'x' }] },
      { ...base, messages: [{ role: 'tool', content: 'x' }] },
      {
        ...base,
        messages: [{ role: 'assistant', tool_calls: [{ id: 'c', type: 'custom', custom: { name: 'n', input: '' } }] }],
      },
      { ...base, tools: [{ type: 'custom', custom: { name: 'n' } }] },
      { ...base, tools: [{ type: 'function', function: { name: 'n'.repeat(65) } }] },
      { ...base, tools: [{ type: 'function', function: { name: 'n', description: null } }] },
      { ...base, tool_choice: { type: 'allowed_tools' } },
      { ...base, functions: [{ name: 'f' }] },
      { ...base, metadata: { a: 'b' } },
      { ...base, n: 2 },
      { ...base, model: 'm'.repeat(257) },
      { ...base, temperature: 3 },
      { ...base, max_tokens: 0 },
      { ...base, seed: 1.5 },
      { ...base, stream_options: { include_usage: true, extra: 1 } },
      { ...base, reasoning_effort: 'huge' },
      { messages: base.messages },
    ];
    for (const body of others) expect(readPlainOpenAiChatRequest(body), JSON.stringify(body)).toBeUndefined();
  });

  it('never accepts what the schema refuses, and reads what it accepts as the schema does, to the same upstream bytes', () => {
    const text = fc.string({ maxLength: 4 });
    const odd = fc.oneof(
      text,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant([]),
      fc.constant({}),
    );
    const textPart = fc.record(
      { type: fc.constantFrom('text', 'text', 'refusal'), text: fc.oneof(text, text, odd), extra: odd },
      { requiredKeys: ['text'] },
    );
    const content = fc.oneof(text, fc.array(textPart, { maxLength: 2 }), odd);
    const toolCall = fc.record(
      {
        id: fc.oneof(text, odd),
        type: fc.constantFrom('function', 'function', 'custom'),
        function: fc.oneof(fc.record({ name: text, arguments: text }), fc.record({ name: text }), odd),
      },
      { requiredKeys: ['id', 'type', 'function'] },
    );
    const message = fc.oneof(
      fc.record(
        { role: fc.constantFrom('system', 'developer', 'user', 'robot'), content, name: fc.oneof(text, odd) },
        { requiredKeys: ['role', 'content'] },
      ),
      fc.record(
        {
          role: fc.constant('assistant'),
          content: fc.oneof(content, fc.constant(null)),
          tool_calls: fc.oneof(fc.array(toolCall, { maxLength: 2 }), fc.constant(null), odd),
          name: fc.oneof(text, odd),
          refusal: odd,
        },
        { requiredKeys: ['role'] },
      ),
      fc.record(
        { role: fc.constant('tool'), content, tool_call_id: fc.oneof(text, odd) },
        { requiredKeys: ['role', 'content'] },
      ),
    );
    const tool = fc.record(
      {
        type: fc.constantFrom('function', 'function', 'custom'),
        function: fc.record(
          {
            name: fc.oneof(text, fc.constant('n'.repeat(65)), odd),
            description: fc.oneof(text, odd),
            parameters: fc.oneof(fc.constant({ type: 'object' }), odd),
            strict: fc.oneof(fc.boolean(), odd),
          },
          { requiredKeys: ['name'] },
        ),
      },
      { requiredKeys: ['type', 'function'] },
    );
    const number = fc.oneof(fc.integer({ min: -3, max: 300 }), fc.double({ min: -3, max: 3, noNaN: true }), odd);
    const body = fc.record(
      {
        model: fc.oneof(fc.constantFrom('m', '', 'm'.repeat(257)), odd),
        messages: fc.oneof(fc.array(message, { maxLength: 4 }), odd),
        temperature: number,
        top_p: number,
        presence_penalty: number,
        seed: number,
        max_tokens: number,
        max_completion_tokens: number,
        stream: fc.oneof(fc.boolean(), odd),
        stream_options: fc.oneof(fc.record({ include_usage: fc.oneof(fc.boolean(), odd) }), odd),
        stop: fc.oneof(text, fc.array(text, { maxLength: 2 }), odd),
        user: fc.oneof(text, fc.constant('u'.repeat(257)), odd),
        reasoning_effort: fc.oneof(fc.constantFrom('low', 'high', 'huge'), odd),
        tools: fc.oneof(fc.array(tool, { maxLength: 2 }), odd),
        tool_choice: fc.oneof(
          fc.constantFrom('auto', 'none', 'required', 'any'),
          fc.record({ type: fc.constantFrom('function', 'custom'), function: fc.record({ name: text }) }),
          odd,
        ),
        parallel_tool_calls: fc.oneof(fc.boolean(), odd),
        n: fc.integer({ min: 1, max: 3 }),
      },
      { requiredKeys: [] },
    );
    // Agent bodies whose every field is of the usual kind, the same with odd fields over them.
    const usual = fc.record(
      {
        model: fc.constant('m'),
        messages: fc.array(
          fc.oneof(
            fc.record({ role: fc.constantFrom('system', 'user'), content: text }),
            fc.record({
              role: fc.constant('assistant'),
              content: fc.oneof(text, fc.constant(null)),
              tool_calls: fc.array(
                fc.record({
                  id: text,
                  type: fc.constant('function'),
                  function: fc.record({ name: text, arguments: text }),
                }),
                { maxLength: 2 },
              ),
            }),
            fc.record({ role: fc.constant('tool'), content: text, tool_call_id: text }),
          ),
          { minLength: 1, maxLength: 4 },
        ),
        tools: fc.array(
          fc.record({
            type: fc.constant('function'),
            function: fc.record({ name: text, description: text, parameters: fc.constant({ type: 'object' }) }),
          }),
          { maxLength: 2 },
        ),
        tool_choice: fc.constantFrom('auto', 'required'),
        stream: fc.boolean(),
        max_tokens: fc.integer({ min: 1, max: 4096 }),
      },
      { requiredKeys: ['model', 'messages'] },
    );
    const candidates = fc.oneof(
      usual,
      fc.tuple(usual, body).map(([plain, oddBody]) => ({ ...plain, ...oddBody })),
      body,
    );
    expectHandReadsAsSchema(candidates, readPlainOpenAiChatRequest, schemaIr, [openAiChatCodec], 500);
  });

  it('shares no object or array with the caller’s body', () => {
    const body = structuredClone(agentBody);
    expect(objectsSharedWithBody(body, readPlainOpenAiChatRequest(body))).toEqual([]);
  });
});
