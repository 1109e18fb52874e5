import fc from 'fast-check';
import { checkOpenAiChatRequestLimits } from '@interlingua/openai-chat/internal';
import { describe, expect, it } from 'vitest';
import { checkOpenAiChatLimits, isPlainFunctionTool } from './chat-tool-limits.js';

/** What a check makes of a body: passed, or the error's message and field. */
function outcome(check: (json: Record<string, unknown>) => void, json: Record<string, unknown>): unknown {
  try {
    check(json);
    return 'passed';
  } catch (error) {
    const { message, param } = error as { message: string; param?: string };
    return { message, param };
  }
}

const name = fc.oneof(
  fc.string({ maxLength: 70 }),
  { weight: 3, arbitrary: fc.constantFrom('a'.repeat(64), 'a'.repeat(65), 'read_file') },
  fc.integer(),
  fc.constant(null),
);
const functionPart = fc.record(
  {
    name: name,
    description: fc.oneof({ weight: 8, arbitrary: fc.string() }, fc.constant(null), fc.integer()),
    parameters: fc.oneof(
      {
        weight: 12,
        arbitrary: fc.constant({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }),
      },
      fc.constant([]),
      fc.constant(null),
      fc.constant({ constructor: 'x' }),
      fc.jsonValue({ maxDepth: 2 }),
    ),
    strict: fc.oneof({ weight: 8, arbitrary: fc.boolean() }, fc.constant(null), fc.constant('yes')),
    extra: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: ['name'] },
);
const tool = fc.oneof(
  { weight: 12, arbitrary: fc.record({ type: fc.constant('function'), function: functionPart }) },
  fc.record({ type: fc.constantFrom('function', 'custom', 'web_search'), function: fc.jsonValue({ maxDepth: 1 }) }),
  fc.jsonValue({ maxDepth: 2 }),
);
const body = fc.record(
  {
    model: fc.oneof({ weight: 4, arbitrary: fc.constant('gpt-4.1-mini') }, fc.string({ maxLength: 300 }), fc.integer()),
    tools: fc.oneof({ weight: 4, arbitrary: fc.array(tool, { maxLength: 3 }) }, fc.constant(null), fc.jsonValue()),
    tool_choice: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('auto', 'none') },
      fc.constant('bad'),
      fc.constant({ type: 'function' }),
    ),
    temperature: fc.oneof(
      { weight: 6, arbitrary: fc.double({ min: 0, max: 2, noNaN: true }) },
      fc.constant(3),
      fc.constant(null),
    ),
    user: fc.oneof(
      { weight: 6, arbitrary: fc.string({ maxLength: 20 }) },
      fc.string({ minLength: 257, maxLength: 300 }),
      fc.constant(null),
    ),
  },
  { requiredKeys: [] },
);

describe('checkOpenAiChatLimits', () => {
  it('takes the tools agents send by hand, leaves odd ones to the schema', () => {
    const read = { type: 'function', function: { name: 'read_file', description: 'Read', parameters: {} } };
    expect(isPlainFunctionTool(read)).toBe(true);
    expect(isPlainFunctionTool({ ...read, function: { ...read.function, strict: true } })).toBe(true);
    expect(isPlainFunctionTool({ type: 'custom', custom: { name: 'x' } })).toBe(false);
    expect(isPlainFunctionTool({ ...read, function: { ...read.function, name: 'a'.repeat(65) } })).toBe(false);
    expect(isPlainFunctionTool({ ...read, function: { ...read.function, parameters: [] } })).toBe(false);
    expect(isPlainFunctionTool({ ...read, function: { ...read.function, description: null } })).toBe(false);
  });

  it('gives what the request schema gives, for any body (both branches)', () => {
    let handChecked = 0;
    fc.assert(
      fc.property(body, (json) => {
        if (Array.isArray(json.tools) && json.tools.every(isPlainFunctionTool)) handChecked++;
        expect(outcome(checkOpenAiChatLimits, json)).toEqual(outcome(checkOpenAiChatRequestLimits, json));
      }),
      { numRuns: 400 },
    );
    expect(handChecked).toBeGreaterThan(20);
  });

  it('refuses a bad field beside plain tools as the schema does', () => {
    const json = {
      model: 'm',
      temperature: 3,
      tools: [{ type: 'function', function: { name: 'read_file', parameters: { type: 'object' } } }],
    };
    expect(outcome(checkOpenAiChatLimits, json)).toEqual(outcome(checkOpenAiChatRequestLimits, json));
    expect(outcome(checkOpenAiChatLimits, json)).toMatchObject({ message: expect.stringContaining('temperature') });
  });
});
