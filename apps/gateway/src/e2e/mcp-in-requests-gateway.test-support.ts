import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { startLoopbackUpstream, type LoopbackUpstream } from '@interlingua/testkit';
import { z } from 'zod';
import { BEDROCK_PROVIDER } from './bedrock-e2e.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { EVERYTHING_BIN, startLoopbackMcpServer, type LoopbackMcpServer } from './mcp-upstreams.test-support.js';
import { scriptedUpstream, type ScriptedWire } from './mcp-in-requests-upstreams.test-support.js';

/**
 * The gateway the MCP-in-requests judges run against: one scripted upstream per wire (routes
 * `chat/<script>`, `anthropic/<script>`, `gemini/<script>`, `bedrock/<script>`), and two MCP servers it
 * serves: the real `@modelcontextprotocol/server-everything` over stdio (`everything`) and a
 * loopback server whose tools fail or hang (`faults`).
 */
export const ROUTE_PREFIX: Record<ScriptedWire, string> = {
  'openai-chat': 'chat',
  'anthropic-messages': 'anthropic',
  gemini: 'gemini',
  'bedrock-converse': 'bedrock',
};

/** What the faulty MCP server's `fail` tool answers (as an MCP tool error). */
export const FAILURE_TEXT = 'the faults server refused: scripted failure';

/** A loopback MCP server with tools `echo`, `fail` (an MCP tool error) and `slow` (waits `ms`, or until cancelled). */
export function startFaultyMcpServer(): Promise<LoopbackMcpServer> {
  return startLoopbackMcpServer(() => {
    const mcp = new McpServer({ name: 'faults', version: '1.0.0' });
    mcp.registerTool('echo', { inputSchema: { message: z.string() } }, ({ message }) => ({
      content: [{ type: 'text', text: `Echo: ${message}` }],
    }));
    mcp.registerTool('fail', { inputSchema: { reason: z.string().optional() } }, () => ({
      content: [{ type: 'text', text: FAILURE_TEXT }],
      isError: true,
    }));
    mcp.registerTool('slow', { inputSchema: { ms: z.number() } }, async ({ ms }, extra) => {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        extra.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      return { content: [{ type: 'text', text: 'slow done' }] };
    });
    return mcp;
  });
}

export interface LoopGateway {
  harness: Harness;
  /** The gateway's base URL. */
  url: string;
  /** Every scripted upstream, by wire (their `requests` are what the gateway sent). */
  upstreams: Record<ScriptedWire, LoopbackUpstream>;
  faults: LoopbackMcpServer;
  close(): Promise<void>;
}

export interface LoopGatewayOptions {
  /** Config sections beside `mcp.servers` (e.g. the loop's bounds under `mcp`). */
  mcp?: Record<string, unknown>;
  sections?: Record<string, unknown>;
  keys?: unknown[];
}

/** Starts the scripted upstreams, the faulty MCP server and the gateway in front of them. */
export async function startLoopGateway(options: LoopGatewayOptions = {}): Promise<LoopGateway> {
  const faults = await startFaultyMcpServer();
  const anthropic = await startLoopbackUpstream(scriptedUpstream('anthropic-messages'));
  const gemini = await startLoopbackUpstream(scriptedUpstream('gemini'));
  const bedrock = await startLoopbackUpstream(scriptedUpstream('bedrock-converse'));
  const harness = await startHarness(scriptedUpstream('openai-chat'), {
    keys: options.keys ?? [{ name: 'loop', secret: GATEWAY_KEY, mcp: { servers: ['*'] } }],
    providers: [
      { id: 'anthropic', type: 'anthropic', baseUrl: anthropic.url, apiKey: 'upstream-secret' },
      { id: 'gemini', type: 'gemini', baseUrl: `${gemini.url}/v1beta`, apiKey: 'upstream-secret' },
      { id: 'bedrock', ...BEDROCK_PROVIDER, baseUrl: bedrock.url },
    ],
    models: [
      { name: 'chat/*', targets: [{ provider: 'upstream' }] },
      { name: 'anthropic/*', targets: [{ provider: 'anthropic' }], defaultMaxOutputTokens: 1024 },
      { name: 'gemini/*', targets: [{ provider: 'gemini' }] },
      { name: 'bedrock/*', targets: [{ provider: 'bedrock' }] },
    ],
    sections: {
      ...options.sections,
      mcp: {
        ...options.mcp,
        servers: [
          { name: 'everything', command: process.execPath, args: [EVERYTHING_BIN] },
          { name: 'faults', url: faults.url },
        ],
      },
    },
  });
  return {
    harness,
    url: harness.url,
    upstreams: {
      'openai-chat': harness.upstream,
      'anthropic-messages': anthropic,
      gemini,
      'bedrock-converse': bedrock,
    },
    faults,
    async close() {
      await harness.close();
      await Promise.all([anthropic.close(), gemini.close(), bedrock.close(), faults.close()]);
    },
  };
}
