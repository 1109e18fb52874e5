import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, sendSse, type ReceivedRequest } from '@interlingua/testkit';
import { windowAt } from '../accounting/usage-periods.js';
import { usageCounterKey } from '../accounting/usage-ledger.js';
import { operatorOf } from '../admin/operator-state.js';
import { ledgerRows } from '../ledger/ledger-queries.js';
import { TEST_DATABASES } from '../ledger/test-databases.test-support.js';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import { EVERYTHING_BIN } from './mcp-upstreams.test-support.js';

/**
 * The gateway runs the MCP tool loop inside a Responses request on a chat upstream: the real
 * `server-everything` (stdio) behind the gateway, a scripted chat model that calls the offered
 * `everything__echo` function once and then answers with what the tool said.
 */
const KEY = 'mcp-loop-key-0001';
const NO_MCP = 'mcp-loop-none-0001';
const ONE_RPM = 'mcp-loop-rpm1-0001';

interface ChatBody {
  stream?: boolean;
  tools?: Array<{ function: { name: string } }>;
  messages: Array<{ role: string; content?: unknown }>;
}

const USAGE = { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 };

/** The scripted chat model: a call of an offered tool until a tool result is in the history, then the result as text. */
function chatModel(request: ReceivedRequest, response: ServerResponse): void {
  const body = request.json() as ChatBody;
  const result = body.messages.find((message) => message.role === 'tool');
  // A user turn `fail after the tool` makes the model call fail once the tool answered.
  if (result && String(body.messages[0]?.content).startsWith('fail')) {
    sendJson(response, 500, { error: { message: 'the model broke', type: 'server_error' } });
    return;
  }
  const text = result ? `the tool said: ${String(result.content)}` : undefined;
  // The first offered tool with `{"message":"ping"}`, or the one a user turn `call <tool> <arguments>` names.
  const asked = /^call (\S+) (.*)$/.exec(String(body.messages[0]?.content ?? ''));
  const offered = (body.tools ?? []).map((tool) => tool.function.name);
  const name = asked ? offered.find((tool) => tool.endsWith(`__${asked[1]}`)) : offered[0];
  const call = {
    id: 'call_1',
    type: 'function',
    function: { name: name ?? 'none', arguments: asked?.[2] ?? '{"message":"ping"}' },
  };
  if (!body.stream) {
    const message = text
      ? { role: 'assistant', content: text }
      : { role: 'assistant', content: null, tool_calls: [call] };
    const finish = text ? 'stop' : 'tool_calls';
    sendJson(response, 200, {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: 'scripted',
      choices: [{ index: 0, message, finish_reason: finish }],
      usage: USAGE,
    });
    return;
  }
  const chunk = (delta: unknown, finish: string | null = null, usage?: unknown) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'scripted', choices: usage ? [] : [{ index: 0, delta, finish_reason: finish }], ...(usage ? { usage } : {}) })}\n\n`;
  const events = text
    ? [chunk({ role: 'assistant', content: text }), chunk({}, 'stop')]
    : [
        chunk({ role: 'assistant', content: 'Checking. ' }),
        chunk({ tool_calls: [{ index: 0, ...call }] }),
        chunk({}, 'tool_calls'),
      ];
  void sendSse(response, [...events, chunk({}, null, USAGE), 'data: [DONE]\n\n'].join(''));
}

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness(chatModel, {
    keys: [
      { name: 'loop', id: 'mcp-loop', secret: KEY, mcp: { servers: ['everything'] } },
      { name: 'none', secret: NO_MCP },
      { name: 'one-rpm', secret: ONE_RPM, rpm: 1, mcp: { servers: ['everything'] } },
    ],
    sections: {
      database: await TEST_DATABASES[0]!.fresh(),
      mcp: {
        servers: [{ name: 'everything', command: process.execPath, args: [EVERYTHING_BIN] }],
        limits: { callTimeoutMs: 5_000 },
      },
    },
  });
}, 60_000);
afterAll(async () => {
  await harness.close();
});

const MCP_TOOL = { type: 'mcp', server_label: 'everything', require_approval: 'never', allowed_tools: ['echo'] };

async function responses(body: Record<string, unknown>, key = KEY): Promise<Response> {
  return fetch(`${harness.url}/v1/responses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'up/scripted', input: 'echo ping', tools: [MCP_TOOL], ...body }),
  });
}

