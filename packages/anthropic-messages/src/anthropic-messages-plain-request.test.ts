import { expectHandReadsAsSchema, objectsSharedWithBody } from '@interlingua/testkit/request-reading';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anthropicMessagesCodec } from './anthropic-messages-codec.js';
import { anthropicMessagesRequestToIr } from './anthropic-messages-request-to-ir.js';
import { readPlainAnthropicMessagesRequest } from './anthropic-messages-plain-request.js';

const schemaIr = (body: Record<string, unknown>) => anthropicMessagesRequestToIr(body).value;

const plainBodies: Array<Record<string, unknown>> = [
  { model: 'claude-sonnet-4-5', max_tokens: 1024, messages: [{ role: 'user', content: 'Hello' }] },
  {
    model: 'm',
    max_tokens: 0,
    system: 'Be brief.',
    stream: true,
    messages: [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
      { role: 'user', content: '' },
    ],
  },
  { model: 'm', max_tokens: 64, temperature: 0.2, top_p: 1, top_k: 40, stop_sequences: ['END', ''], messages: [] },
];

describe('readPlainAnthropicMessagesRequest', () => {
  it.each(plainBodies.map((body) => [JSON.stringify(body).slice(0, 60), body] as const))(
    'reads a plain body as the request schema does: %s',
    (_name, body) => {
      expect(readPlainAnthropicMessagesRequest(body)).toEqual(schemaIr(body));
    },
  );

  it('leaves every other shape to the request schema', () => {
    const base = { model: 'm', max_tokens: 8, messages: [{ role: 'user', content: 'Hi' }] };
    const others: Array<Record<string, unknown>> = [
      { ...base, messages: [{ role: 'user', content: 'Hi', cache_control: { type: 'ephemeral' } }] },
      { ...base, messages: [{ role: 'system', content: 'Hi' }] },
      { ...base, system: [{ type: 'text', text: 'Be brief.', extra: true }] },
      { ...base, tools: [{ type: 'web_search_20250305', name: 'web_search' }] },
      { ...base, thinking: { type: 'enabled', budget_tokens: 1024 } },
      { ...base, metadata: { user_id: 'u', extra: 1 } },
      {
        ...base,
        messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'url', url: 'https://x' } }] }],
      },
      { ...base, messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi', citations: [] }] }] },
      {
        ...base,
        messages: [
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: [{ type: 'image' }] }] },
        ],
      },
      { ...base, service_tier: 'auto' },
      { ...base, model: '' },
      { ...base, max_tokens: 1.5 },
      { ...base, max_tokens: -1 },
      { ...base, stream: 'yes' },
      { ...base, top_k: 2.5 },
      { ...base, top_k: -1 },
      { ...base, temperature: 1.5 },
      { ...base, top_p: -0.1 },
      { ...base, model: 'm'.repeat(257) },
      { ...base, stop_sequences: [1] },
      { model: 'm', messages: [] },
    ];
    for (const body of others) expect(readPlainAnthropicMessagesRequest(body), JSON.stringify(body)).toBeUndefined();
  });

  it('never accepts what the schema refuses, and reads what it accepts as the schema does', () => {
    const anything = fc.oneof(
      fc.string({ maxLength: 4 }),
      fc.integer({ min: -2, max: 3 }),
      fc.double({ noNaN: true }),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
    );
    const turn = fc.oneof(
      fc.record({
        role: fc.constantFrom('user', 'assistant', 'system', 'robot'),
        content: fc.oneof(
          fc.string({ maxLength: 5 }),
          fc.constant([{ type: 'text', text: 'x' }]),
          // An MCP connector call and its result: an IR part the hand read does not make.
          fc.constant([
            { type: 'mcp_tool_use', id: 'mcptoolu_1', name: 'search', server_name: 'docs', input: {} },
            { type: 'mcp_tool_result', tool_use_id: 'mcptoolu_1', is_error: false, content: 'found' },
          ]),
        ),
      }),
      fc.dictionary(fc.constantFrom('role', 'content', 'extra'), anything),
    );
    const body = fc.record(
      {
        model: fc.oneof(fc.constantFrom('m', ''), anything),
        max_tokens: fc.oneof(fc.nat(4096), anything),
        messages: fc.oneof(fc.array(turn, { maxLength: 3 }), anything),
        system: anything,
        stream: anything,
        temperature: anything,
        top_p: anything,
        top_k: anything,
        stop_sequences: anything,
        metadata: anything,
      },
      { requiredKeys: [] },
    );
    const plainTurn = fc.record({ role: fc.constantFrom('user', 'assistant'), content: fc.string({ maxLength: 5 }) });
    const plainBody = fc.record(
      {
        model: fc.constant('m'),
        max_tokens: fc.nat(4096),
        messages: fc.array(plainTurn, { maxLength: 3 }),
        system: fc.string({ maxLength: 5 }),
        stream: fc.boolean(),
        temperature: fc.double({ min: 0, max: 1, noNaN: true }),
        top_k: fc.nat(),
        stop_sequences: fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
      },
      { requiredKeys: ['model', 'max_tokens', 'messages'] },
    );
    // Plain bodies are read by hand, exactly as the schema reads them; a plain body with a field
    // the hand read does not know is left to the schema; over anything else the hand read either
    // agrees with the schema or leaves the body to it.
    const schemaOrNothing = (candidate: Record<string, unknown>): ReturnType<typeof schemaIr> | undefined => {
      try {
        return schemaIr(candidate);
      } catch {
        return undefined;
      }
    };
    const unknownField = fc.constantFrom('thinking', 'service_tier', 'container', 'mcp_servers', 'x_unknown');
    const candidates = fc.oneof(
      plainBody.map((candidate) => ({ candidate, branch: 'hand' as const })),
      fc
        .tuple(plainBody, unknownField, anything)
        .map(([plain, field, value]) => ({ candidate: { ...plain, [field]: value }, branch: 'schema' as const })),
      fc.tuple(plainBody, body).map(([plain, odd]) => ({ candidate: { ...plain, ...odd }, branch: 'either' as const })),
      body.map((candidate) => ({ candidate, branch: 'either' as const })),
    );
    fc.assert(
      fc.property(candidates, ({ candidate, branch }) => {
        const plain = readPlainAnthropicMessagesRequest(candidate);
        if (branch === 'hand') expect(plain).toEqual(schemaIr(candidate));
        else if (branch === 'schema') expect(plain).toBeUndefined();
        else if (plain) expect(plain).toEqual(schemaOrNothing(candidate));
      }),
      { numRuns: 500 },
    );
  });

  const agentBody = {
    model: 'claude-sonnet-4-5',
    max_tokens: 8192,
    stream: true,
    system: [{ type: 'text', text: 'You are a coding agent.', cache_control: { type: 'ephemeral' } }],
    tools: [
      {
        name: 'read_file',
        description: 'Read a file.',
        input_schema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      },
    ],
    tool_choice: { type: 'auto', disable_parallel_tool_use: false },
    metadata: { user_id: 'user_1' },
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'Fix the tests.' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Look first.', signature: 'c2ln' },
          { type: 'text', text: 'Reading it.' },
          { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'a.ts' } },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_1',
            content: '1\texport {}',
            cache_control: { type: 'ephemeral', ttl: '1h' },
          },
          { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'ok' }], is_error: true },
          { type: 'text', text: 'Go on.' },
        ],
      },
      { role: 'assistant', content: [{ type: 'redacted_thinking', data: 'xyz' }] },
    ],
  };

  it('reads an agent’s turn (blocks, tools, tool choice, metadata) as the request schema does', () => {
    const ir = readPlainAnthropicMessagesRequest(agentBody);
    expect(ir).toBeDefined();
    expect(ir).toEqual(schemaIr(agentBody));
  });

  it('gives the upstream the same bytes as the schema’s reading, for agent-shaped bodies of any kind', () => {
    const text = fc.string({ maxLength: 4 });
    const cache = fc.oneof(
      fc.constant(null),
      fc.constant({ type: 'ephemeral' }),
      fc.record(
        { type: fc.constantFrom('ephemeral', 'other'), ttl: fc.oneof(text, fc.integer()) },
        { requiredKeys: [] },
      ),
    );
    const odd = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}));
    const textBlock = fc.record(
      {
        type: fc.constantFrom('text', 'text', 'image'),
        text: fc.oneof(text, text, odd),
        cache_control: cache,
        citations: odd,
      },
      { requiredKeys: ['type'] },
    );
    const block = fc.oneof(
      textBlock,
      fc.record(
        {
          type: fc.constant('tool_use'),
          id: fc.oneof(text, odd),
          name: fc.oneof(text, odd),
          input: odd,
          cache_control: cache,
        },
        { requiredKeys: ['type', 'id', 'name'] },
      ),
      fc.record(
        {
          type: fc.constant('tool_result'),
          tool_use_id: fc.oneof(text, odd),
          content: fc.oneof(text, fc.array(textBlock, { maxLength: 2 }), odd),
          is_error: fc.oneof(fc.boolean(), odd),
          cache_control: cache,
        },
        { requiredKeys: ['type', 'tool_use_id'] },
      ),
      fc.record(
        {
          type: fc.constantFrom('thinking', 'redacted_thinking'),
          thinking: text,
          signature: text,
          data: fc.oneof(text, odd),
        },
        { requiredKeys: ['type'] },
      ),
      fc.dictionary(fc.constantFrom('type', 'text', 'extra'), fc.oneof(text, odd)),
    );
    const turn = fc.record({
      role: fc.constantFrom('user', 'assistant', 'user', 'system'),
      content: fc.oneof(text, fc.array(block, { maxLength: 4 })),
    });
    const tool = fc.record(
      {
        type: fc.constantFrom('custom', 'web_search_20250305'),
        name: fc.oneof(text, fc.constant('n'.repeat(129)), odd),
        description: fc.oneof(text, odd),
        input_schema: fc.oneof(fc.constant({ type: 'object' }), odd),
        cache_control: cache,
        strict: fc.oneof(fc.boolean(), odd),
      },
      { requiredKeys: ['name', 'input_schema'] },
    );
    const choice = fc.record(
      {
        type: fc.constantFrom('auto', 'any', 'tool', 'none', 'other'),
        name: fc.oneof(text, odd),
        disable_parallel_tool_use: fc.oneof(fc.boolean(), odd),
      },
      { requiredKeys: ['type'] },
    );
    const agent = fc.record(
      {
        model: fc.constantFrom('m', 'm', ''),
        max_tokens: fc.oneof(fc.nat(4096), fc.nat(4096), odd),
        messages: fc.array(turn, { maxLength: 4 }),
        system: fc.oneof(text, fc.array(textBlock, { maxLength: 2 })),
        tools: fc.array(tool, { maxLength: 2 }),
        tool_choice: choice,
        metadata: fc.oneof(
          fc.record({ user_id: fc.oneof(text, fc.constant(null), fc.constant('u'.repeat(257)), odd) }),
          odd,
        ),
        stream: fc.boolean(),
      },
      { requiredKeys: ['model', 'max_tokens', 'messages'] },
    );
    // Agent bodies whose every field is of the usual kind, the same with odd fields over them.
    const usualBlock = fc.oneof(
      fc.record({ type: fc.constant('text'), text }),
      fc.record({ type: fc.constant('tool_use'), id: text, name: text, input: fc.constant({ path: 'a' }) }),
      fc.record({ type: fc.constant('tool_result'), tool_use_id: text, content: text }),
      fc.record({ type: fc.constant('thinking'), thinking: text, signature: text }),
    );
    const usual = fc.record(
      {
        model: fc.constant('m'),
        max_tokens: fc.nat(4096),
        messages: fc.array(
          fc.record({ role: fc.constantFrom('user', 'assistant'), content: fc.array(usualBlock, { maxLength: 4 }) }),
          { maxLength: 4 },
        ),
        system: fc.array(fc.record({ type: fc.constant('text'), text, cache_control: cache }), { maxLength: 2 }),
        tools: fc.array(
          fc.record({
            name: fc.oneof(text, fc.constant('n'.repeat(129))),
            description: text,
            input_schema: fc.constant({ type: 'object' }),
          }),
          {
            maxLength: 2,
          },
        ),
        tool_choice: fc.oneof(
          fc.constant({ type: 'auto' }),
          fc.record({ type: fc.constant('tool'), name: fc.oneof(text, fc.constant('n'.repeat(129))) }),
        ),
        stream: fc.boolean(),
      },
      { requiredKeys: ['model', 'max_tokens', 'messages'] },
    );
    const candidates = fc.oneof(
      usual,
      fc.tuple(usual, agent).map(([plain, oddBody]) => ({ ...plain, ...oddBody })),
      agent,
    );
    // What the hand reads, the schema accepts, reads the same and encodes to the same bytes.
    expectHandReadsAsSchema(candidates, readPlainAnthropicMessagesRequest, schemaIr, [anthropicMessagesCodec], 400);
  });

  it('shares no object or array with the caller’s body', () => {
    const body = structuredClone(agentBody);
    const ir = readPlainAnthropicMessagesRequest(body);
    expect(ir?.tools?.[0]?.parameters).not.toBe(body.tools[0]?.input_schema);
    expect(objectsSharedWithBody(body, ir)).toEqual([]);
  });

  it('shares no array with the caller’s body', () => {
    const body = { model: 'm', max_tokens: 8, stop_sequences: ['END'], messages: [{ role: 'user', content: 'Hi' }] };
    const ir = readPlainAnthropicMessagesRequest(body);
    expect(ir?.sampling.stopSequences).toEqual(['END']);
    expect(ir?.sampling.stopSequences).not.toBe(body.stop_sequences);
  });
});
