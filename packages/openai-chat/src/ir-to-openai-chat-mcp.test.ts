import type { IrRequest } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { irToOpenAiChatRequest } from './ir-to-openai-chat-request.js';

/** A history from a caller whose earlier turns ran MCP tools, sent to chat without the gateway's loop. */
const history: IrRequest = {
  model: 'gpt-5',
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'Sum 1 and 2.' }] },
    {
      role: 'assistant',
      content: [
        { type: 'mcp-list-tools', id: 'mcpl_1', server: 'calc', tools: [{ name: 'add' }] },
        { type: 'mcp-approval-request', id: 'mcpr_1', server: 'calc', name: 'add', argumentsJson: '{"a":1,"b":2}' },
      ],
    },
    { role: 'user', content: [{ type: 'mcp-approval-response', approvalRequestId: 'mcpr_1', approve: true }] },
  ],
  sampling: {},
  stream: false,
};

describe('MCP items in a history sent to chat completions', () => {
  it('are dropped with a warning each; a turn of an approval answer only is not sent as an empty user message', () => {
    const { value, warnings } = irToOpenAiChatRequest(history);
    expect(value.messages).toEqual([{ role: 'user', content: 'Sum 1 and 2.' }]);
    expect(warnings.filter((warning) => warning.kind === 'dropped').map((warning) => warning.field)).toEqual([
      'messages[1].content[0]',
      'messages[1].content[1]',
      'messages[2].content[0]',
    ]);
    expect(warnings.at(-1)?.message).toContain('run no MCP tools');
  });
});
