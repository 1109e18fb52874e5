import type { IrRequest } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { geminiCodec } from './index.js';

/** A history from a caller whose earlier turns ran MCP tools, sent to Gemini without the gateway's loop. */
const history: IrRequest = {
  model: 'gemini-2.5-flash',
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'Sum 1 and 2.' }] },
    {
      role: 'assistant',
      content: [
        { type: 'mcp-call', id: 'mcp_1', server: 'calc', name: 'add', argumentsJson: '{"a":1,"b":2}', output: '3' },
        { type: 'text', text: 'It is 3.' },
      ],
    },
    { role: 'user', content: [{ type: 'mcp-approval-response', approvalRequestId: 'mcpr_1', approve: false }] },
  ],
  sampling: {},
  stream: false,
};

describe('MCP items in a history sent to Gemini', () => {
  it('are dropped with a warning each, and a turn left empty is not sent', () => {
    const { value, warnings } = geminiCodec.request.fromIr(history);
    expect((value as { contents: unknown }).contents).toEqual([
      { role: 'user', parts: [{ text: 'Sum 1 and 2.' }] },
      { role: 'model', parts: [{ text: 'It is 3.' }] },
    ]);
    const dropped = warnings.filter((warning) => warning.kind === 'dropped');
    expect(dropped.map((warning) => warning.field)).toEqual(['messages[1].content[0]', 'messages[2].content[0]']);
    expect(dropped[0]?.message).toContain('Gemini runs no MCP tools');
  });
});
