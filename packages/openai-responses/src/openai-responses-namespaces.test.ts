import type { IrResponse, IrStreamEvent } from '@interlingua/ir';
import { runMachineSync } from '@interlingua/ir-utils';
import { describe, expect, it } from 'vitest';
import { irToOpenAiResponsesRequest } from './ir-to-openai-responses-request.js';
import { openAiResponsesResponseFromIr } from './ir-to-openai-responses-response.js';
import { openAiResponsesEchoFromRequest } from './openai-responses-echo.js';
import { readPlainOpenAiResponsesRequest } from './openai-responses-plain-request.js';
import { openAiResponsesRequestToIr } from './openai-responses-request-to-ir.js';
import { openAiResponsesResponseToIr } from './openai-responses-response-to-ir.js';
import { createOpenAiResponsesStreamDecoder } from './openai-responses-stream-decoder.js';
import { createOpenAiResponsesStreamEncoder } from './openai-responses-stream-encoder.js';
import { openAiResponsesStrictResponseSchema } from './openai-responses-strict-response-schema.js';

const echoParameters = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };

/** Tools as Codex sends its MCP server's tools: one `namespace` holding function tools. */
const namespaceTool = {
  type: 'namespace',
  name: 'mcp__interlingua',
  description: 'Tools of the interlingua MCP server',
  tools: [
    { type: 'function', name: 'echo', description: 'Echoes text', parameters: echoParameters, strict: false },
    { type: 'function', name: 'time', parameters: { type: 'object', properties: {} }, strict: false },
  ],
};

const request = {
  model: 'gpt-x',
  input: [{ role: 'user', content: 'Echo hi' }],
  tools: [{ type: 'function', name: 'shell', parameters: { type: 'object', properties: {} } }, namespaceTool],
};

/** A request replaying a call of a namespaced tool and its output. */
const replay = {
  ...request,
  input: [
    { role: 'user', content: 'Echo hi' },
    {
      type: 'function_call',
      call_id: 'call_1',
      name: 'echo',
      namespace: 'mcp__interlingua',
      arguments: '{"text":"hi"}',
    },
    { type: 'function_call_output', call_id: 'call_1', output: 'hi' },
  ],
};

const callAnswer: IrResponse = {
  id: 'resp_1',
  model: 'gpt-x',
  created: 1,
  choices: [
    {
      index: 0,
      content: [{ type: 'tool-call', id: 'call_2', name: 'mcp__interlingua__echo', argumentsJson: '{"text":"hi"}' }],
      finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    },
  ],
};

