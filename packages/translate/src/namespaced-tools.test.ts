import { describe, expect, it } from 'vitest';
import { translateRequest } from './translate.js';

/** A replayed call of the namespace's `echo` tool, as Codex sends it back. */
const replayedCall = { type: 'function_call', call_id: 'call_1', namespace: 'mcp__interlingua', name: 'echo' };

/** A Responses request with a Codex-style MCP namespace and a replayed call of one of its tools. */
const request = {
  model: 'gpt-x',
  input: [
    { role: 'user', content: 'Echo hi' },
    { ...replayedCall, arguments: '{}' },
    { type: 'function_call_output', call_id: replayedCall.call_id, output: 'hi' },
  ],
  tools: [
    {
      type: 'namespace',
      name: 'mcp__interlingua',
      tools: [
        {
          type: 'function',
          name: 'echo',
          description: 'Echoes text',
          parameters: { type: 'object', properties: { text: { type: 'string' } } },
          strict: false,
        },
      ],
    },
  ],
};

describe('Responses namespaced tools to other styles', () => {
  it('reach an OpenAI chat upstream as a flat function tool, with the replayed call', () => {
    const body = translateRequest(request, 'openai-responses', 'openai-chat').value as Record<string, unknown>;
    expect(body.tools).toEqual([
      expect.objectContaining({ function: expect.objectContaining({ name: 'mcp__interlingua__echo' }) }),
    ]);
    const calls = (body.messages as Array<{ tool_calls?: Array<{ function: { name: string } }> }>).flatMap(
      (message) => message.tool_calls ?? [],
    );
    expect(calls.map((call) => call.function.name)).toEqual(['mcp__interlingua__echo']);
  });

  it('reach an Anthropic upstream as a flat tool', () => {
    const body = translateRequest(request, 'openai-responses', 'anthropic-messages').value as Record<string, unknown>;
    expect(body.tools).toEqual([
      expect.objectContaining({ name: 'mcp__interlingua__echo', description: 'Echoes text' }),
    ]);
  });

  it('reach a Gemini upstream as a flat function declaration', () => {
    const body = translateRequest(request, 'openai-responses', 'gemini').value as {
      tools?: Array<{ functionDeclarations?: Array<{ name: string }> }>;
    };
    const names = (body.tools ?? []).flatMap((tool) => tool.functionDeclarations ?? []).map((fn) => fn.name);
    expect(names).toEqual(['mcp__interlingua__echo']);
  });
});
