import type { IrResponse } from '@interlingua/ir';
import { oneTurnIrRequest } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { MCP_CALL } from './anthropic-messages-mcp.test-support.js';
import { anthropicMessagesRequestToIr } from './anthropic-messages-request-to-ir.js';
import { anthropicMessagesStrictResponseSchema } from './anthropic-messages-strict-response-schema.js';
import { anthropicMessagesResponseToIr } from './anthropic-messages-response-to-ir.js';
import { anthropicMessagesStyleOnlyEntries } from './anthropic-messages-style-only.js';
import { irToAnthropicMessagesRequest } from './ir-to-anthropic-messages-request.js';
import { irToAnthropicMessagesResponse } from './ir-to-anthropic-messages-response.js';

const SERVER = {
  type: 'url',
  url: 'https://mcp.example.com/sse',
  name: 'docs',
  authorization_token: 'tok-1',
  tool_configuration: { enabled: true, allowed_tools: ['search', 'fetch'] },
};
const USE = { type: 'mcp_tool_use', id: 'mcptoolu_01', name: 'search', server_name: 'docs', input: { q: 'zod' } };
const RESULT = {
  type: 'mcp_tool_result',
  tool_use_id: 'mcptoolu_01',
  is_error: false,
  content: [{ type: 'text', text: 'zod is a schema library' }],
};

const request = (extra: Record<string, unknown>) => ({
  model: 'claude-sonnet-4-5',
  max_tokens: 256,
  messages: [{ role: 'user', content: 'What is zod?' }],
  ...extra,
});

const history = [
  { role: 'user', content: 'What is zod?' },
  { role: 'assistant', content: [USE, RESULT, { type: 'text', text: 'A schema library.' }] },
  { role: 'user', content: 'Thanks.' },
];

