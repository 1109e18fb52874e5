import type { IrContentPart, IrRequest, IrResponse } from '@interlingua/ir';
import { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { irToOpenAiResponsesRequest } from './ir-to-openai-responses-request.js';
import { openAiResponsesResponseFromIr } from './ir-to-openai-responses-response.js';
import { readPlainOpenAiResponsesRequest } from './openai-responses-plain-request.js';
import { openAiResponsesRequestToIr } from './openai-responses-request-to-ir.js';
import { openAiResponsesResponseToIr } from './openai-responses-response-to-ir.js';
import { openAiResponsesStyleOnlyEntries } from './openai-responses-style-only.js';
import { openAiResponsesStrictResponseSchema } from './openai-responses-strict-response-schema.js';

const deepwiki = {
  type: 'mcp',
  server_label: 'deepwiki',
  server_url: 'https://mcp.deepwiki.com/mcp',
  server_description: 'Docs of public repositories',
  allowed_tools: ['ask_question'],
  require_approval: { never: { tool_names: ['ask_question'] }, always: { read_only: false } },
  headers: { 'x-team': 'docs' },
  authorization: 'token-1',
};

const listTools = {
  type: 'mcp_list_tools',
  id: 'mcpl_1',
  server_label: 'deepwiki',
  tools: [
    {
      name: 'ask_question',
      description: 'Ask about a repository',
      input_schema: { type: 'object', properties: { question: { type: 'string' } } },
      annotations: { read_only: true },
    },
    { name: 'bare', input_schema: {}, description: null, annotations: null },
  ],
};
const call = {
  type: 'mcp_call',
  id: 'mcp_1',
  server_label: 'deepwiki',
  name: 'ask_question',
  arguments: '{"question":"what?"}',
  output: 'It is a gateway.',
  error: null,
  approval_request_id: 'mcpr_0',
  status: 'completed',
};
const approvalRequest = {
  type: 'mcp_approval_request',
  id: 'mcpr_1',
  server_label: 'deepwiki',
  name: 'ask_question',
  arguments: '{}',
};
const approvalResponse = { type: 'mcp_approval_response', approval_request_id: 'mcpr_1', approve: false, reason: 'no' };

function body(): Record<string, unknown> {
  return {
    model: 'gpt-5',
    tools: [
      { type: 'function', name: 'f', parameters: { type: 'object' }, strict: true },
      deepwiki,
      { type: 'web_search' },
    ],
    input: [{ role: 'user', content: 'Tell me about the repo.' }, listTools, call, approvalRequest, approvalResponse],
  };
}

const decode = (wire: unknown): IrRequest => openAiResponsesRequestToIr(wire).value;

describe('Responses MCP tools and items in requests', () => {
  it('reads an mcp tool as an IR MCP server, kept whole for an OpenAI upstream, and no longer style-only', () => {
    const ir = decode(body());
    expect(ir.mcpServers).toEqual([
      {
        label: 'deepwiki',
        url: 'https://mcp.deepwiki.com/mcp',
        description: 'Docs of public repositories',
        allowedTools: ['ask_question'],
        requireApproval: { never: ['ask_question'] },
        headers: { 'x-team': 'docs' },
        authorization: 'token-1',
        raw: { origin: 'openai', value: deepwiki },
      },
    ]);
    expect(ir.tools?.map((tool) => tool.name)).toEqual(['f']);
    expect(openAiResponsesStyleOnlyEntries(ir)).toEqual([]);
  });

  it('reads the other forms of allowed_tools and require_approval, and a connector without a url; no empty tools', () => {
    const ir = decode({
      model: 'm',
      input: 'hi',
      tools: [
        { type: 'mcp', server_label: 'a', server_url: 'https://a.test', require_approval: 'never' },
        { type: 'mcp', server_label: 'b', connector_id: 'connector_gmail', allowed_tools: { tool_names: ['x'] } },
        { type: 'mcp', server_label: 'c', server_url: 'https://c.test', allowed_tools: { read_only: true } },
      ],
    });
    expect(ir.tools).toBeUndefined();
    const servers = ir.mcpServers;
    expect(servers?.map(({ raw: _raw, ...server }) => server)).toEqual([
      { label: 'a', url: 'https://a.test', requireApproval: 'never' },
      { label: 'b', allowedTools: ['x'] },
      { label: 'c', url: 'https://c.test' },
    ]);
  });

  it('reads listed tools, calls and approval requests as assistant parts, and the approval as a user part', () => {
    const ir = decode(body());
    expect(ir.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(ir.messages[1]?.content).toEqual([
      {
        type: 'mcp-list-tools',
        id: 'mcpl_1',
        server: 'deepwiki',
        tools: [
          {
            name: 'ask_question',
            description: 'Ask about a repository',
            inputSchema: { type: 'object', properties: { question: { type: 'string' } } },
            annotations: { read_only: true },
          },
          { name: 'bare', inputSchema: {} },
        ],
      },
      {
        type: 'mcp-call',
        id: 'mcp_1',
        server: 'deepwiki',
        name: 'ask_question',
        argumentsJson: '{"question":"what?"}',
        output: 'It is a gateway.',
        approvalRequestId: 'mcpr_0',
      },
      { type: 'mcp-approval-request', id: 'mcpr_1', server: 'deepwiki', name: 'ask_question', argumentsJson: '{}' },
    ]);
    expect(ir.messages[2]?.content).toEqual([
      { type: 'mcp-approval-response', approvalRequestId: 'mcpr_1', approve: false, reason: 'no' },
    ]);
    expect(ir.extensions?.['openai-responses']).not.toHaveProperty('items');
  });

  it('reads a listed tool that has only a name, in a request and in an answer', () => {
    const bare = { type: 'mcp_list_tools', id: 'mcpl_2', server_label: 's', tools: [{ name: 'ping' }] };
    const part = { type: 'mcp-list-tools', id: 'mcpl_2', server: 's', tools: [{ name: 'ping' }] };
    expect(decode({ model: 'm', input: [bare] }).messages[0]?.content).toEqual([part]);
    const answer = { id: 'r', created_at: 1, model: 'm', output: [bare] };
    expect(openAiResponsesResponseToIr(answer).value.choices[0]?.content).toEqual([part]);
  });

  it('reads a failed call’s error, as the string of older answers or as today’s error objects', () => {
    const failed = (error: unknown, status = 'failed'): IrContentPart | undefined =>
      decode({ model: 'm', input: [{ ...call, output: null, error, status }] }).messages[0]?.content[0];
    expect(failed('boom')).toMatchObject({ error: 'boom' });
    expect(failed({ type: 'mcp_protocol_error', code: -32602, message: 'bad input' })).toMatchObject({
      error: 'bad input',
      errorCode: -32602,
    });
    expect(failed({ type: 'http_error', code: 502, message: 'bad gateway' })).toMatchObject({
      error: 'bad gateway',
      errorCode: 502,
    });
    const toolError = failed({ type: 'mcp_tool_execution_error', content: [{ type: 'text', text: 'no such file' }] });
    expect(toolError).toMatchObject({ error: 'no such file' });
    expect(toolError).not.toHaveProperty('errorCode');
    expect(failed(null)).toMatchObject({ error: 'failed' });
    expect(failed(null, 'completed')).not.toHaveProperty('error');
  });

  it('refuses a malformed mcp tool or item naming the field', () => {
    const refused = (wire: Record<string, unknown>): unknown => {
      try {
        decode({ model: 'm', input: 'hi', ...wire });
      } catch (error) {
        return error instanceof IrError ? error.data.param : error;
      }
      return 'accepted';
    };
    expect(refused({ tools: [{ type: 'mcp', server_url: 'https://x.test' }] })).toBe('tools[0].server_label');
    expect(refused({ tools: [{ type: 'mcp', server_label: 's', require_approval: 'sometimes' }] })).toBe(
      'tools[0].require_approval',
    );
    expect(refused({ input: [{ ...approvalResponse, approve: 'yes' }] })).toBe('input[0].approve');
    expect(refused({ input: [{ ...call, arguments: undefined }] })).toBe('input[0].arguments');
  });

  it('writes the same body back for an OpenAI upstream: tools in place, MCP items as sent', () => {
    expect(irToOpenAiResponsesRequest(decode(body())).value).toEqual({
      ...body(),
      input: [{ role: 'user', content: 'Tell me about the repo.' }, listTools, call, approvalRequest, approvalResponse],
    });
  });

  it('builds the mcp tool of a server from another style, and leaves out empty item ids', () => {
    const ir: IrRequest = {
      model: 'm',
      sampling: {},
      stream: false,
      mcpServers: [
        {
          label: 'calc',
          url: 'https://calc.test/mcp',
          allowedTools: [],
          requireApproval: { always: ['add'] },
          authorization: 't',
          raw: { origin: 'anthropic', value: { type: 'url', name: 'calc' } },
        },
        { label: 'docs', url: 'https://docs.test/mcp', requireApproval: 'never' },
      ],
      messages: [
        {
          role: 'assistant',
          content: [{ type: 'mcp-call', id: '', server: 'calc', name: 'add', argumentsJson: '{}', error: 'down' }],
        },
      ],
    };
    const wire = irToOpenAiResponsesRequest(ir).value;
    expect(wire.tools).toEqual([
      {
        type: 'mcp',
        server_label: 'calc',
        server_url: 'https://calc.test/mcp',
        allowed_tools: [],
        require_approval: { always: { tool_names: ['add'] } },
        authorization: 't',
      },
      { type: 'mcp', server_label: 'docs', server_url: 'https://docs.test/mcp', require_approval: 'never' },
    ]);
    expect(wire.input).toEqual([
      {
        type: 'mcp_call',
        server_label: 'calc',
        name: 'add',
        arguments: '{}',
        output: null,
        error: { type: 'mcp_tool_execution_error', content: [{ type: 'text', text: 'down' }] },
        approval_request_id: null,
        status: 'failed',
      },
    ]);
  });

  it('reads a body with an mcp tool the same on the plain path as through the schemas, sharing nothing', () => {
    const wire = { model: 'm', input: [{ role: 'user', content: 'hi' }], tools: [deepwiki] };
    const plain = readPlainOpenAiResponsesRequest(wire);
    expect(plain).toEqual(decode(wire));
    expect(plain?.mcpServers?.[0]?.raw?.value).not.toBe(deepwiki);
    expect(plain?.mcpServers?.[0]?.allowedTools).not.toBe(deepwiki.allowed_tools);
    expect(readPlainOpenAiResponsesRequest({ ...wire, tools: [{ type: 'mcp' }] })).toBeUndefined();
  });
});

const answerParts: IrContentPart[] = [
  {
    type: 'mcp-list-tools',
    id: '',
    server: 'everything',
    tools: [{ name: 'echo', description: 'Echoes', inputSchema: { type: 'object' } }, { name: 'bare' }],
  },
  { type: 'mcp-call', id: 'mcp_9', server: 'everything', name: 'echo', argumentsJson: '{"m":1}', output: 'm=1' },
  { type: 'mcp-call', id: '', server: 'everything', name: 'boom', argumentsJson: '{}', error: 'tool failed' },
  { type: 'mcp-approval-request', id: '', server: 'everything', name: 'echo', argumentsJson: '{}' },
  { type: 'text', text: 'Done.' },
];

describe('Responses MCP items in answers', () => {
  it('writes listed tools, calls and approval requests as output items OpenAI’s types accept', () => {
    const ir: IrResponse = {
      id: 'resp_x',
      model: 'm',
      created: 1,
      choices: [{ index: 0, content: answerParts, finishReason: { unified: 'stop', raw: null } }],
    };
    const result = openAiResponsesResponseFromIr(ir);
    expect(result.warnings).toEqual([]);
    const { output } = openAiResponsesStrictResponseSchema.parse(result.value);
    expect(output.slice(0, 4)).toEqual([
      {
        type: 'mcp_list_tools',
        id: 'mcpl_x_0',
        server_label: 'everything',
        tools: [
          { name: 'echo', description: 'Echoes', input_schema: { type: 'object' }, annotations: null },
          { name: 'bare', description: null, input_schema: {}, annotations: null },
        ],
      },
      {
        type: 'mcp_call',
        id: 'mcp_9',
        server_label: 'everything',
        name: 'echo',
        arguments: '{"m":1}',
        output: 'm=1',
        error: null,
        approval_request_id: null,
        status: 'completed',
      },
      {
        type: 'mcp_call',
        id: 'mcp_x_2',
        server_label: 'everything',
        name: 'boom',
        arguments: '{}',
        output: null,
        error: { type: 'mcp_tool_execution_error', content: [{ type: 'text', text: 'tool failed' }] },
        approval_request_id: null,
        status: 'failed',
      },
      { type: 'mcp_approval_request', id: 'mcpr_x_3', server_label: 'everything', name: 'echo', arguments: '{}' },
    ]);
    expect(output[4]).toMatchObject({ type: 'message', content: [{ type: 'output_text', text: 'Done.' }] });
  });

  it('reads the MCP items of an OpenAI answer as IR parts, and writes them back the same', () => {
    const wire = {
      id: 'resp_1',
      object: 'response',
      created_at: 1,
      status: 'completed',
      model: 'gpt-5',
      output: [listTools, call, approvalRequest],
    };
    const ir = openAiResponsesResponseToIr(wire).value;
    expect(ir.choices[0]?.content.map((part) => part.type)).toEqual([
      'mcp-list-tools',
      'mcp-call',
      'mcp-approval-request',
    ]);
    expect(ir.extensions).toBeUndefined();
    expect(openAiResponsesResponseFromIr(ir).value.output).toEqual([listTools, call, approvalRequest]);
  });

  it('keeps a malformed MCP item of an upstream answer as it is', () => {
    const odd = { type: 'mcp_call', id: 'mcp_2', server_label: 's' };
    const wire = { id: 'r', created_at: 1, model: 'm', output: [odd] };
    const ir = openAiResponsesResponseToIr(wire).value;
    expect(ir.choices[0]?.content).toEqual([]);
    expect(ir.extensions?.['openai-responses']).toMatchObject({ outputItems: [{ index: 0, item: odd }] });
  });
});
