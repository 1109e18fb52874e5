import { describe, expect, it } from 'vitest';
import { anthropicMessagesRequestSchema } from './anthropic-messages-request-schema.js';

const base = { model: 'm', max_tokens: 1 };

/** Every issue, in full, of requests whose known blocks, custom tools or `thinking` are checked again by kind. */
const cases: Array<[string, Record<string, unknown>, unknown[]]> = [
  [
    'a text block',
    { ...base, messages: [{ role: 'user', content: [{ type: 'text', text: 5, cache_control: { type: 'x' } }] }] },
    [
      {
        expected: 'string',
        code: 'invalid_type',
        path: ['messages', 0, 'content', 0, 'text'],
        message: 'Invalid input: expected string, received number',
      },
      {
        code: 'invalid_value',
        values: ['ephemeral'],
        path: ['messages', 0, 'content', 0, 'cache_control', 'type'],
        message: 'Invalid input: expected "ephemeral"',
      },
    ],
  ],
  [
    'an image inside a tool result',
    {
      ...base,
      messages: [
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 't', content: [{ type: 'image', source: { type: 'url' } }] }],
        },
      ],
    },
    [
      {
        expected: 'string',
        code: 'invalid_type',
        path: ['messages', 0, 'content', 0, 'content', 0, 'source', 'url'],
        message: 'Invalid input: expected string, received undefined',
      },
    ],
  ],
  [
    'custom tools',
    {
      ...base,
      messages: [],
      tools: [
        { name: 'a'.repeat(200), input_schema: [] },
        { type: 'custom', name: 3 },
      ],
    },
    [
      {
        origin: 'string',
        code: 'too_big',
        maximum: 128,
        inclusive: true,
        path: ['tools', 0, 'name'],
        message: 'Too big: expected string to have <=128 characters',
      },
      {
        origin: 'string',
        code: 'too_big',
        maximum: 128,
        inclusive: true,
        path: ['tools', 0, 'name'],
        message: 'Too big: expected string to have <=128 characters',
      },
      {
        expected: 'record',
        code: 'invalid_type',
        path: ['tools', 0, 'input_schema'],
        message: 'Invalid input: expected record, received array',
      },
      {
        expected: 'string',
        code: 'invalid_type',
        path: ['tools', 1, 'name'],
        message: 'Invalid input: expected string, received number',
      },
    ],
  ],
  [
    'thinking',
    { ...base, messages: [], thinking: { type: 'enabled', budget_tokens: -1, display: 4 } },
    [
      {
        origin: 'number',
        code: 'too_small',
        minimum: 0,
        inclusive: true,
        path: ['thinking', 'budget_tokens'],
        message: 'Too small: expected number to be >=0',
      },
      {
        expected: 'string',
        code: 'invalid_type',
        path: ['thinking', 'display'],
        message: 'Invalid input: expected string, received number',
      },
    ],
  ],
];

describe('checks by kind', () => {
  it.each(cases)('report the issues of %s at their own paths, as they are', (_name, body, issues) => {
    const parsed = anthropicMessagesRequestSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(JSON.parse(JSON.stringify(parsed.error?.issues))).toStrictEqual(issues);
  });

  it('let unknown kinds and server tools through untouched', () => {
    const body = {
      ...base,
      messages: [{ role: 'user', content: [{ type: 'search_result', anything: 1 }] }],
      tools: [{ type: 'web_search_20250305', name: 'web_search', extra: true }],
      thinking: { type: 'between_tools', budget: 'x' },
    };
    expect(anthropicMessagesRequestSchema.safeParse(body).success).toBe(true);
  });
});
