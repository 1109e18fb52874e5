import type { IrContentPart, IrMessage, IrResponse, IrStreamEvent } from '@interlingua/ir';
import { serializeSseMessages } from '@interlingua/ir-utils';
import { codecFor } from '@interlingua/provider-adapters';
import { readWireRequest } from '@interlingua/gateway/test-support';
import { sendJson, sendSse, startLoopbackUpstream, type LoopbackUpstream } from '@interlingua/testkit';

/**
 * A loopback upstream (any generation wire) playing a model that uses one MCP tool: when the
 * prompt carries the marker and the agent offers a tool named `…everything__echo` (whatever
 * prefix the agent gives MCP tools), it calls that tool with the marker's word; once the tool's
 * result comes back it answers with that result. Other requests (titles, asides) get a short text.
 * Codex offers MCP tools as Responses `namespace` tools (`mcp__<server>` holding the server's
 * tools): those count as `<namespace>__<tool>`, and a call to one carries its `namespace`.
 */
export const MCP_MARKER = 'Use the echo tool with the word';
export const MCP_ANSWER_HEAD = 'MCP DONE.';

export interface McpTurn {
  /** The tool names the agent offered. */
  tools: string[];
  /** The echo call the model made, when it made one. */
  called?: string;
  /** The tool result the request carried back, when it did. */
  result?: string;
}

export interface McpToolUpstream extends LoopbackUpstream {
  turns: McpTurn[];
}

function textOf(parts: readonly IrContentPart[]): string {
  return parts
    .map((part) => (part.type === 'text' ? part.text : part.type === 'tool-result' ? textOf(part.content) : ''))
    .join('\n');
}

function lastToolResult(messages: readonly IrMessage[]): string | undefined {
  return messages
    .flatMap((message) =>
      message.content.flatMap((part) => (part.type === 'tool-result' ? [textOf(part.content)] : [])),
    )
    .at(-1);
}

interface OfferedTool {
  /** The name the upstream knows it by (`<namespace>__<tool>` for a namespaced one). */
  full: string;
  /** The name a call gives, and the namespace it names (Responses namespaced tools). */
  name: string;
  namespace?: string;
}

/** The Responses `namespace` tools of a raw request body, each inner tool on its own. */
function namespacedTools(body: unknown): OfferedTool[] {
  const tools = (body as { tools?: unknown }).tools;
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool: { type?: string; name?: string; tools?: Array<{ name?: string }> }) =>
    tool.type === 'namespace' && tool.name && Array.isArray(tool.tools)
      ? tool.tools.flatMap((inner) =>
          inner.name ? [{ full: `${tool.name}__${inner.name}`, name: inner.name, namespace: tool.name }] : [],
        )
      : [],
  );
}

/** Adds `namespace` to every `function_call` item of an encoded Responses answer. */
function withNamespace(value: unknown, namespace: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withNamespace(item, namespace));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = withNamespace(inner, namespace);
  return out.type === 'function_call' ? { ...out, namespace } : out;
}

function answerEvents(content: IrContentPart[], model: string, toolCall: boolean): IrStreamEvent[] {
  const events: IrStreamEvent[] = [
    { type: 'response-start', id: `resp_mcp_${Date.now()}`, model, created: 1_764_000_000 },
  ];
  content.forEach((part, index) => {
    if (part.type === 'text') {
      events.push(
        { type: 'text-start', index },
        { type: 'text-delta', index, delta: part.text },
        { type: 'text-end', index },
      );
    } else if (part.type === 'tool-call') {
      events.push(
        { type: 'tool-call-start', index, id: part.id, name: part.name },
        { type: 'tool-call-delta', index, argumentsDelta: part.argumentsJson },
        { type: 'tool-call-end', index },
      );
    }
  });
  events.push({ type: 'usage-update', usage: { inputTokens: 200, outputTokens: 20, totalTokens: 220 } });
  events.push({ type: 'finish', finishReason: { unified: toolCall ? 'tool-calls' : 'stop', raw: null } });
  return events;
}

export async function startMcpToolUpstream(): Promise<McpToolUpstream> {
  const turns: McpTurn[] = [];
  const upstream = await startLoopbackUpstream((request, response) => {
    const read = readWireRequest(request);
    if (typeof read === 'string') return sendJson(response, 400, { error: { message: read } });
    const body = read.wire === 'gemini' ? { ...read.body, model: read.model } : read.body;
    const ir = codecFor(read.wire).request.toIr(body).value;
    // A Responses body's namespaced tools are also in its IR as flat function tools: counted once, as namespaced.
    const namespaced = read.wire === 'openai-responses' ? namespacedTools(read.body) : [];
    const offered: OfferedTool[] = [
      ...(ir.tools ?? [])
        .filter((tool) => !namespaced.some((entry) => entry.full === tool.name))
        .map((tool) => ({ full: tool.name, name: tool.name })),
      ...namespaced,
    ];
    const tools = offered.map((tool) => tool.full);
    const prompt = ir.messages.filter((message) => message.role === 'user').map((message) => textOf(message.content));
    const word = new RegExp(`${MCP_MARKER} (\\w+)`).exec(prompt.join('\n'))?.[1];
    const echo = offered.find((tool) => tool.full.endsWith('everything__echo'));
    const result = lastToolResult(ir.messages);
    let content: IrContentPart[];
    const turn: McpTurn = { tools, ...(result === undefined ? {} : { result }) };
    if (word && result !== undefined) content = [{ type: 'text', text: `${MCP_ANSWER_HEAD} The tool said: ${result}` }];
    else if (word && echo) {
      const argumentsJson = JSON.stringify({ message: word });
      content = [{ type: 'tool-call', id: `call_mcp_${word}`, name: echo.name, argumentsJson }];
      turn.called = echo.full;
    } else content = [{ type: 'text', text: word ? 'No echo tool was offered.' : 'Scripted' }];
    turns.push(turn);
    const toolCall = turn.called !== undefined;
    const namespace = toolCall ? echo?.namespace : undefined;
    const codec = codecFor(read.wire);
    if (read.stream) {
      const encoder = codec.stream.createEncoder({ includeUsage: true, model: read.model });
      const events = answerEvents(content, read.model, toolCall);
      const messages = [...events.flatMap((event) => encoder.push(event)), ...encoder.end()].map((message) =>
        namespace ? { ...message, data: JSON.stringify(withNamespace(JSON.parse(message.data), namespace)) } : message,
      );
      return sendSse(response, serializeSseMessages(messages), { delayMs: 1 });
    }
    const answer: IrResponse = {
      id: `resp_mcp_${Date.now()}`,
      model: read.model,
      created: 1_764_000_000,
      choices: [{ index: 0, content, finishReason: { unified: toolCall ? 'tool-calls' : 'stop', raw: null } }],
      usage: { inputTokens: 200, outputTokens: 20, totalTokens: 220 },
    };
    const encoded = codec.response.fromIr(answer).value;
    sendJson(response, 200, namespace ? withNamespace(encoded, namespace) : encoded);
  });
  return Object.assign(upstream, { turns });
}
