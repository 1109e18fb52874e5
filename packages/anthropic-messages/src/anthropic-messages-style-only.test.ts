import { describe, expect, it } from 'vitest';
import { anthropicMessagesRequestToIr } from './anthropic-messages-request-to-ir.js';
import { anthropicMessagesStyleOnlyEntries } from './anthropic-messages-style-only.js';

describe('anthropicMessagesStyleOnlyEntries', () => {
  it('names server tools by their index in tools and server blocks by their wire message, system not counted', () => {
    const ir = anthropicMessagesRequestToIr({
      model: 'claude-sonnet-4-5',
      max_tokens: 64,
      system: 'Be brief.',
      tools: [
        { name: 'read', input_schema: { type: 'object' } },
        { type: 'code_execution_20250825', name: 'code_execution' },
      ],
      messages: [
        { role: 'user', content: 'Run it.' },
        {
          role: 'assistant',
          content: [
            { type: 'server_tool_use', id: 'srvtoolu_1', name: 'code_execution', input: { code: 'print(1)' } },
            { type: 'text', text: 'Done.' },
          ],
        },
        { role: 'user', content: 'Thanks.' },
      ],
    }).value;
    expect(anthropicMessagesStyleOnlyEntries(ir)).toEqual([
      { field: 'messages[1]', type: 'server_tool_use' },
      { field: 'tools[1]', type: 'code_execution_20250825' },
    ]);
  });

  it('finds nothing in a request of custom tools and plain blocks', () => {
    const ir = anthropicMessagesRequestToIr({
      model: 'claude-sonnet-4-5',
      max_tokens: 64,
      tools: [{ name: 'read', input_schema: { type: 'object' } }],
      messages: [{ role: 'user', content: 'hi' }],
    }).value;
    expect(anthropicMessagesStyleOnlyEntries(ir)).toEqual([]);
  });
});
