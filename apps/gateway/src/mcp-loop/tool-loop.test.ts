import { describe, expect, it } from 'vitest';
import type { IrContentPart, IrRequest, IrResponse } from '@interlingua/ir';
import { runToolLoop } from './tool-loop.js';
import { LoopDeadlineReached, type LoopBounds, type LoopDeps, type LoopServer, type ToolAnswer } from './loop-types.js';

const BOUNDS: LoopBounds = { maxIterations: 8, timeoutMs: 60_000, maxResultBytes: 1_000 };

const SERVER: LoopServer = {
  label: 'calc',
  requireApproval: 'never',
  tools: [{ name: 'add', description: 'adds', inputSchema: { type: 'object' } }],
};

function request(
  messages: IrRequest['messages'] = [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
): IrRequest {
  return {
    model: 'm',
    messages,
    tools: [{ name: 'lookup' }],
    mcpServers: [{ label: 'calc' }],
    sampling: {},
    stream: false,
  };
}

function answer(content: IrContentPart[], tokens = 10): IrResponse {
  const calls = content.some((part) => part.type === 'tool-call');
  return {
    id: 'r1',
    model: 'up',
    created: 1,
    choices: [
      {
        index: 0,
        content,
        finishReason: calls ? { unified: 'tool-calls', raw: 'tool_calls' } : { unified: 'stop', raw: 'stop' },
      },
    ],
    usage: { inputTokens: tokens, outputTokens: 1, totalTokens: tokens + 1 },
  };
}

const call = (id: string, name: string, args = '{"a":1}'): IrContentPart => ({
  type: 'tool-call',
  id,
  name,
  argumentsJson: args,
});
const text = (value: string): IrContentPart => ({ type: 'text', text: value });

/** A scripted model and tool server that record what they were asked. */
function fakes(answers: IrResponse[], tool: (name: string) => ToolAnswer = () => ({ output: '3' })) {
  const requests: IrRequest[] = [];
  const toolCalls: string[] = [];
  const emitted: string[] = [];
  let clock = 0;
  const deps: LoopDeps = {
    callModel: async (ir) => {
      requests.push(structuredClone(ir));
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next;
    },
    callTool: async (server, name, args) => {
      toolCalls.push(`${server}/${name}(${args})`);
      return tool(name);
    },
    emit: (part) => void emitted.push(part.type),
    now: () => clock,
  };
  return { deps, requests, toolCalls, emitted, advance: (ms: number) => void (clock += ms) };
}

describe('runToolLoop', () => {
  it('offers the tools as functions, calls the tool, feeds the result back and answers with the parts in order', async () => {
    const { deps, requests, toolCalls, emitted } = fakes([
      answer([text('let me add'), call('c1', 'calc__add')], 10),
      answer([text('it is 3')], 20),
    ]);
    const result = await runToolLoop(request(), [SERVER], BOUNDS, deps);
    expect(requests[0]?.tools?.map((tool) => tool.name)).toEqual(['lookup', 'calc__add']);
    expect(toolCalls).toEqual(['calc/add({"a":1})']);
    expect(requests[1]?.messages.slice(1)).toEqual([
      { role: 'assistant', content: [text('let me add'), call('c1', 'calc__add')] },
      {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'calc__add', content: [text('3')] }],
      },
    ]);
    const parts = result.response.choices[0]?.content ?? [];
    expect(parts.map((part) => part.type)).toEqual(['mcp-list-tools', 'text', 'mcp-call', 'text']);
    expect(parts[2]).toMatchObject({ type: 'mcp-call', server: 'calc', name: 'add', output: '3' });
    expect(emitted).toEqual(['mcp-list-tools', 'mcp-call']);
    expect(result.response.usage).toEqual({ inputTokens: 30, outputTokens: 2, totalTokens: 32 });
    expect(result.response.choices[0]?.finishReason.unified).toBe('stop');
  });

  it('feeds a tool error back as an error result and goes on', async () => {
    const { deps, requests } = fakes([answer([call('c1', 'calc__add')]), answer([text('sorry')])], () => ({
      error: 'boom',
    }));
    const result = await runToolLoop(request(), [SERVER], BOUNDS, deps);
    expect(result.response.choices[0]?.content[1]).toMatchObject({ type: 'mcp-call', error: 'boom' });
    expect(requests[1]?.messages[2]?.content[0]).toMatchObject({
      type: 'tool-result',
      isError: true,
      content: [text('boom')],
    });
  });

  it('stops at maxIterations with what exists, a pause finish and a warning', async () => {
    const { deps, requests } = fakes([answer([call('c1', 'calc__add')]), answer([call('c2', 'calc__add')])]);
    const result = await runToolLoop(request(), [SERVER], { ...BOUNDS, maxIterations: 2 }, deps);
    expect(requests).toHaveLength(2);
    expect(result.cutoff).toBe('max-iterations');
    expect(result.response.choices[0]?.finishReason).toEqual({ unified: 'pause', raw: 'max-iterations' });
    expect(result.warnings[0]?.message).toContain('mcp.loop.maxIterations');
    expect(result.response.choices[0]?.content.filter((part) => part.type === 'mcp-call')).toHaveLength(2);
  });

  it('stops once the time is up', async () => {
    const fake = fakes([answer([call('c1', 'calc__add')])]);
    fake.deps.callTool = async () => {
      fake.advance(61_000);
      return { output: '3' };
    };
    const result = await runToolLoop(request(), [SERVER], BOUNDS, fake.deps);
    expect(result.cutoff).toBe('timeout');
    expect(fake.requests).toHaveLength(1);
  });

  it('gives each model and tool call the loop deadline; a model call cut there ends the loop as its time bound', async () => {
    const fake = fakes([answer([call('c1', 'calc__add')])]);
    const deadlines: number[] = [];
    const callTool = fake.deps.callTool;
    fake.deps.callTool = async (server, tool, args, deadline) => {
      deadlines.push(deadline);
      return callTool(server, tool, args, deadline);
    };
    const callModel = fake.deps.callModel;
    fake.deps.callModel = async (ir, iteration, deadline) => {
      deadlines.push(deadline);
      if (iteration === 2) throw new LoopDeadlineReached();
      return callModel(ir, iteration, deadline);
    };
    const result = await runToolLoop(request(), [SERVER], BOUNDS, fake.deps);
    expect(deadlines).toEqual([60_000, 60_000, 60_000]);
    expect(result.cutoff).toBe('timeout');
    expect(result.response.choices[0]?.finishReason).toEqual({ unified: 'pause', raw: 'timeout' });
    expect(result.warnings[0]?.message).toContain('mcp.loop.timeoutSeconds');
    expect(result.response.choices[0]?.content.map((part) => part.type)).toEqual(['mcp-list-tools', 'mcp-call']);
  });

  it('cuts a result above maxResultBytes and says so', async () => {
    const { deps, requests } = fakes([answer([call('c1', 'calc__add')]), answer([text('ok')])], () => ({
      output: 'x'.repeat(50),
    }));
    await runToolLoop(request(), [SERVER], { ...BOUNDS, maxResultBytes: 10 }, deps);
    const result = requests[1]?.messages[2]?.content[0];
    expect(JSON.stringify(result)).toContain('xxxxxxxxxx\\n[cut: the result is 50 bytes');
    expect(JSON.stringify(result)).toContain('mcp.loop.maxResultBytes');
  });

  it("returns the caller's own tool call beside the MCP calls of the same answer", async () => {
    const { deps, requests } = fakes([answer([call('c1', 'lookup'), call('c2', 'calc__add')])]);
    const result = await runToolLoop(request(), [SERVER], BOUNDS, deps);
    expect(requests).toHaveLength(1);
    const parts = result.response.choices[0]?.content ?? [];
    expect(parts.map((part) => part.type)).toEqual(['mcp-list-tools', 'mcp-call', 'tool-call']);
    expect(parts[2]).toMatchObject({ name: 'lookup' });
    expect(result.response.choices[0]?.finishReason.unified).toBe('tool-calls');
  });

  it('asks for approval instead of calling, and calls once the next turn approves', async () => {
    const asking = { ...SERVER, requireApproval: undefined };
    const first = fakes([answer([call('c1', 'calc__add')])]);
    const turn = await runToolLoop(request(), [asking], BOUNDS, first.deps);
    expect(first.toolCalls).toEqual([]);
    const parts = turn.response.choices[0]?.content ?? [];
    const ask = parts[1];
    expect(ask).toMatchObject({ type: 'mcp-approval-request', server: 'calc', name: 'add', argumentsJson: '{"a":1}' });
    const id = (ask as { id: string }).id;
    const history = [
      ...request().messages,
      { role: 'assistant' as const, content: parts },
      {
        role: 'user' as const,
        content: [{ type: 'mcp-approval-response' as const, approvalRequestId: id, approve: true }],
      },
    ];
    const second = fakes([answer([text('3 it is')])]);
    const next = await runToolLoop(request(history), [asking], BOUNDS, second.deps);
    expect(second.toolCalls).toEqual(['calc/add({"a":1})']);
    const answered = next.response.choices[0]?.content ?? [];
    expect(answered.map((part) => part.type)).toEqual(['mcp-call', 'text']);
    expect(answered[0]).toMatchObject({ approvalRequestId: id, output: '3' });
    expect(second.requests[0]?.messages.slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'tool-call', id, name: 'calc__add', argumentsJson: '{"a":1}' }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: id, toolName: 'calc__add', content: [text('3')] }] },
    ]);
  });

  it('tells the model a declined call was declined', async () => {
    const history: IrRequest['messages'] = [
      { role: 'user', content: [text('hi')] },
      {
        role: 'assistant',
        content: [{ type: 'mcp-approval-request', id: 'r1', server: 'calc', name: 'add', argumentsJson: '{}' }],
      },
      {
        role: 'user',
        content: [{ type: 'mcp-approval-response', approvalRequestId: 'r1', approve: false, reason: 'no' }],
      },
    ];
    const { deps, requests, toolCalls } = fakes([answer([text('ok')])]);
    await runToolLoop(request(history), [SERVER], BOUNDS, deps);
    expect(toolCalls).toEqual([]);
    expect(requests[0]?.messages[2]?.content[0]).toMatchObject({
      isError: true,
      content: [text('The user declined this call of add: no')],
    });
    expect(requests[0]?.messages).toHaveLength(3);
  });

  it('rewrites earlier MCP calls of the history into calls and results, and lists only servers not listed yet', async () => {
    const history: IrRequest['messages'] = [
      { role: 'user', content: [text('hi')] },
      {
        role: 'assistant',
        content: [
          { type: 'mcp-list-tools', id: 'l1', server: 'calc', tools: [] },
          { type: 'mcp-call', id: 'm1', server: 'calc', name: 'add', argumentsJson: '{}', output: '3' },
          text('3'),
        ],
      },
      { role: 'user', content: [text('again')] },
    ];
    const { deps, requests, emitted } = fakes([answer([text('ok')])]);
    await runToolLoop(request(history), [SERVER], BOUNDS, deps);
    expect(emitted).toEqual([]);
    expect(requests[0]?.messages.slice(1, 3)).toEqual([
      {
        role: 'assistant',
        content: [{ type: 'tool-call', id: 'm1', name: 'calc__add', argumentsJson: '{}' }, text('3')],
      },
      {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: 'm1', toolName: 'calc__add', content: [text('3')] }],
      },
    ]);
  });

  it('refuses an approval answer that names no request of the conversation', async () => {
    const history: IrRequest['messages'] = [
      { role: 'user', content: [{ type: 'mcp-approval-response', approvalRequestId: 'nope', approve: true }] },
    ];
    await expect(runToolLoop(request(history), [SERVER], BOUNDS, fakes([]).deps)).rejects.toThrow(
      /no MCP approval request "nope"/,
    );
  });
});
