import type {
  IrContentPart,
  IrFinishReason,
  IrMcpAnswerPart,
  IrMcpCallPart,
  IrMessage,
  IrRequest,
  IrResponse,
  IrTool,
  IrToolCallPart,
  IrUsage,
  IrWarning,
} from '@interlingua/ir';
import { answeredApprovals, itemId, needsApproval, settleApprovals } from './approvals.js';
import { modelHistory, offeredName, resultOf } from './history-rewrite.js';
import { LoopDeadlineReached, type LoopBounds, type LoopCutoff, type LoopDeps, type LoopServer } from './loop-types.js';
import { sumUsage } from './loop-usage.js';

/** The answer the loop made: the last model answer's head, its content after the MCP parts, usage summed. */
export interface LoopAnswer {
  response: IrResponse;
  /** Set when a bound ended the loop before the model answered. */
  cutoff?: LoopCutoff;
  warnings: IrWarning[];
}

/** A tool the model may call, by its offered function name. */
interface OfferedTool {
  server: LoopServer;
  tool: string;
}

/**
 * Runs the MCP tool loop of one request at the IR level: the servers' tools are offered as
 * functions (`<label>__<tool>`) beside the caller's own; each answer that calls only offered tools
 * has them called and their results fed back, until the model answers, calls a tool of the
 * caller's (returned as a tool call), waits for an approval, or a bound is reached.
 */
export async function runToolLoop(
  request: IrRequest,
  servers: readonly LoopServer[],
  bounds: LoopBounds,
  deps: LoopDeps,
): Promise<LoopAnswer> {
  const deadline = deps.now() + bounds.timeoutMs;
  const offered = offeredTools(servers);
  const content: IrContentPart[] = [];
  const emit = async (part: IrMcpAnswerPart): Promise<void> => {
    content.push(part);
    await deps.emit?.(part);
  };
  for (const listing of newListings(request.messages, servers)) await emit(listing);
  const callTool = async (server: string, tool: string, argumentsJson: string) =>
    cut(await deps.callTool(server, tool, argumentsJson, deadline), bounds.maxResultBytes);
  const { calls, settled } = await settleApprovals(
    answeredApprovals(request.messages, new Set(servers.map((server) => server.label))),
    callTool,
  );
  for (const call of calls) await emit(call);
  const messages: IrMessage[] = modelHistory(request.messages, settled);
  const tools: IrTool[] = [...(request.tools ?? []), ...functionTools(servers)];
  let usage: IrUsage | undefined;
  let last: IrResponse | undefined;
  for (let iteration = 1; ; iteration++) {
    const cutoff = iteration > bounds.maxIterations ? 'max-iterations' : deps.now() >= deadline ? 'timeout' : undefined;
    if (cutoff) return cutAnswer(last, content, usage, cutoff, bounds);
    const answer = await modelCallInTime(deps, { ...request, messages, tools }, iteration, deadline);
    if (!answer) return cutAnswer(last, content, usage, 'timeout', bounds);
    usage = sumUsage(usage, answer.usage);
    last = answer;
    const choice = answer.choices[0];
    const parts = choice?.content ?? [];
    const toolCalls = parts.filter((part): part is IrToolCallPart => part.type === 'tool-call');
    const mcpCalls = toolCalls.filter((call) => offered.has(call.name));
    content.push(...parts.filter((part) => part.type !== 'tool-call' || !offered.has(part.name)));
    if (mcpCalls.length === 0) return { response: finalAnswer(answer, content, usage), warnings: [] };
    const results = [];
    let waits = false;
    for (const call of mcpCalls) {
      const { server, tool } = offered.get(call.name) as OfferedTool;
      if (needsApproval(server, tool)) {
        waits = true;
        await emit({
          type: 'mcp-approval-request',
          id: itemId('mcpr'),
          server: server.label,
          name: tool,
          argumentsJson: call.argumentsJson,
        });
        continue;
      }
      const result = await callTool(server.label, tool, call.argumentsJson);
      const part: IrMcpCallPart = {
        type: 'mcp-call',
        id: call.id,
        server: server.label,
        name: tool,
        argumentsJson: call.argumentsJson,
        ...result,
      };
      await emit(part);
      results.push(resultOf(call.id, call.name, result));
    }
    const callerCalls = toolCalls.length > mcpCalls.length;
    if (waits || callerCalls) {
      const finish: IrFinishReason = callerCalls
        ? { unified: 'tool-calls', raw: 'tool_calls' }
        : { unified: 'stop', raw: 'mcp_approval_request' };
      return { response: finalAnswer(answer, reorderCallerCalls(content, offered), usage, finish), warnings: [] };
    }
    messages.push({ role: 'assistant', content: parts }, { role: 'tool', content: results });
  }
}