describe('namespaced tools', () => {
  it('decodes each tool of a namespace as a flat function tool <namespace>__<name>', () => {
    const ir = openAiResponsesRequestToIr(request).value;
    expect(ir.tools?.map((tool) => tool.name)).toEqual(['shell', 'mcp__interlingua__echo', 'mcp__interlingua__time']);
    expect(ir.tools?.[1]).toEqual({
      name: 'mcp__interlingua__echo',
      description: 'Echoes text',
      parameters: echoParameters,
      strict: false,
    });
  });

  it('gives the same IR through the fast reader of agent turns', () => {
    expect(readPlainOpenAiResponsesRequest(replay)).toEqual(openAiResponsesRequestToIr(replay).value);
  });

  it('leaves a namespaced tool name over 64 characters to the schema, which refuses it', () => {
    const long = { ...namespaceTool, tools: [{ type: 'function', name: 'e'.repeat(65) }] };
    const body = { ...request, tools: [long] };
    expect(readPlainOpenAiResponsesRequest(body)).toBeUndefined();
    expect(() => openAiResponsesRequestToIr(body)).toThrow(/tools\[0\]\.tools\[0\]\.name/);
  });

  it('refuses a bad tool inside a namespace, naming it, on either reader', () => {
    const bad = { ...namespaceTool, tools: [{ type: 'function', name: 'echo', parameters: 'text' }] };
    const body = { ...request, tools: [bad] };
    expect(() => openAiResponsesRequestToIr(body)).toThrow(/tools\[0\]\.tools\[0\]\.parameters/);
    expect(readPlainOpenAiResponsesRequest(body)).toBeUndefined();
  });

  it('keeps a top-level function tool whose name looks flattened as that tool', () => {
    const clash = { ...request, tools: [...request.tools, { type: 'function', name: 'mcp__interlingua__echo' }] };
    const names = openAiResponsesRequestToIr(clash).value.tools?.map((tool) => tool.name);
    expect(names).toEqual(['shell', 'mcp__interlingua__time', 'mcp__interlingua__echo']);
  });

  it('names a replayed namespaced call and its output by the flat name', () => {
    const ir = openAiResponsesRequestToIr(replay).value;
    expect(ir.messages[1]?.content[0]).toMatchObject({ type: 'tool-call', name: 'mcp__interlingua__echo' });
    expect(ir.messages[2]?.content[0]).toMatchObject({ type: 'tool-result', toolName: 'mcp__interlingua__echo' });
  });

  it('encodes the decoded request for Responses as it came: the namespace whole, calls split', () => {
    const body = irToOpenAiResponsesRequest(openAiResponsesRequestToIr(replay).value).value as Record<string, unknown>;
    const tools = body.tools as Array<Record<string, unknown>>;
    expect(tools.map((tool) => tool.name)).toEqual(['shell', 'mcp__interlingua']);
    expect(tools[1]).toEqual(namespaceTool);
    expect((body.input as unknown[])[1]).toEqual(replay.input[1]);
  });

  it('answers a call of a flattened tool with its namespace and inner name', () => {
    const echo = openAiResponsesEchoFromRequest(request);
    const answer = openAiResponsesResponseFromIr(callAnswer, echo).value;
    expect(answer.output[0]).toMatchObject({ type: 'function_call', name: 'echo', namespace: 'mcp__interlingua' });
    expect(openAiResponsesStrictResponseSchema.safeParse(answer).error?.issues ?? []).toEqual([]);
  });

  it('leaves calls flat when the request had no such namespace', () => {
    const answer = openAiResponsesResponseFromIr(callAnswer, openAiResponsesEchoFromRequest({ model: 'gpt-x' })).value;
    expect(answer.output[0]).toMatchObject({ name: 'mcp__interlingua__echo' });
    expect(answer.output[0]).not.toHaveProperty('namespace');
  });

  it('streams a call of a flattened tool with its namespace and inner name', () => {
    const events: IrStreamEvent[] = [
      { type: 'response-start', id: 'resp_1', model: 'gpt-x', created: 1 },
      { type: 'tool-call-start', index: 0, id: 'call_2', name: 'mcp__interlingua__echo' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"text":"hi"}' },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' } },
    ];
    const encoder = createOpenAiResponsesStreamEncoder({}, openAiResponsesEchoFromRequest(request));
    const data = runMachineSync(encoder, events).map((message) => JSON.parse(message.data) as Record<string, unknown>);
    const items = data.filter((event) => String(event.type).startsWith('response.output_item.'));
    expect(items.map((event) => event.item)).toEqual([
      expect.objectContaining({ name: 'echo', namespace: 'mcp__interlingua' }),
      expect.objectContaining({ name: 'echo', namespace: 'mcp__interlingua', arguments: '{"text":"hi"}' }),
    ]);
    const done = data.find((event) => event.type === 'response.function_call_arguments.done');
    expect(done).toMatchObject({ name: 'echo' });
  });
  it("reads a Responses upstream's namespaced call, whole and streamed, by the flat name", () => {
    const item = { type: 'function_call', id: 'fc_1', call_id: 'call_3', namespace: 'mcp__interlingua', name: 'echo' };
    const whole = openAiResponsesResponseToIr({
      id: 'resp_2',
      object: 'response',
      created_at: 1,
      model: 'gpt-x',
      status: 'completed',
      output: [{ ...item, arguments: '{}', status: 'completed' }],
    }).value;
    expect(whole.choices[0]?.content[0]).toMatchObject({ type: 'tool-call', name: 'mcp__interlingua__echo' });
    const added = { type: 'response.output_item.added', output_index: 0, item: { ...item, arguments: '' } };
    const events = runMachineSync(createOpenAiResponsesStreamDecoder(), [
      { event: added.type, data: JSON.stringify(added) },
    ]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'tool-call-start', name: 'mcp__interlingua__echo' }));
  });
});
