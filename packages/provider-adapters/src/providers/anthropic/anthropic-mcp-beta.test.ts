import { startLoopbackUpstream } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { requestSigner } from '../../codecs.js';
import type { ProviderSettings } from '../../provider-adapter.js';
import { fetchUpstream } from '../../transport/upstream-transport.js';
import { anthropicAdapter } from './anthropic-adapter.js';
import { anthropicMcpBetaHeader } from './anthropic-mcp-beta.js';

const WITH_SERVERS = JSON.stringify({
  model: 'claude-sonnet-4-5',
  max_tokens: 64,
  messages: [{ role: 'user', content: 'hi' }],
  mcp_servers: [{ type: 'url', url: 'https://mcp.example.com/mcp', name: 'docs' }],
});

const betaFor = (body: string | Uint8Array, headers: Record<string, string> = {}) =>
  anthropicMcpBetaHeader({ url: 'https://api.anthropic.com/v1/messages', method: 'POST', headers, body });

describe('anthropic-beta for the MCP connector', () => {
  it('adds mcp-client-2025-04-04 to a request holding mcp_servers, beside the betas it carries', async () => {
    expect(await betaFor(WITH_SERVERS)).toEqual({ 'anthropic-beta': 'mcp-client-2025-04-04' });
    expect(await betaFor(Buffer.from(WITH_SERVERS), { 'Anthropic-Beta': 'context-1m-2025-08-07' })).toEqual({
      'Anthropic-Beta': 'context-1m-2025-08-07,mcp-client-2025-04-04',
    });
  });

  it('keeps the MCP beta the caller chose, and adds nothing without mcp_servers', async () => {
    expect(await betaFor(WITH_SERVERS, { 'anthropic-beta': 'mcp-client-2025-11-20' })).toEqual({});
    const mentioned = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: '"mcp_servers": [1]' }] });
    expect(await betaFor(mentioned)).toEqual({});
    expect(await betaFor(JSON.stringify({ model: 'm', mcp_servers_note: [] }))).toEqual({});
  });

  describe('from the IR (hooks.irHeaders)', () => {
    const irHeaders = anthropicAdapter.hooks?.irHeaders;
    const server = { label: 'docs', url: 'https://mcp.example.com/mcp' };

    it('gives a request whose IR holds MCP servers the beta, beside the betas its headers carry', () => {
      expect(irHeaders?.({ mcpServers: [server] }, {})).toEqual({ 'anthropic-beta': 'mcp-client-2025-04-04' });
      expect(irHeaders?.({ mcpServers: [server] }, { 'Anthropic-Beta': 'context-1m-2025-08-07' })).toEqual({
        'Anthropic-Beta': 'context-1m-2025-08-07,mcp-client-2025-04-04',
      });
      expect(irHeaders?.({ mcpServers: [server] }, { 'anthropic-beta': 'mcp-client-2025-11-20' })).toEqual({});
    });

    it('gives one without MCP servers nothing', () => {
      expect(irHeaders?.({}, {})).toEqual({});
      expect(irHeaders?.({}, { 'anthropic-beta': 'context-1m-2025-08-07' })).toEqual({});
    });

    it('gives an empty list the beta too: the encoder still writes `mcp_servers: []`', () => {
      expect(irHeaders?.({ mcpServers: [] }, {})).toEqual({ 'anthropic-beta': 'mcp-client-2025-04-04' });
    });
  });

  it('reaches the upstream on the request the adapter sends', async () => {
    const upstream = await startLoopbackUpstream((_request, response) => {
      response.end('{}');
    });
    try {
      const settings: ProviderSettings = {
        id: 'anthropic',
        type: 'anthropic',
        baseUrl: upstream.url,
        headers: {},
        forwardHeaders: [],
        api: 'chat',
        options: {},
      };
      const endpoint = anthropicAdapter.generation({ settings, model: 'claude-sonnet-4-5', stream: false });
      await fetchUpstream(
        { ...endpoint, method: 'POST', body: WITH_SERVERS, ...requestSigner(anthropicAdapter, settings) },
        1024,
      );
      expect(upstream.requests[0]?.headers['anthropic-beta']).toBe('mcp-client-2025-04-04');
    } finally {
      await upstream.close();
    }
  });
});
