import { asRecord, openAiWebSearchToIr } from '@interlingua/ir-utils';
import { isOpenAiResponsesWebSearchTool } from './openai-responses-web-search.js';
import type {
  IrMcpServer,
  IrMessage,
  IrReasoningConfig,
  IrRequest,
  IrResponseFormat,
  IrTool,
  IrToolChoice,
  IrWarning,
  Result,
} from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import { openAiPromptCacheToIr } from '@interlingua/ir-utils';
import {
  OPENAI_RESPONSES_STYLE,
  type OpenAiResponsesRequestExtensions,
  compactRecord,
  pickUnknown,
} from './openai-responses-extensions.js';
import { openAiResponsesInputToIr } from './openai-responses-input-to-ir.js';
import { mcpToolToIr } from './openai-responses-mcp.js';
import { openAiResponsesMcpToolSchema } from './openai-responses-mcp-schema.js';
import { flatToolName, type NamespacedName, namespacedToolNames } from './openai-responses-namespaces.js';
import {
  type OpenAiResponsesFunctionTool,
  type OpenAiResponsesTextFormat,
  openAiResponsesFunctionToolSchema,
  openAiResponsesRequestLimitsSchema,
  openAiResponsesRequestSchema,
} from './openai-responses-request-schema.js';
import { asAccepted, parseOrThrow, type SchemaReader } from './openai-responses-zod-error.js';
import { OPENAI_RESPONSES_TOOL_CHOICE_MODE } from './map/openai-responses-tool-choice.js';

type ParsedRequest = ReturnType<typeof openAiResponsesRequestSchema.parse>;

/** Top-level fields the IR models; every other field is kept in `extensions.fields`. */
const MODELED_FIELDS = [
  'model',
  'input',
  'instructions',
  'tools',
  'tool_choice',
  'text',
  'reasoning',
  'max_output_tokens',
  'temperature',
  'top_p',
  'parallel_tool_calls',
  'stream',
  'metadata',
  'user',
  'prompt_cache_key',
  'prompt_cache_retention',
] as const;

function toolsToIr(
  tools: ParsedRequest['tools'],
  ext: OpenAiResponsesRequestExtensions,
  read: SchemaReader,
  servers: IrMcpServer[],
): IrTool[] | undefined {
  if (!tools) return undefined;
  const out: IrTool[] = [];
  const namespaced = namespacedToolNames(tools);
  tools.forEach((raw, index) => {
    if (raw.type === 'namespace') out.push(...namespaceToIr(raw, `tools[${index}]`, namespaced, read));
    if (raw.type === 'mcp') {
      const server = mcpToolToIr(read(openAiResponsesMcpToolSchema, raw, `tools[${index}]`), raw);
      (ext.mcpToolIndex ??= {})[server.label] = index;
      servers.push(server);
      return;
    }
    if (raw.type !== 'function') {
      (ext.tools ??= []).push({ index, tool: raw });
      return;
    }
    const tool = read(openAiResponsesFunctionToolSchema, raw, `tools[${index}]`);
    out.push(functionToolToIr(tool, tool.name));
    const fields = pickUnknown(raw, ['type', 'name', 'description', 'parameters', 'strict']);
    if (Object.keys(fields).length > 0) (ext.toolFields ??= {})[tool.name] = fields;
  });
  // MCP servers alone are no function tools: an upstream of another style gets no empty `tools`.
  return out.length === 0 && servers.length > 0 ? undefined : out;
}

function functionToolToIr(tool: OpenAiResponsesFunctionTool, name: string): IrTool {
  const ir: IrTool = { name, strict: tool.strict ?? true };
  if (tool.description != null) ir.description = tool.description;
  if (tool.parameters) ir.parameters = tool.parameters;
  return ir;
}

/**
 * The function tools of a `namespace` tool as flat IR tools (`<namespace>__<name>`), for other
 * styles; the namespace itself is kept whole in extensions for a Responses upstream.
 */
function namespaceToIr(
  raw: Record<string, unknown>,
  path: string,
  namespaced: ReadonlyMap<string, NamespacedName>,
  read: SchemaReader,
): IrTool[] {
  const out: IrTool[] = [];
  const inner = Array.isArray(raw.tools) ? (raw.tools as unknown[]) : [];
  inner.forEach((entry, index) => {
    const name = asRecord(entry)?.type === 'function' ? asRecord(entry)?.name : undefined;
    const flat = typeof name === 'string' && typeof raw.name === 'string' ? flatToolName(raw.name, name) : '';
    if (!namespaced.has(flat)) return;
    const tool = read(openAiResponsesFunctionToolSchema, entry, `${path}.tools[${index}]`);
    // The IR shares nothing with the body, as for top-level tools (whose schema copies them).
    out.push(functionToolToIr(tool.parameters ? { ...tool, parameters: { ...tool.parameters } } : tool, flat));
  });
  return out;
}

function toolChoiceToIr(
  choice: ParsedRequest['tool_choice'],
  ext: OpenAiResponsesRequestExtensions,
): IrToolChoice | undefined {
  if (choice == null) return undefined;
  if (typeof choice === 'string') return { type: OPENAI_RESPONSES_TOOL_CHOICE_MODE[choice] };
  if (choice.type === 'function' && typeof choice.name === 'string' && Object.keys(choice).length === 2) {
    return { type: 'tool', name: choice.name };
  }
  ext.toolChoice = choice;
  return undefined;
}