describe('the MCP tool loop inside a Responses request on a chat upstream', () => {
  it('lists, calls the tool, feeds its result back and answers with the items and the summed usage', async () => {
    const before = harness.upstream.requests.length;
    const answer = await responses({});
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as {
      id: string;
      output: Array<Record<string, unknown>>;
      usage: Record<string, number>;
    };
    expect(body.output.map((item) => item.type)).toEqual(['mcp_list_tools', 'mcp_call', 'message']);
    expect((body.output[0]?.tools as Array<{ name: string }>).map((tool) => tool.name)).toEqual(['echo']);
    expect(body.output[1]).toMatchObject({ server_label: 'everything', name: 'echo', arguments: '{"message":"ping"}' });
    expect(String(body.output[1]?.output)).toContain('ping');
    expect(JSON.stringify(body.output[2])).toContain('the tool said: ');
    expect(body.usage).toMatchObject({ input_tokens: 20, output_tokens: 4, total_tokens: 24 });
    const upstream = harness.upstream.requests.slice(before).map((request) => request.json() as ChatBody);
    expect(upstream).toHaveLength(2);
    expect(upstream[0]?.tools?.map((tool) => tool.function.name)).toEqual(['everything__echo']);
    expect(upstream[1]?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);

    const operator = operatorOf(harness.gateway.gateway.ops.runtime);
    await operator?.ledger.flush();
    const rows = await ledgerRows(operator!.db, { from: 0, to: Date.now() + 1, keyId: undefined, key: 'loop' }, 50);
    const requestId = answer.headers.get('x-request-id');
    const own = rows.filter((row) => row.request_id === requestId);
    expect(own.map((row) => row.path).sort()).toEqual(
      [
        'mcp-loop:translated:openai-responses>openai-chat',
        'mcp-loop:translated:openai-responses>openai-chat',
        'tools/call',
      ].sort(),
    );
    expect(own.reduce((sum, row) => sum + Number(row.input_tokens), 0)).toBe(20);
  });

  it('streams the model text live, never the MCP function call, and ends with the summed usage', async () => {
    const answer = await responses({ stream: true });
    expect(answer.status).toBe(200);
    const text = await answer.text();
    const events = text
      .split('\n\n')
      .filter((frame) => frame.includes('data: '))
      .map((frame) => JSON.parse(frame.slice(frame.indexOf('data: ') + 6)) as Record<string, unknown>);
    expect(events.filter((event) => event.type === 'response.created')).toHaveLength(1);
    expect(text).not.toContain('"function_call"');
    expect(text).toContain('Checking. ');
    expect(text).toContain('the tool said: ');
    const completed = events.find((event) => event.type === 'response.completed') as {
      response: { usage: Record<string, number>; output: Array<Record<string, unknown>> };
    };
    expect(completed.response.usage).toMatchObject({ input_tokens: 20, output_tokens: 4 });
    expect(completed.response.output.map((item) => item.type)).toEqual([
      'mcp_list_tools',
      'message',
      'mcp_call',
      'message',
    ]);
    const done = events.filter((event) => event.type === 'response.output_item.done');
    expect(done.map((event) => (event.item as { type: string }).type)).toEqual([
      'mcp_list_tools',
      'message',
      'mcp_call',
      'message',
    ]);
    expect(String((done[2]?.item as { output?: unknown }).output)).toContain('ping');
    expect(done.map((event) => event.output_index)).toEqual([0, 1, 2, 3]);
    const sequence = events.map((event) => event.sequence_number as number);
    expect(sequence).toEqual([...sequence].sort((a, b) => a - b));
  });

  it('gives a tool that runs past mcp.limits.callTimeoutMs an mcp_call with an error, and the model carries on', async () => {
    const slow = { ...MCP_TOOL, allowed_tools: ['trigger-long-running-operation'] };
    const input = 'call trigger-long-running-operation {"duration":30,"steps":1}';
    const answer = await responses({ tools: [slow], input });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { output: Array<Record<string, unknown>> };
    expect(body.output.map((item) => item.type)).toEqual(['mcp_list_tools', 'mcp_call', 'message']);
    expect(JSON.stringify(body.output[1]?.error)).toMatch(/timed out/i);
    expect(JSON.stringify(body.output[2])).toContain('the tool said: ');
  });

  it("returns the caller's own tool call to the caller, beside the MCP listing", async () => {
    const own = { type: 'function', name: 'lookup', parameters: { type: 'object', properties: {} } };
    const answer = await responses({ tools: [own, MCP_TOOL] });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { output: Array<Record<string, unknown>> };
    expect(body.output.map((item) => item.type)).toEqual(['mcp_list_tools', 'function_call']);
    expect(body.output[1]).toMatchObject({ name: 'lookup' });
  });

  it('answers a model call failing after a tool call with the error in the caller style, whole or in-band', async () => {
    const whole = await responses({ input: 'fail after the tool' });
    expect(whole.status).toBe(500);
    expect(JSON.stringify(await whole.json())).toContain('the model broke');
    const streamed = await responses({ input: 'fail after the tool', stream: true });
    expect(streamed.status).toBe(200);
    const text = await streamed.text();
    expect(text).toContain('the model broke');
    expect(text).toContain('response.failed');
  });

  it('stops the tool call under way when the caller leaves (cancelled before its time bound), and charges what was used', async () => {
    const inputTokens = async (): Promise<number> => {
      const key = usageCounterKey('cfg_mcp-loop', 'day', windowAt('day', Date.now()), 'inputTokens');
      const [value] = await harness.gateway.gateway.store.counters([{ key, by: 0, ttlMs: 0 }]);
      return value ?? 0;
    };
    const before = await inputTokens();
    const slow = { ...MCP_TOOL, allowed_tools: ['trigger-long-running-operation'] };
    const leaving = new AbortController();
    const answer = await fetch(`${harness.url}/v1/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'up/scripted',
        stream: true,
        input: 'call trigger-long-running-operation {"duration":30,"steps":1}',
        tools: [slow],
      }),
      signal: leaving.signal,
    });
    const requestId = answer.headers.get('x-request-id');
    const reader = answer.body!.getReader();
    let seen = '';
    // The first model call is over once its text is out: the tool call is what runs next.
    while (!seen.includes('Checking. ')) seen += new TextDecoder().decode((await reader.read()).value);
    leaving.abort();
    const operator = operatorOf(harness.gateway.gateway.ops.runtime)!;
    let row: Record<string, unknown> | undefined;
    for (let tries = 0; !row && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await operator.ledger.flush();
      const rows = await ledgerRows(operator.db, { from: 0, to: Date.now() + 1, keyId: undefined, key: 'loop' }, 50);
      row = rows.find((candidate) => candidate.request_id === requestId && candidate.path === 'tools/call');
    }
    // The SDK reports a cancel with the timeout's code: the call's duration tells them apart (the tool runs 30 s, the bound is 5 s).
    expect(row).toMatchObject({ model: 'trigger-long-running-operation', status: 502 });
    expect(Number(row?.latency_ms)).toBeLessThan(5_000);
    // The first model call's usage is charged to the key once the request closes.
    let charged = 0;
    for (let tries = 0; charged === 0 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      charged = (await inputTokens()) - before;
    }
    expect(charged).toBe(10);
  });

  it("counts each model call of the loop against the key's RPM: the second is refused with the usual 429", async () => {
    const answer = await responses({}, ONE_RPM);
    expect(answer.status).toBe(429);
    expect(JSON.stringify(await answer.json())).toContain('Rate limit reached for key \\"one-rpm\\"');
  });

  it("runs a server named by the gateway's own /mcp URL, under the caller's label", async () => {
    const byUrl = {
      type: 'mcp',
      server_label: 'gw',
      server_url: `${harness.url}/mcp`,
      require_approval: 'never',
      allowed_tools: ['everything__echo'],
    };
    const before = harness.upstream.requests.length;
    const answer = await responses({ tools: [byUrl] });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { output: Array<Record<string, unknown>> };
    expect(body.output.map((item) => item.type)).toEqual(['mcp_list_tools', 'mcp_call', 'message']);
    expect(body.output[1]).toMatchObject({ server_label: 'gw', name: 'everything__echo' });
    const first = harness.upstream.requests[before]?.json() as ChatBody;
    expect(first.tools?.map((tool) => tool.function.name)).toEqual(['gw__everything__echo']);
  });

  it('refuses a gateway server the key may not use, as one that does not exist', async () => {
    const answer = await responses({}, NO_MCP);
    expect(answer.status).toBe(404);
    expect(JSON.stringify(await answer.json())).toContain('no MCP server named \\"everything\\"');
  });
});

describe('the MCP tool loop inside an Anthropic Messages request on a chat upstream', () => {
  async function messages(stream: boolean): Promise<Response> {
    return fetch(`${harness.url}/v1/messages`, {
      method: 'POST',
      headers: {
        'x-api-key': KEY,
        'anthropic-version': '2023-06-01',
        'anthropic-beta': 'mcp-client-2025-04-04',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        model: 'up/scripted',
        max_tokens: 100,
        stream,
        messages: [{ role: 'user', content: 'echo ping' }],
        mcp_servers: [
          {
            type: 'url',
            url: `${harness.url}/mcp/everything`,
            name: 'everything',
            tool_configuration: { allowed_tools: ['echo'] },
          },
        ],
      }),
    });
  }

  it('answers mcp_tool_use and mcp_tool_result blocks, then the text', async () => {
    const answer = await messages(false);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { content: Array<Record<string, unknown>>; usage: Record<string, number> };
    expect(body.content.map((block) => block.type)).toEqual(['mcp_tool_use', 'mcp_tool_result', 'text']);
    expect(body.content[0]).toMatchObject({ name: 'echo', server_name: 'everything', input: { message: 'ping' } });
    expect(JSON.stringify(body.content[1])).toContain('ping');
    expect(body.usage).toMatchObject({ input_tokens: 20, output_tokens: 4 });
  });

  it('streams them in turn with the text', async () => {
    const answer = await messages(true);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    const starts = [...text.matchAll(/"content_block":\{"type":"(\w+)"/g)].map((match) => match[1]);
    expect(starts).toEqual(['text', 'mcp_tool_use', 'mcp_tool_result', 'text']);
    expect(text.match(/event: message_start/g)).toHaveLength(1);
  });
});

describe('approvals across turns', () => {
  const asking = { ...MCP_TOOL, require_approval: 'always' };
  type Output = Array<Record<string, unknown>>;

  async function firstTurn(store: boolean): Promise<{ id: string; output: Output }> {
    const answer = await responses({ tools: [asking], store });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { id: string; output: Output };
    expect(body.output.map((item) => item.type)).toEqual(['mcp_list_tools', 'mcp_approval_request']);
    expect(body.output[1]).toMatchObject({ server_label: 'everything', name: 'echo', arguments: '{"message":"ping"}' });
    return body;
  }

  function expectCalled(output: Output, requestId: unknown): void {
    expect(output.map((item) => item.type)).toEqual(['mcp_call', 'message']);
    expect(output[0]).toMatchObject({ name: 'echo', approval_request_id: requestId });
    expect(String(output[0]?.output)).toContain('ping');
  }

  it('asks, then calls once approved after previous_response_id', async () => {
    const first = await firstTurn(true);
    const approval = { type: 'mcp_approval_response', approval_request_id: first.output[1]?.id, approve: true };
    const answer = await responses({ tools: [asking], previous_response_id: first.id, input: [approval] });
    expect(answer.status).toBe(200);
    expectCalled(((await answer.json()) as { output: Output }).output, first.output[1]?.id);
  });

  it('asks in a stream, then calls once approved after previous_response_id', async () => {
    const streamed = await (await responses({ tools: [asking], stream: true })).text();
    const completed = streamed.split('\n\n').find((frame) => frame.includes('"response.completed"')) ?? '';
    const first = (
      JSON.parse(completed.slice(completed.indexOf('data: ') + 6)) as { response: { id: string; output: Output } }
    ).response;
    expect(first.output.map((item) => item.type)).toEqual(['mcp_list_tools', 'message', 'mcp_approval_request']);
    const approval = { type: 'mcp_approval_response', approval_request_id: first.output[2]?.id, approve: true };
    const answer = await responses({ tools: [asking], previous_response_id: first.id, input: [approval] });
    expect(answer.status).toBe(200);
    expectCalled(((await answer.json()) as { output: Output }).output, first.output[2]?.id);
  });

  it('asks, then calls once approved with store:false and the items resent', async () => {
    const first = await firstTurn(false);
    const approval = { type: 'mcp_approval_response', approval_request_id: first.output[1]?.id, approve: true };
    const input = [{ role: 'user', content: 'echo ping' }, ...first.output, approval];
    const answer = await responses({ tools: [asking], store: false, input });
    expect(answer.status).toBe(200);
    expectCalled(((await answer.json()) as { output: Output }).output, first.output[1]?.id);
  });
});
