import { describe, expect, it } from 'vitest';
import type { IrRequest } from '@interlingua/ir';
import { ANTHROPIC_MESSAGES, OPENAI_CHAT, OPENAI_RESPONSES } from '../http/request-styles.js';
import { untranslatableWarnings } from './untranslatable.js';

const request = (origin: 'openai' | 'anthropic'): IrRequest => ({
  model: 'm',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  mcpServers: [{ label: 'remote', url: 'https://mcp.example.com/mcp', raw: { origin, value: {} } }],
  sampling: {},
  stream: false,
});

describe('MCP servers the gateway does not run', () => {
  it('pass to an upstream of their own family without a warning', () => {
    expect(untranslatableWarnings(request('openai'), OPENAI_CHAT, OPENAI_RESPONSES, 'warn')).toEqual([]);
    expect(untranslatableWarnings(request('anthropic'), OPENAI_RESPONSES, ANTHROPIC_MESSAGES, 'refuse')).toEqual([]);
  });

  it('are dropped with a warning naming them on any other upstream', () => {
    expect(untranslatableWarnings(request('openai'), OPENAI_RESPONSES, OPENAI_CHAT, 'warn')).toEqual([
      {
        kind: 'dropped',
        field: 'tools',
        message: `'mcp server "remote"' has no equivalent on the ${OPENAI_CHAT} upstream and was not sent`,
      },
    ]);
  });

  it('are refused under untranslatable: refuse', () => {
    expect(() => untranslatableWarnings(request('anthropic'), ANTHROPIC_MESSAGES, OPENAI_CHAT, 'refuse')).toThrow(
      /cannot carry mcp_servers \(mcp server "remote"\)/,
    );
  });
});