function textFormatToIr(format: OpenAiResponsesTextFormat | null | undefined): IrResponseFormat | undefined {
  if (!format) return undefined;
  if (format.type === 'text') return { type: 'text' };
  if (format.type === 'json_object') return { type: 'json-object' };
  const out: IrResponseFormat = { type: 'json-schema', name: format.name, schema: format.schema };
  if (format.description != null) out.description = format.description;
  if (format.strict != null) out.strict = format.strict;
  return out;
}

function reasoningToIr(
  reasoning: ParsedRequest['reasoning'],
  ext: OpenAiResponsesRequestExtensions,
): IrReasoningConfig | undefined {
  if (!reasoning) return undefined;
  const out: IrReasoningConfig = {};
  if (reasoning.effort) out.effort = reasoning.effort;
  if (reasoning.effort === 'none') out.enabled = false;
  if (reasoning.summary) out.summary = reasoning.summary;
  const rest = pickUnknown(reasoning, ['effort', 'summary']);
  if (Object.keys(rest).length > 0) ext.reasoning = rest;
  return out;
}

function instructionsMessage(instructions: string | null | undefined): IrMessage[] {
  return instructions == null ? [] : [{ role: 'system', content: [{ type: 'text', text: instructions }] }];
}

function sampling(body: ParsedRequest): IrRequest['sampling'] {
  const out: IrRequest['sampling'] = {};
  if (body.temperature != null) out.temperature = body.temperature;
  if (body.top_p != null) out.topP = body.top_p;
  return out;
}

function optionalFields(
  body: ParsedRequest,
  ir: IrRequest,
  ext: OpenAiResponsesRequestExtensions,
  read: SchemaReader,
): void {
  const servers: IrMcpServer[] = [];
  const tools = toolsToIr(body.tools, ext, read, servers);
  if (tools) ir.tools = tools;
  if (servers.length > 0) ir.mcpServers = servers;
  const search = ext.tools?.find((entry) => isOpenAiResponsesWebSearchTool(entry.tool))?.tool;
  if (search) ir.webSearch = openAiWebSearchToIr(search);
  const toolChoice = toolChoiceToIr(body.tool_choice, ext);
  if (toolChoice) ir.toolChoice = toolChoice;
  if (body.parallel_tool_calls != null) ir.parallelToolCalls = body.parallel_tool_calls;
  const format = textFormatToIr(body.text?.format);
  if (format) ir.responseFormat = format;
  if (body.text) {
    const rest = pickUnknown(body.text, ['format']);
    if (Object.keys(rest).length > 0) ext.text = rest;
  }
  if (body.max_output_tokens != null) ir.maxOutputTokens = body.max_output_tokens;
  const reasoning = reasoningToIr(body.reasoning, ext);
  if (reasoning) ir.reasoning = reasoning;
  if (body.user != null) ir.user = body.user;
  if (body.metadata) ir.metadata = body.metadata;
  const promptCache = openAiPromptCacheToIr(body.prompt_cache_key, body.prompt_cache_retention);
  if (promptCache) ir.promptCache = promptCache;
}

/**
 * Checks only the fields of a Responses request that have limits (model name length, sampling
 * ranges, tool names, metadata, end-user ids), for a body forwarded without being decoded.
 * Throws `invalid-request` naming the field, as `openAiResponsesRequestToIr` does.
 */
export function checkOpenAiResponsesRequestLimits(wire: unknown): void {
  parseOrThrow(openAiResponsesRequestLimitsSchema, wire);
}

/**
 * A Responses request body -> IR. `instructions` becomes a leading `system` message (flagged in
 * extensions so a same-style round trip re-emits `instructions`); fields the IR does not model
 * are kept in `extensions['openai-responses']`. Throws `invalid-request` naming the bad field.
 */
export function openAiResponsesRequestToIr(wire: unknown): Result<IrRequest> {
  return requestToIr(parseOrThrow(openAiResponsesRequestSchema, wire), parseOrThrow);
}

/**
 * A Responses request body that the request schema and the schemas of its input items and tools
 * are known to accept exactly as it is -> IR, without parsing it again.
 */
export function openAiResponsesRequestBodyToIr(body: ParsedRequest): Result<IrRequest> {
  return requestToIr(body, asAccepted);
}

function requestToIr(body: ParsedRequest, read: SchemaReader): Result<IrRequest> {
  const initial = instructionsMessage(body.instructions);
  const input = openAiResponsesInputToIr(body.input, initial, read);
  const ext: OpenAiResponsesRequestExtensions = { ...input.extensions };
  if (initial.length > 0) ext.instructions = true;
  const ir: IrRequest = {
    model: body.model,
    messages: input.messages,
    sampling: sampling(body),
    stream: body.stream === true,
  };
  optionalFields(body, ir, ext, read);
  const fields = pickUnknown(body, MODELED_FIELDS);
  if (Object.keys(fields).length > 0) ext.fields = fields;
  const extensions = compactRecord(ext);
  if (Object.keys(extensions).length > 0) ir.extensions = { [OPENAI_RESPONSES_STYLE]: extensions };
  const warnings: IrWarning[] = [...input.warnings];
  return ok(ir, warnings);
}
