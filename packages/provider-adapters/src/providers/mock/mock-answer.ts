import type { IrContentPart, IrRequest, IrTool } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';

/** What the mock provider decides to answer, before it is streamed. */
export interface MockAnswer {
  reasoning?: string;
  text?: string;
  toolCall?: { name: string; argumentsJson: string };
}

/**
 * The mock's deterministic policy:
 * - tools offered (and `toolChoice` not `none`) and the last turn is not a tool result: call the
 *   chosen tool, or the first one, with arguments built from its schema;
 * - the last turn holds tool results: report them;
 * - a JSON schema response format: an object built from the schema;
 * - otherwise echo the last user text as `You said: <text>`.
 * Reasoning, when asked for, is one sentence about the prompt.
 */
export function decideMockAnswer(request: IrRequest): MockAnswer {
  const last = request.messages.at(-1);
  const reasoning = wantsReasoning(request) ? `The request has ${request.messages.length} message(s).` : undefined;
  const tool = chooseTool(request);
  if (tool && last?.role !== 'tool') {
    return {
      reasoning,
      toolCall: { name: tool.name, argumentsJson: JSON.stringify(sampleFromSchema(tool.parameters ?? {})) },
    };
  }
  if (last?.role === 'tool') return { reasoning, text: describeToolResults(last.content) };
  if (request.responseFormat?.type === 'json-schema')
    return { reasoning, text: JSON.stringify(sampleFromSchema(request.responseFormat.schema)) };
  if (request.responseFormat?.type === 'json-object')
    return { reasoning, text: JSON.stringify({ echo: lastUserText(request) }) };
  return { reasoning, text: `You said: ${lastUserText(request)}` };
}

function wantsReasoning(request: IrRequest): boolean {
  const reasoning = request.reasoning;
  if (!reasoning || reasoning.enabled === false || reasoning.effort === 'none') return false;
  return reasoning.enabled === true || reasoning.effort !== undefined || (reasoning.budgetTokens ?? 0) > 0;
}

function chooseTool(request: IrRequest): IrTool | undefined {
  const tools = request.tools ?? [];
  const choice = request.toolChoice;
  if (tools.length === 0 || choice?.type === 'none') return undefined;
  if (choice?.type === 'tool') return tools.find((t) => t.name === choice.name) ?? tools[0];
  return tools[0];
}

function lastUserText(request: IrRequest): string {
  for (let i = request.messages.length - 1; i >= 0; i--) {
    const message = request.messages[i];
    if (message?.role !== 'user') continue;
    const text = message.content
      .map((part) => (part.type === 'text' ? part.text : part.type === 'file' ? `[${part.mediaType ?? 'file'}]` : ''))
      .filter((t) => t.length > 0)
      .join(' ');
    return text;
  }
  return '';
}

function describeToolResults(parts: IrContentPart[]): string {
  return parts
    .filter((part) => part.type === 'tool-result')
    .map((part) => {
      const text = part.content.map((c) => (c.type === 'text' ? c.text : `[${c.mediaType ?? 'file'}]`)).join(' ');
      return `Tool ${part.toolName || part.toolCallId} returned: ${text}`;
    })
    .join('\n');
}

/** A small value that satisfies a JSON schema's types and required properties. */
export function sampleFromSchema(schema: unknown, depth = 0): unknown {
  const node = asRecord(schema) ?? {};
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
  if (depth > 8) return null;
  switch (type) {
    case 'string':
      return 'mock';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [sampleFromSchema(node.items, depth + 1)];
    case 'null':
      return null;
    default:
      return sampleObject(node, depth);
  }
}

function sampleObject(node: Record<string, unknown>, depth: number): Record<string, unknown> {
  const properties = asRecord(node.properties) ?? {};
  const required = Array.isArray(node.required)
    ? node.required.filter((k): k is string => typeof k === 'string')
    : Object.keys(properties);
  const out: Record<string, unknown> = {};
  for (const key of required) out[key] = sampleFromSchema(properties[key], depth + 1);
  return out;
}
