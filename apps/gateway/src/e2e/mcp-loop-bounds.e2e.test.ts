import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, type ReceivedRequest } from '@interlingua/testkit';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import { EVERYTHING_BIN } from './mcp-upstreams.test-support.js';

/**
 * The MCP tool loop's bounds beside the ones a request already has: tools an Anthropic toolset
 * disables one by one, budgets that the loop's own earlier model calls spend, and the loop's time
 * bound over a model call already running. The real `server-everything` (stdio) behind the gateway,
 * a scripted chat model.
 */
const KEY = 'mcp-bounds-key-0001';
const BUDGETED = 'mcp-bounds-budget-0001';
const USAGE = { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 };

interface ChatBody {
  tools?: Array<{ function: { name: string } }>;
  messages: Array<{ role: string; content?: unknown }>;
}

/**
 * The scripted chat model, by the first user turn: `slow` never answers; `just answer` answers at
 * once; anything else calls the first offered tool until two tool results are in the history.
 */
function chatModel(request: ReceivedRequest, response: ServerResponse): void {
  const body = request.json() as ChatBody;
  const first = String(body.messages[0]?.content ?? '');
  if (first === 'slow') return;
  const results = body.messages.filter((message) => message.role === 'tool').length;
  const name = body.tools?.[0]?.function.name;
  const message =
    first === 'just answer' || results >= 2 || !name
      ? { role: 'assistant', content: 'done' }
      : {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: `call_${results}`, type: 'function', function: { name, arguments: argumentsOf(name) } }],
        };
  sendJson(response, 200, {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model: 'scripted',
    choices: [{ index: 0, message, finish_reason: message.content ? 'stop' : 'tool_calls' }],
    usage: USAGE,
  });
}

/** `echo` gets a message; the long-running tool runs for 30 seconds, past every bound of these tests. */
function argumentsOf(tool: string): string {
  return tool.endsWith('trigger-long-running-operation') ? '{"duration":30,"steps":1}' : '{"message":"ping"}';
}

async function startLoopHarness(loop: Record<string, unknown>): Promise<Harness> {
  return startHarness(chatModel, {
    keys: [
      { name: 'loop', secret: KEY, mcp: { servers: ['everything'] } },
      // Each model call of the loop spends 12 tokens: the first two (24) exhaust the budget.
      {
        name: 'budgeted',
        secret: BUDGETED,
        mcp: { servers: ['everything'] },
        budgets: [{ period: 'day', tokens: 20, reservePerRequest: 1 }],
      },
    ],
    sections: {
      mcp: {
        servers: [{ name: 'everything', command: process.execPath, args: [EVERYTHING_BIN] }],
        limits: { callTimeoutMs: 5_000 },
        loop,
      },
    },
  });
}

async function responses(harness: Harness, body: Record<string, unknown>, key = KEY): Promise<Response> {
  const tool = { type: 'mcp', server_label: 'everything', require_approval: 'never', allowed_tools: ['echo'] };
  return fetch(`${harness.url}/v1/responses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'up/scripted', input: 'echo twice', tools: [tool], ...body }),
  });
}

describe('the MCP tool loop within its bounds', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startLoopHarness({});
  }, 60_000);
  afterAll(async () => {
    await harness.close();
  });

  it('never offers a tool an Anthropic mcp_toolset disables by name while keeping the others on', async () => {
    const before = harness.upstream.requests.length;
    const answer = await fetch(`${harness.url}/v1/messages`, {
      method: 'POST',
      headers: {
        'x-api-key': KEY,
        'anthropic-version': '2023-06-01',
        'anthropic-beta': 'mcp-client-2025-11-20',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        model: 'up/scripted',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'just answer' }],
        mcp_servers: [{ type: 'url', url: `${harness.url}/mcp/everything`, name: 'everything' }],
        tools: [
          {
            type: 'mcp_toolset',
            mcp_server_name: 'everything',
            default_config: { enabled: true },
            configs: { echo: { enabled: false } },
          },
        ],
      }),
    });
    expect(answer.status).toBe(200);
    const offered = (harness.upstream.requests[before]?.json() as ChatBody).tools?.map((tool) => tool.function.name);
    expect(offered?.length).toBeGreaterThan(1);
    expect(offered).toContain('everything__get-sum');
    expect(offered).not.toContain('everything__echo');
  });

  it("stops the loop's third model call with the caller-style 429 once its first two spent the budget", async () => {
    const before = harness.upstream.requests.length;
    const answer = await responses(harness, {}, BUDGETED);
    expect(answer.status).toBe(429);
    const body = (await answer.json()) as { error: { message: string; code: string } };
    expect(body.error).toMatchObject({ code: 'budget_exceeded' });
    expect(body.error.message).toContain('Key "budgeted" has used its budget of 20 tokens per day');
    expect(harness.upstream.requests.length - before).toBe(2);
  });
});

describe("the loop's time bound over a model call already running", () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startLoopHarness({ timeoutSeconds: 2 });
  }, 60_000);
  afterAll(async () => {
    await harness.close();
  });

  it('cuts a slow model call at the bound: the answer ends with the loop warning and a pause, not a hang', async () => {
    const answer = await responses(harness, { input: 'slow' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-interlingua-warnings')).toContain('mcp.loop.timeoutSeconds');
    const body = (await answer.json()) as { output: Array<{ type: string }> };
    expect(body.output.map((item) => item.type)).toEqual(['mcp_list_tools']);
  });

  it("stops a tool call still running at the loop's bound, before its own mcp.limits.callTimeoutMs", async () => {
    const slow = {
      type: 'mcp',
      server_label: 'everything',
      require_approval: 'never',
      allowed_tools: ['trigger-long-running-operation'],
    };
    const answer = await responses(harness, { tools: [slow], input: 'call the slow tool' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-interlingua-warnings')).toContain('mcp.loop.timeoutSeconds');
    const body = (await answer.json()) as { output: Array<Record<string, unknown>> };
    expect(body.output.map((item) => item.type)).toEqual(['mcp_list_tools', 'mcp_call']);
    expect(JSON.stringify(body.output[1]?.error)).toContain('mcp.loop.timeoutSeconds');
  });

  it('cuts it in a streamed answer too: the stream completes with the listing', async () => {
    const answer = await responses(harness, { input: 'slow', stream: true });
    expect(answer.status).toBe(200);
    const events = [...(await answer.text()).matchAll(/^event: (\S+)$/gm)].map((match) => match[1]);
    expect(events.at(-1)).toBe('response.completed');
    expect(events).toContain('response.mcp_list_tools.completed');
  });
});