describe('Anthropic MCP connector requests -> IR', () => {
  it('reads mcp_servers (beta mcp-client-2025-04-04) as IR MCP servers that need no approval', () => {
    const ir = anthropicMessagesRequestToIr(request({ mcp_servers: [SERVER] })).value;
    expect(ir.mcpServers).toEqual([
      {
        label: 'docs',
        url: 'https://mcp.example.com/sse',
        authorization: 'tok-1',
        allowedTools: ['search', 'fetch'],
        requireApproval: 'never',
        raw: { origin: 'anthropic', value: SERVER },
      },
    ]);
    expect(ir.extensions?.['anthropic-messages']).toBeUndefined();
  });

  it('folds an mcp_toolset (beta mcp-client-2025-11-20) into its server, not into the function tools', () => {
    const server = { type: 'url', url: 'https://mcp.example.com/mcp', name: 'docs' };
    const toolset = {
      type: 'mcp_toolset',
      mcp_server_name: 'docs',
      default_config: { enabled: false },
      configs: { search: { enabled: true }, drop_db: { enabled: false } },
    };
    const ir = anthropicMessagesRequestToIr(
      request({ mcp_servers: [server], tools: [{ name: 'read', input_schema: { type: 'object' } }, toolset] }),
    ).value;
    expect(ir.tools?.map((tool) => tool.name)).toEqual(['read']);
    expect(ir.mcpServers?.[0]).toMatchObject({ label: 'docs', allowedTools: ['search'], requireApproval: 'never' });
    expect(anthropicMessagesStyleOnlyEntries(ir)).toEqual([]);
    // Back to Anthropic: the toolset in its place, the server as sent.
    const body = irToAnthropicMessagesRequest(ir).value;
    expect(body.tools?.[1]).toEqual(toolset);
    expect(body.mcp_servers).toEqual([server]);
  });

  it('a disabled tool_configuration allows no tool; a toolset with every tool on allows all', () => {
    const off = { ...SERVER, tool_configuration: { enabled: false } };
    const on = { type: 'url', url: 'https://b.example.com', name: 'b' };
    const ir = anthropicMessagesRequestToIr(
      request({ mcp_servers: [off, on], tools: [{ type: 'mcp_toolset', mcp_server_name: 'b' }] }),
    ).value;
    expect(ir.mcpServers?.map((server) => server.allowedTools)).toEqual([[], undefined]);
  });

  it('a toolset that keeps its tools on but disables a few by name blocks those', () => {
    const on = { type: 'url', url: 'https://b.example.com', name: 'b' };
    const toolset = {
      type: 'mcp_toolset',
      mcp_server_name: 'b',
      default_config: { enabled: true },
      configs: { delete_file: { enabled: false }, read_file: { enabled: true } },
    };
    const [server] =
      anthropicMessagesRequestToIr(request({ mcp_servers: [on], tools: [toolset] })).value.mcpServers ?? [];
    expect(server).toMatchObject({ label: 'b', blockedTools: ['delete_file'] });
    expect(server?.allowedTools).toBeUndefined();
  });

  it('reads mcp_tool_use + its mcp_tool_result in an assistant turn as ONE mcp-call part', () => {
    const ir = anthropicMessagesRequestToIr(request({ messages: history })).value;
    expect(ir.messages[1]?.content).toEqual([MCP_CALL, { type: 'text', text: 'A schema library.' }]);
    expect(anthropicMessagesStyleOnlyEntries(ir)).toEqual([]);
    expect(irToAnthropicMessagesRequest(ir).value.messages[1]?.content).toEqual([
      USE,
      RESULT,
      { type: 'text', text: 'A schema library.' },
    ]);
  });

  it('an error result is the call error; cache_control and rich content survive a round trip', () => {
    const result = {
      type: 'mcp_tool_result',
      tool_use_id: 'mcptoolu_01',
      is_error: true,
      content: [{ type: 'text', text: 'timeout', citations: null }],
      cache_control: { type: 'ephemeral' },
    };
    const messages = [history[0], { role: 'assistant', content: [USE, result] }];
    const ir = anthropicMessagesRequestToIr(request({ messages })).value;
    const { output: _output, ...call } = MCP_CALL;
    expect(ir.messages[1]?.content).toEqual([{ ...call, error: 'timeout' }]);
    expect(irToAnthropicMessagesRequest(ir).value.messages[1]?.content).toEqual([USE, result]);
  });

  it('refuses a malformed MCP server or block with a 400 naming the field', () => {
    expect(() => anthropicMessagesRequestToIr(request({ mcp_servers: [{ type: 'url', name: 'x' }] }))).toThrow(
      /mcp_servers\[0\]\.url/,
    );
    const messages = [history[0], { role: 'assistant', content: [{ ...USE, server_name: 7 }] }];
    expect(() => anthropicMessagesRequestToIr(request({ messages }))).toThrow(/server_name/);
  });
});

