import {
  CallToolResultSchema,
  McpError,
  type CallToolRequest,
  type CallToolResult,
  type CompleteRequest,
  type CompleteResult,
  type GetPromptRequest,
  type GetPromptResult,
  type ReadResourceRequest,
  type ReadResourceResult,
  type ServerNotification,
} from '@modelcontextprotocol/sdk/types.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { unknownName } from './mcp-errors.js';
import { joinName } from './mcp-names.js';
import { resolveGranted, upstreamOptions, withLease, type McpView } from './mcp-view.js';

/** What a handler gets of the caller's request beside its params. */
export interface CallerRequest {
  signal: AbortSignal;
  progressToken?: string | number | undefined;
  notify(notification: ServerNotification): Promise<void>;
}

/**
 * `tools/call`: a name the key may not use, and a name the server does not have, get the same
 * answer before anything goes upstream: the tool error an SDK server gives for a tool it lacks. Progress goes back under the caller's token; the caller's
 * cancel reaches the server; a result above `maxToolResultBytes` becomes a tool error. Every
 * call is recorded (duration, error, bytes).
 */
export async function callTool(
  view: McpView,
  params: CallToolRequest['params'],
  caller: CallerRequest,
): Promise<CallToolResult> {
  const target = resolveGranted(view, 'tools', params.name);
  if (!target) return unknownTool(params.name);
  const started = performance.now();
  const requestBytes = Buffer.byteLength(JSON.stringify(params.arguments ?? {}));
  const record = (error: string | undefined, resultBytes: number) =>
    view.record({
      server: target.server.config.name,
      tool: target.name,
      durationMs: performance.now() - started,
      requestBytes,
      resultBytes,
      ...(error ? { error } : {}),
    });
  try {
    const result = await withLease(view, target.server, async (lease) => {
      if (!(await lease.toolNames()).has(target.name)) return undefined;
      return withProgress(caller, (relayed) =>
        lease.client.request(
          { method: 'tools/call', params: { ...params, name: target.name } },
          CallToolResultSchema,
          upstreamOptions(view, caller.signal, relayed),
        ),
      );
    });
    if (!result) return unknownTool(params.name);
    const resultBytes = Buffer.byteLength(JSON.stringify(result));
    if (resultBytes > view.limits.maxToolResultBytes) {
      record('result-too-large', resultBytes);
      return tooLarge(resultBytes, view.limits.maxToolResultBytes);
    }
    record(result.isError ? 'tool-error' : undefined, resultBytes);
    return result as CallToolResult;
  } catch (error) {
    record(error instanceof McpError ? `jsonrpc:${error.code}` : 'gateway', 0);
    throw error;
  }
}

export async function getPrompt(
  view: McpView,
  params: GetPromptRequest['params'],
  caller: CallerRequest,
): Promise<GetPromptResult> {
  const target = resolveGranted(view, 'prompts', params.name);
  if (!target) throw unknownName('Prompt', params.name);
  return withLease(view, target.server, (lease) =>
    withProgress(caller, (relayed) =>
      lease.client.getPrompt({ ...params, name: target.name }, upstreamOptions(view, caller.signal, relayed)),
    ),
  );
}

export async function readResource(
  view: McpView,
  params: ReadResourceRequest['params'],
  caller: CallerRequest,
): Promise<ReadResourceResult> {
  const target = resolveGranted(view, 'resources', params.uri);
  if (!target) throw unknownName('Resource', params.uri);
  const result = await withLease(view, target.server, (lease) =>
    withProgress(caller, (relayed) =>
      lease.client.readResource({ ...params, uri: target.name }, upstreamOptions(view, caller.signal, relayed)),
    ),
  );
  if (!view.aggregate) return result;
  const server = target.server.config.name;
  return {
    ...result,
    contents: result.contents.map((content) => ({ ...content, uri: joinName(server, content.uri) })),
  };
}

/** `completion/complete` for a prompt's or a resource template's argument, sent to the server that owns it. */
export async function complete(
  view: McpView,
  params: CompleteRequest['params'],
  caller: CallerRequest,
): Promise<CompleteResult> {
  const ref = params.ref;
  const joined = ref.type === 'ref/prompt' ? ref.name : ref.uri;
  const target = resolveGranted(view, ref.type === 'ref/prompt' ? 'prompts' : 'resources', joined);
  if (!target) throw unknownName(ref.type === 'ref/prompt' ? 'Prompt' : 'Resource template', joined);
  const own = ref.type === 'ref/prompt' ? { ...ref, name: target.name } : { ...ref, uri: target.name };
  return withLease(view, target.server, (lease) =>
    lease.client.complete({ ...params, ref: own }, upstreamOptions(view, caller.signal)),
  );
}

/**
 * Relays the server's progress to the caller under the caller's token, when the caller asked for
 * progress; `sent` waits for the notices relayed so far, so none goes out after the result.
 */
function progressRelay(caller: CallerRequest): { options: RequestOptions; sent(): Promise<void> } {
  const token = caller.progressToken;
  const pending: Promise<void>[] = [];
  const sent = async (): Promise<void> => void (await Promise.all(pending));
  if (token === undefined) return { options: {}, sent };
  const onprogress: RequestOptions['onprogress'] = (progress) =>
    void pending.push(
      caller
        .notify({ method: 'notifications/progress', params: { ...progress, progressToken: token } })
        .catch(() => undefined),
    );
  return { options: { onprogress }, sent };
}

/** Runs an upstream request with the caller's progress relayed, and gives its result once every notice went out. */
async function withProgress<T>(caller: CallerRequest, run: (options: RequestOptions) => Promise<T>): Promise<T> {
  const relay = progressRelay(caller);
  const result = await run(relay.options);
  await relay.sent();
  return result;
}

function tooLarge(bytes: number, bound: number): CallToolResult {
  return toolError(
    `The tool's result is ${bytes} bytes, above the gateway's bound of ${bound} (mcp.limits.maxToolResultBytes)`,
  );
}

/** A tool the key may not use or the server lacks: `MCP error -32602: Tool <name> not found`, as a tool error. */
function unknownTool(name: string): CallToolResult {
  return toolError(unknownName('Tool', name).message);
}

function toolError(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