/** One model call; undefined when the loop's time bound cut it. */
async function modelCallInTime(
  deps: LoopDeps,
  request: IrRequest,
  iteration: number,
  deadline: number,
): Promise<IrResponse | undefined> {
  try {
    return await deps.callModel(request, iteration, deadline);
  } catch (error) {
    if (error instanceof LoopDeadlineReached) return undefined;
    throw error;
  }
}

/** The offered tools by function name. */
function offeredTools(servers: readonly LoopServer[]): Map<string, OfferedTool> {
  const offered = new Map<string, OfferedTool>();
  for (const server of servers)
    for (const tool of server.tools) offered.set(offeredName(server.label, tool.name), { server, tool: tool.name });
  return offered;
}

function functionTools(servers: readonly LoopServer[]): IrTool[] {
  return servers.flatMap((server) =>
    server.tools.map((tool) => ({
      name: offeredName(server.label, tool.name),
      ...(tool.description ? { description: tool.description } : {}),
      parameters: tool.inputSchema ?? { type: 'object', properties: {} },
    })),
  );
}

/** Listings for the servers whose listing the history does not hold yet. */
function newListings(messages: readonly IrMessage[], servers: readonly LoopServer[]): IrMcpAnswerPart[] {
  const listed = new Set<string>();
  for (const message of messages)
    for (const part of message.content) if (part.type === 'mcp-list-tools') listed.add(part.server);
  return servers
    .filter((server) => !listed.has(server.label))
    .map((server) => ({
      type: 'mcp-list-tools',
      id: itemId('mcp'),
      server: server.label,
      tools: server.tools,
      ...(server.listError ? { error: server.listError } : {}),
    }));
}

/** The caller's own tool calls go after the MCP parts of the same answer (they are what the caller acts on). */
function reorderCallerCalls(content: IrContentPart[], offered: ReadonlyMap<string, OfferedTool>): IrContentPart[] {
  const callerCalls = content.filter((part) => part.type === 'tool-call' && !offered.has(part.name));
  return [...content.filter((part) => !callerCalls.includes(part)), ...callerCalls];
}

function finalAnswer(
  answer: IrResponse,
  content: IrContentPart[],
  usage: IrUsage | undefined,
  finish?: IrFinishReason,
): IrResponse {
  const choice = answer.choices[0];
  const finishReason = finish ?? choice?.finishReason ?? { unified: 'stop', raw: null };
  return {
    ...answer,
    choices: [{ index: 0, content, finishReason }],
    ...(usage ? { usage } : {}),
  };
}

/** The answer when a bound ended the loop: what exists, a `pause` finish and a warning naming the bound. */
function cutAnswer(
  last: IrResponse | undefined,
  content: IrContentPart[],
  usage: IrUsage | undefined,
  cutoff: LoopCutoff,
  bounds: LoopBounds,
): LoopAnswer {
  const bound =
    cutoff === 'max-iterations'
      ? `${bounds.maxIterations} model calls (mcp.loop.maxIterations)`
      : `${bounds.timeoutMs / 1000} seconds (mcp.loop.timeoutSeconds)`;
  const head = last ?? { id: itemId('mcp'), model: '', created: Math.floor(Date.now() / 1000), choices: [] };
  return {
    response: finalAnswer(head, content, usage, { unified: 'pause', raw: cutoff }),
    cutoff,
    warnings: [
      {
        kind: 'dropped',
        field: 'tools',
        message: `The MCP tool loop stopped after ${bound} before the model answered`,
      },
    ],
  };
}

/** A tool's text cut to the loop's bound, saying so. */
function cut(answer: { output: string } | { error: string }, maxBytes: number) {
  if (!('output' in answer) || Buffer.byteLength(answer.output) <= maxBytes) return answer;
  const kept = Buffer.from(answer.output)
    .subarray(0, maxBytes)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return {
    output: `${kept}\n[cut: the result is ${Buffer.byteLength(answer.output)} bytes, above the gateway's bound of ${maxBytes} (mcp.loop.maxResultBytes)]`,
  };
}