describe('IR MCP -> an Anthropic upstream request', () => {
  it('builds mcp_servers from servers of another style, with warnings for what the connector lacks', () => {
    const ir = oneTurnIrRequest('claude-sonnet-4-5', {
      maxOutputTokens: 256,
      mcpServers: [
        {
          label: 'deepwiki',
          url: 'https://mcp.deepwiki.com/mcp',
          allowedTools: ['ask_question'],
          headers: { Authorization: 'Bearer secret', 'X-Team': 'a' },
        },
        { label: 'connector-only' },
      ],
    });
    const { value, warnings } = irToAnthropicMessagesRequest(ir);
    expect(value.mcp_servers).toEqual([
      {
        type: 'url',
        url: 'https://mcp.deepwiki.com/mcp',
        name: 'deepwiki',
        authorization_token: 'secret',
        tool_configuration: { enabled: true, allowed_tools: ['ask_question'] },
      },
    ]);
    expect(warnings.map((warning) => warning.field)).toEqual([
      'mcpServers[0].headers',
      'mcpServers[0].requireApproval',
      'mcpServers[1]',
    ]);
    expect(JSON.stringify(warnings)).not.toContain('secret');
  });

  it('writes blocked tools back as allowed tools minus those, or warns when the connector cannot name them', () => {
    const ir = oneTurnIrRequest('claude-sonnet-4-5', {
      maxOutputTokens: 256,
      mcpServers: [
        {
          label: 'a',
          url: 'https://a.example.com',
          requireApproval: 'never' as const,
          allowedTools: ['read', 'rm'],
          blockedTools: ['rm'],
        },
        { label: 'b', url: 'https://b.example.com', requireApproval: 'never' as const, blockedTools: ['rm'] },
      ],
    });
    const { value, warnings } = irToAnthropicMessagesRequest(ir);
    expect(value.mcp_servers?.[0]).toMatchObject({ tool_configuration: { enabled: true, allowed_tools: ['read'] } });
    expect(warnings).toEqual([expect.objectContaining({ kind: 'dropped', field: 'mcpServers[1].blockedTools' })]);
  });

  it('drops a toolset whose server is no longer sent (the gateway ran that server itself)', () => {
    const toolset = { type: 'mcp_toolset', mcp_server_name: 'docs' };
    const ir = anthropicMessagesRequestToIr(request({ mcp_servers: [SERVER], tools: [toolset] })).value;
    delete ir.mcpServers;
    expect(irToAnthropicMessagesRequest(ir).value.tools).toBeUndefined();
  });
});

const answer = (content: IrResponse['choices'][number]['content']): IrResponse => ({
  id: 'msg_1',
  model: 'claude-sonnet-4-5',
  created: 0,
  choices: [{ index: 0, content, finishReason: { unified: 'stop', raw: 'end_turn' } }],
});

describe('MCP in Anthropic answers', () => {
  it('encodes an mcp-call as mcp_tool_use then mcp_tool_result; drops listings, and approvals with a warning', () => {
    const { value, warnings } = irToAnthropicMessagesResponse(
      answer([
        { type: 'mcp-list-tools', id: 'mcpl_1', server: 'docs', tools: [{ name: 'search' }] },
        { ...MCP_CALL, id: 'mcp_1', output: undefined, error: 'boom' },
        { type: 'mcp-approval-request', id: 'mcpr_1', server: 'docs', name: 'drop_db', argumentsJson: '{}' },
        { type: 'text', text: 'Done.' },
      ]),
    );
    expect(value.content).toEqual([
      { type: 'mcp_tool_use', id: 'mcp_1', name: 'search', server_name: 'docs', input: { q: 'zod' } },
      { type: 'mcp_tool_result', tool_use_id: 'mcp_1', is_error: true, content: [{ type: 'text', text: 'boom' }] },
      { type: 'text', text: 'Done.' },
    ]);
    expect(value.stop_reason).toBe('end_turn');
    expect(anthropicMessagesStrictResponseSchema.safeParse(value).success).toBe(true);
    expect(warnings).toEqual([expect.objectContaining({ kind: 'dropped', field: 'choices[0].content[2]' })]);
  });

  it('gives a call whose id Anthropic would refuse one valid id, shared by its two blocks', () => {
    const [use, result] = irToAnthropicMessagesResponse(answer([{ ...MCP_CALL, id: 'mcp:1/a' }])).value
      .content as Array<Record<string, unknown>>;
    expect(use?.id).toMatch(/^[a-zA-Z0-9_-]+$/);
    expect(result?.tool_use_id).toBe(use?.id);
  });

  it('decodes an upstream answer holding mcp_tool_use + mcp_tool_result into one mcp-call part', () => {
    const wire = {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [USE, RESULT, { type: 'text', text: 'A schema library.' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 5 },
    };
    const ir = anthropicMessagesResponseToIr(wire).value;
    expect(ir.choices[0]?.content).toEqual([MCP_CALL, { type: 'text', text: 'A schema library.' }]);
    expect(ir.extensions).toBeUndefined();
    expect(irToAnthropicMessagesResponse(ir).value.content).toEqual(wire.content);
  });
});
