import type { GatewayKey } from '../auth/api-keys.js';
import type { RequestContext } from '../context/request-context.js';
import type { GatewayRuntime } from '../operations/gateway-ops.js';
import { requestLoggingEnabled, writeRequestLine } from '../observe/request-log.js';
import type { ToolCallRecord } from './mcp-view.js';

/** What accounting a tool call touches: the ledger, the logger and the request's trace. */
export type McpAccountingRuntime = Pick<GatewayRuntime, 'ledger' | 'logger'>;

/**
 * How the tool calls of one MCP request are accounted: each writes a ledger row (endpoint `mcp`,
 * path `tools/call`, the server as provider and the tool as model; it shows in the console's
 * usage and live log), a log line and a span under the request's (`execute_tool {tool}`). A
 * request that made a tool call is known by its rows: the observer writes no row of its own for it,
 * and its answer's last bytes wait for their journal writes.
 */
export function toolCallRecorder(
  runtime: McpAccountingRuntime,
  context: RequestContext,
  key: GatewayKey,
): (call: ToolCallRecord) => void {
  const writes: Promise<void>[] = [];
  return (call) => {
    const failed = call.error !== undefined;
    const written = runtime.ledger?.add({
      requestId: context.requestId,
      at: Date.now(),
      key: key.name,
      keyId: key.id,
      style: 'mcp',
      endpoint: 'mcp',
      model: call.tool,
      provider: call.server,
      upstreamModel: null,
      path: 'tools/call',
      status: failed && call.error !== 'tool-error' ? 502 : 200,
      errorKind: call.error ?? null,
      inputTokens: 0,
      outputTokens: 0,
      cachedTokens: 0,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      reasoningTokens: 0,
      cost: null,
      latencyMs: Math.round(call.durationMs * 100) / 100,
      ttfbMs: null,
      attempts: 1,
      warnings: null,
      requestBytes: call.requestBytes,
      resultBytes: call.resultBytes,
    });
    if (written) writes.push(written);
    const tracked = context.tracked;
    if (tracked && runtime.ledger) {
      tracked.ledgerRowRecorded = true;
      context.sink.beforeLastBytes = () => Promise.all(writes).then(() => undefined);
    }
    tracked?.trace?.recordChild({
      name: `tools/call ${call.tool}`,
      attributes: {
        'mcp.method.name': 'tools/call',
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': call.tool,
        'interlingua.mcp.server': call.server,
        'interlingua.mcp.request_bytes': call.requestBytes,
        'interlingua.mcp.result_bytes': call.resultBytes,
        ...(call.error ? { 'gen_ai.tool.call.error': call.error } : {}),
      },
      durationMs: call.durationMs,
      error: call.error,
    });
    if (!requestLoggingEnabled()) return;
    writeRequestLine(runtime.logger, failed ? 'error' : 'info', {
      requestId: context.requestId,
      key: key.name,
      keyId: key.id,
      endpoint: 'mcp',
      method: 'tools/call',
      server: call.server,
      tool: call.tool,
      latencyMs: Math.round(call.durationMs * 100) / 100,
      requestBytes: call.requestBytes,
      resultBytes: call.resultBytes,
      ...(call.error ? { error: call.error } : {}),
    });
  };
}
