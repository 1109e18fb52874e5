import {
  anthropicUpstreamRequestSchema,
  loadRecording,
  recordingJson,
  sendJson,
  type ReceivedRequest,
} from '@interlingua/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/**
 * Route settings for prompt caching against an Anthropic upstream: `cache.breakpoints: auto`
 * marks what the caller did not, and `cache.affinity` keeps one cache key on one target while
 * that target is healthy.
 */
let harness: Harness;
/** Upstream model ids that answer 500 (a failing target). */
const failing = new Set<string>();

const TOOLS = [
  { name: 'look', description: 'Look around', input_schema: { type: 'object', properties: {} } },
  {
    name: 'read',
    description: 'Read a file',
    input_schema: { type: 'object', properties: { path: { type: 'string' } } },
  },
];
const CONVERSATION = [
  { role: 'user', content: 'First question' },
  { role: 'assistant', content: 'First answer' },
  { role: 'user', content: 'Second question' },
];

beforeAll(async () => {
  const answer = recordingJson(loadRecording('anthropic-messages/01-text.json'));
  harness = await startHarness(
    (request, response) => {
      const model = String((request.json() as { model?: unknown }).model);
      if (failing.has(model))
        return sendJson(response, 500, {
          type: 'error',
          error: { type: 'api_error', message: 'Internal server error' },
        });
      return sendJson(response, 200, answer);
    },
    {
      upstreamProvider: { type: 'anthropic' },
      sections: { routing: { retries: 0, cooldown: { failures: 1, windowMs: 60_000, durationMs: 60_000 } } },
      models: [
        {
          name: 'claude-auto',
          targets: [{ provider: 'upstream', model: 'claude-a' }],
          defaultMaxOutputTokens: 512,
          cache: { breakpoints: 'auto', ttl: '1h' },
        },
        { name: 'claude-plain', targets: [{ provider: 'upstream', model: 'claude-a' }], defaultMaxOutputTokens: 512 },
        {
          name: 'sticky',
          targets: ['t1', 't2', 't3'].map((model) => ({ provider: 'upstream', model })),
          defaultMaxOutputTokens: 512,
          cache: { affinity: true },
        },
      ],
    },
  );
});

afterAll(async () => harness.close());

beforeEach(() => {
  harness.upstream.requests.length = 0;
  failing.clear();
});

