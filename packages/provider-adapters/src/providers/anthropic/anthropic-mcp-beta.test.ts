import { describe, expect, it } from 'vitest';
import { anthropicAdapter } from './anthropic-adapter.js';

describe('anthropic-beta for the MCP connector (hooks.requestHeaders)', () => {
  const requestHeaders = anthropicAdapter.hooks?.requestHeaders;

  it('gives a request holding MCP servers the beta, beside the betas its headers carry', () => {
    expect(requestHeaders?.({ mcpServers: true }, {})).toEqual({ 'anthropic-beta': 'mcp-client-2025-04-04' });
    expect(requestHeaders?.({ mcpServers: true }, { 'Anthropic-Beta': 'context-1m-2025-08-07' })).toEqual({
      'Anthropic-Beta': 'context-1m-2025-08-07,mcp-client-2025-04-04',
    });
  });

  it('keeps the MCP beta the caller chose', () => {
    expect(requestHeaders?.({ mcpServers: true }, { 'anthropic-beta': 'mcp-client-2025-11-20' })).toEqual({});
  });

  it('gives a request without MCP servers nothing', () => {
    expect(requestHeaders?.({ mcpServers: false }, {})).toEqual({});
    expect(requestHeaders?.({ mcpServers: false }, { 'anthropic-beta': 'context-1m-2025-08-07' })).toEqual({});
  });

  it('never searches the body: the adapter signs nothing', () => {
    expect(anthropicAdapter.signRequest).toBeUndefined();
  });
});
