import { describe, expect, it } from 'vitest';
import type { GatewayKey } from '../auth/api-keys.js';
import type { GenerationRequest, GenerationRun } from '../context/generation-call.js';
import type { RequestContext } from '../context/request-context.js';
import { runMcpLoopGeneration, type McpLoopScope } from './mcp-loop-generation.js';

const requestWith = (json: Record<string, unknown>) => ({ json }) as unknown as GenerationRequest;

describe('runMcpLoopGeneration for a request naming no MCP server', () => {
  it('hands back what comes next itself: no frame of its own per request', () => {
    const next = Promise.resolve();
    const go = (json: Record<string, unknown>) =>
      runMcpLoopGeneration(
        {} as McpLoopScope,
        {} as RequestContext,
        {} as GatewayKey,
        requestWith(json),
        {} as GenerationRun,
        () => next,
      );
    expect(go({ messages: [] })).toBe(next);
    expect(go({ tools: [{ type: 'function' }], mcp_servers: [] })).toBe(next);
  });
});