async function messages(body: Record<string, unknown>): Promise<Response> {
  const response = await fetch(`${harness.url}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': GATEWAY_KEY, 'anthropic-version': '2023-06-01' },
    body: JSON.stringify({ max_tokens: 256, ...body }),
  });
  await response.arrayBuffer();
  return response;
}

async function chat(body: Record<string, unknown>): Promise<Response> {
  const response = await fetch(`${harness.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${GATEWAY_KEY}` },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response;
}

function lastUpstreamBody(): ReturnType<typeof anthropicUpstreamRequestSchema.parse> {
  const request = harness.upstream.requests.at(-1) as ReceivedRequest;
  return anthropicUpstreamRequestSchema.parse(request.json());
}

/** Where the upstream request has breakpoints: `tools[i]`, `system[i]`, `messages[m].content[p]`. */
function breakpoints(body: Record<string, unknown>): string[] {
  const found: string[] = [];
  const blocks = (value: unknown) => (Array.isArray(value) ? (value as Array<Record<string, unknown>>) : []);
  blocks(body.tools).forEach(
    (tool, i) => tool.cache_control && found.push(`tools[${i}]:${JSON.stringify(tool.cache_control)}`),
  );
  blocks(body.system).forEach(
    (block, i) => block.cache_control && found.push(`system[${i}]:${JSON.stringify(block.cache_control)}`),
  );
  blocks(body.messages).forEach((message, m) =>
    blocks(message.content).forEach(
      (block, p) =>
        block.cache_control && found.push(`messages[${m}].content[${p}]:${JSON.stringify(block.cache_control)}`),
    ),
  );
  return found;
}

const HOUR = '{"type":"ephemeral","ttl":"1h"}';

describe('cache.breakpoints: auto', () => {
  it('marks the last tool, the system prompt, the previous and the last user turn of an Anthropic caller that sent none', async () => {
    const response = await messages({
      model: 'claude-auto',
      system: 'Long rules',
      tools: TOOLS,
      messages: CONVERSATION,
    });
    expect(response.status).toBe(200);
    expect(breakpoints(lastUpstreamBody())).toEqual([
      `tools[1]:${HOUR}`,
      `system[0]:${HOUR}`,
      `messages[0].content[0]:${HOUR}`,
      `messages[2].content[0]:${HOUR}`,
    ]);
    expect(response.headers.get('x-interlingua-warnings')).toBeNull();
  });

  it('marks a chat caller’s request the same way on its way to Anthropic', async () => {
    const response = await chat({
      model: 'claude-auto',
      messages: [{ role: 'system', content: 'Long rules' }, ...CONVERSATION],
      tools: TOOLS.map((tool) => ({
        type: 'function',
        function: { name: tool.name, description: tool.description, parameters: tool.input_schema },
      })),
    });
    expect(response.status).toBe(200);
    expect(breakpoints(lastUpstreamBody())).toEqual([
      `tools[1]:${HOUR}`,
      `system[0]:${HOUR}`,
      `messages[0].content[0]:${HOUR}`,
      `messages[2].content[0]:${HOUR}`,
    ]);
  });

  it('relays a caller’s own breakpoints unchanged and adds none', async () => {
    const system = [{ type: 'text', text: 'Long rules', cache_control: { type: 'ephemeral' } }];
    const response = await messages({ model: 'claude-auto', system, tools: TOOLS, messages: CONVERSATION });
    expect(response.headers.get('x-interlingua-route')).toContain('path=fast');
    expect(breakpoints(lastUpstreamBody())).toEqual(['system[0]:{"type":"ephemeral"}']);
  });

  it('adds nothing on a route without the setting', async () => {
    const response = await messages({
      model: 'claude-plain',
      system: 'Long rules',
      tools: TOOLS,
      messages: CONVERSATION,
    });
    expect(response.headers.get('x-interlingua-route')).toContain('path=fast');
    expect(breakpoints(lastUpstreamBody())).toEqual([]);
  });
});

/** The upstream model each of these requests reached. */
async function targetsFor(keys: string[]): Promise<string[]> {
  const reached: string[] = [];
  for (const key of keys) {
    const response = await messages({
      model: 'sticky',
      metadata: { user_id: key },
      messages: [{ role: 'user', content: 'Hello' }],
    });
    expect(response.status).toBe(200);
    reached.push(/model=([^;]+)/.exec(response.headers.get('x-interlingua-route') ?? '')?.[1] ?? 'none');
  }
  return reached;
}

describe('cache.affinity', () => {
  it('sends every request of one key to one target', async () => {
    const reached = await targetsFor(Array.from({ length: 12 }, () => 'user-1'));
    expect(new Set(reached).size).toBe(1);
  });

  it('moves a key to one other target while its target cools down, and keeps it there', async () => {
    const [home] = await targetsFor(['user-2']);
    failing.add(home!);
    harness.upstream.requests.length = 0;
    const reached = await targetsFor(Array.from({ length: 8 }, () => 'user-2'));
    expect(reached).not.toContain(home);
    expect(new Set(reached).size).toBe(1);
    // The cooling target was tried once (its failure cooled it), then skipped.
    expect(
      harness.upstream.requests.filter((request) => (request.json() as { model: string }).model === home),
    ).toHaveLength(1);
  });

  it('spreads distinct keys over the targets', async () => {
    const reached = await targetsFor(Array.from({ length: 30 }, (_, i) => `spread-${i}`));
    expect(new Set(reached).size).toBeGreaterThan(1);
  });

  it('keys without a user id by the stable prefix: one system prompt stays on one target whatever the last turn', async () => {
    const reached: string[] = [];
    for (let turn = 0; turn < 6; turn++) {
      const response = await messages({
        model: 'sticky',
        system: 'Shared rules',
        messages: [
          { role: 'user', content: 'Start' },
          { role: 'assistant', content: 'Ok' },
          { role: 'user', content: `Turn ${turn}` },
        ],
      });
      reached.push(/model=([^;]+)/.exec(response.headers.get('x-interlingua-route') ?? '')?.[1] ?? 'none');
    }
    expect(new Set(reached).size).toBe(1);
  });
});

describe('cache settings an Anthropic upstream cannot take', () => {
  it('a Gemini cachedContent reference is not sent and is named in x-interlingua-warnings', async () => {
    const response = await fetch(`${harness.url}/v1beta/models/claude-plain:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': GATEWAY_KEY },
      body: JSON.stringify({
        contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
        cachedContent: 'cachedContents/report-42',
      }),
    });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(JSON.stringify(lastUpstreamBody())).not.toContain('report-42');
    expect(response.headers.get('x-interlingua-warnings')).toContain(
      'dropped cachedContent: Anthropic Messages cannot read the Gemini cache resource cachedContents/report-42',
    );
  });

  it('an OpenAI prompt_cache_key is not sent and is named in a warning', async () => {
    const response = await chat({
      model: 'claude-plain',
      messages: [{ role: 'user', content: 'Hello' }],
      prompt_cache_key: 'tenant-9',
    });
    expect(JSON.stringify(lastUpstreamBody())).not.toContain('tenant-9');
    expect(response.headers.get('x-interlingua-warnings')).toContain('dropped prompt_cache_key');
  });
});
