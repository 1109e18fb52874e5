import { sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStyleOfPath, styleErrorMessage } from './bad-input.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/**
 * Documented ranges and string limits, refused the way each real API refuses them: a 400 in the
 * caller's style naming the field, on the mock (decoded into the IR) and on the fast path (an
 * upstream of the caller's own style, which would answer 500 here if the body reached it).
 */
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness((_request, response) =>
    sendJson(response, 500, { error: { message: 'upstream failure', type: 'server_error', param: null, code: null } }),
  );
});
afterAll(() => harness.close());

const bearer = { authorization: `Bearer ${GATEWAY_KEY}` };
const anthropic = { 'x-api-key': GATEWAY_KEY, 'anthropic-version': '2023-06-01' };
const google = { 'x-goog-api-key': GATEWAY_KEY };
const userTurn = [{ role: 'user', content: 'hi' }];
const geminiTurn = [{ role: 'user', parts: [{ text: 'hi' }] }];
const pairs = (count: number): Record<string, string> =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 'v']));
const name = (length: number): string => 'f'.repeat(length);
const chatTool = (toolName: string): unknown => ({
  type: 'function',
  function: { name: toolName, parameters: { type: 'object' } },
});

interface LimitCase {
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /** The field the error must name. */
  field: string;
}

const chat = (model: string, extra: Record<string, unknown>, field: string): LimitCase => ({
  path: '/v1/chat/completions',
  headers: bearer,
  body: { model, messages: userTurn, ...extra },
  field,
});
const responses = (extra: Record<string, unknown>, field: string): LimitCase => ({
  path: '/v1/responses',
  headers: bearer,
  body: { model: 'mock', input: 'hi', store: false, ...extra },
  field,
});
const messages = (path: string, extra: Record<string, unknown>, field: string): LimitCase => ({
  path,
  headers: anthropic,
  body: { model: 'mock', max_tokens: 16, messages: userTurn, ...extra },
  field,
});
const gemini = (extra: Record<string, unknown>, field: string): LimitCase => ({
  path: '/v1beta/models/mock:generateContent',
  headers: google,
  body: { contents: geminiTurn, ...extra },
  field,
});

const CASES: Array<[string, LimitCase]> = [
  ...['mock', 'up/gpt-4.1'].flatMap((model): Array<[string, LimitCase]> => [
    [`chat (${model}): temperature 7`, chat(model, { temperature: 7 }, 'temperature')],
    [`chat (${model}): top_p 1.5`, chat(model, { top_p: 1.5 }, 'top_p')],
    [`chat (${model}): n 0`, chat(model, { n: 0 }, 'n')],
    [`chat (${model}): max_tokens 0`, chat(model, { max_tokens: 0 }, 'max_tokens')],
    [`chat (${model}): presence_penalty 3`, chat(model, { presence_penalty: 3 }, 'presence_penalty')],
    [
      `chat (${model}): a 65-character function name`,
      chat(model, { tools: [chatTool(name(65))] }, 'tools[0].function.name'),
    ],
    [`chat (${model}): 17 metadata pairs`, chat(model, { metadata: pairs(17) }, 'metadata')],
    [
      `chat (${model}): a 513-character metadata value`,
      chat(model, { metadata: { note: 'v'.repeat(513) } }, 'metadata.note'),
    ],
    [`chat (${model}): a 257-character user`, chat(model, { user: 'u'.repeat(257) }, 'user')],
  ]),
  ['responses: temperature 7', responses({ temperature: 7 }, 'temperature')],
  ['responses: top_p -0.5', responses({ top_p: -0.5 }, 'top_p')],
  ['responses: max_output_tokens 8', responses({ max_output_tokens: 8 }, 'max_output_tokens')],
  [
    'responses: a 65-character function name',
    responses({ tools: [{ type: 'function', name: name(65), parameters: { type: 'object' } }] }, 'tools[0].name'),
  ],
  ['responses: a 65-character metadata key', responses({ metadata: { [name(65)]: 'v' } }, 'metadata')],
  [
    'responses: a 257-character safety_identifier',
    responses({ safety_identifier: 's'.repeat(257) }, 'safety_identifier'),
  ],
  ...['/v1/messages', '/v1/messages/count_tokens'].flatMap((path): Array<[string, LimitCase]> => [
    [`${path}: temperature 1.5`, messages(path, { temperature: 1.5 }, 'temperature')],
    [`${path}: top_p 2`, messages(path, { top_p: 2 }, 'top_p')],
    [
      `${path}: a 129-character tool name`,
      messages(path, { tools: [{ name: name(129), input_schema: { type: 'object' } }] }, 'tools[0].name'),
    ],
    [
      `${path}: a 257-character metadata.user_id`,
      messages(path, { metadata: { user_id: 'u'.repeat(257) } }, 'metadata.user_id'),
    ],
  ]),
  [
    'gemini: generationConfig.temperature 3',
    gemini({ generationConfig: { temperature: 3 } }, 'generationConfig.temperature'),
  ],
  [
    'gemini: generation_config.top_p 2 (snake_case)',
    gemini({ generation_config: { top_p: 2 } }, 'generationConfig.topP'),
  ],
  [
    'gemini: generationConfig.candidateCount 9',
    gemini({ generationConfig: { candidateCount: 9 } }, 'generationConfig.candidateCount'),
  ],
  [
    'gemini: a 129-character function name',
    gemini({ tools: [{ functionDeclarations: [{ name: name(129) }] }] }, 'tools[0].functionDeclarations[0].name'),
  ],
];

describe("documented ranges and string limits: a 400 in the caller's style naming the field", () => {
  it.each(CASES)('%s', async (_name, limit) => {
    const response = await fetch(`${harness.url}${limit.path}`, {
      method: 'POST',
      headers: { ...limit.headers, 'content-type': 'application/json' },
      body: JSON.stringify(limit.body),
    });
    const text = await response.text();
    expect(response.status, text.slice(0, 300)).toBe(400);
    expect(styleErrorMessage(errorStyleOfPath(limit.path), text)).toMatch(
      new RegExp(`^${limit.field.replace(/[[\].]/g, '\\$&')}\\b`),
    );
  });

  it.each([
    [
      'chat at the edges',
      '/v1/chat/completions',
      bearer,
      {
        model: 'mock',
        messages: userTurn,
        temperature: 2,
        top_p: 0,
        n: 1,
        tools: [chatTool(name(64))],
        metadata: pairs(16),
        user: 'u'.repeat(256),
      },
    ],
    [
      'responses at the edges',
      '/v1/responses',
      bearer,
      {
        model: 'mock',
        input: 'hi',
        store: false,
        temperature: 0,
        top_p: 1,
        max_output_tokens: 16,
        metadata: { [name(64)]: 'v'.repeat(512) },
      },
    ],
    [
      'messages at the edges',
      '/v1/messages',
      anthropic,
      {
        model: 'mock',
        max_tokens: 16,
        messages: userTurn,
        temperature: 1,
        top_p: 1,
        tools: [{ name: name(128), input_schema: { type: 'object' } }],
      },
    ],
    [
      'gemini at the edges',
      '/v1beta/models/mock:generateContent',
      google,
      {
        contents: geminiTurn,
        generationConfig: { temperature: 2, topP: 1, candidateCount: 1 },
        tools: [{ functionDeclarations: [{ name: name(128) }] }],
      },
    ],
  ])('%s is answered', async (_name, path, headers, body) => {
    const response = await fetch(`${harness.url}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    expect(response.status, text.slice(0, 300)).toBe(200);
  });
});
