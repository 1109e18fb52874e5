import { namespacedToolNames } from './openai-responses-namespaces.js';
import { irWebSearchToOpenAiResponses, isOpenAiResponsesWebSearchTool } from './openai-responses-web-search.js';
import type {
  IrReasoningConfig,
  IrRequest,
  IrResponseFormat,
  IrTool,
  IrToolChoice,
  IrWarning,
  Result,
} from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import { irPromptCacheToOpenAi } from '@interlingua/ir-utils';
import { irMcpServerToTool } from './openai-responses-mcp.js';
import { irMessagesToOpenAiResponsesInput } from './ir-to-openai-responses-input.js';
import { type OpenAiResponsesRequestExtensions, readRequestExtensions } from './openai-responses-extensions.js';
import type { OpenAiResponsesRequest } from './openai-responses-request-schema.js';
import { effortForBudget } from './map/openai-responses-reasoning-effort.js';

type Body = Record<string, unknown>;

function functionTool(tool: IrTool, ext: OpenAiResponsesRequestExtensions): Body {
  const strict = tool.strict === true;
  const empty: Body = strict
    ? { type: 'object', properties: {}, required: [], additionalProperties: false }
    : { type: 'object', properties: {} };
  const out: Body = { ...ext.toolFields?.[tool.name], type: 'function', name: tool.name };
  if (tool.description !== undefined) out.description = tool.description;
  out.parameters = tool.parameters ?? empty;
  out.strict = strict;
  return out;
}

function tools(ir: IrRequest, ext: OpenAiResponsesRequestExtensions, warnings: IrWarning[]): Body[] | undefined {
  // The tools of a namespace kept in extensions go up in their namespace, not flat.
  const namespaced = namespacedToolNames(ext.tools?.map((entry) => entry.tool));
  const out: Body[] = (ir.tools ?? [])
    .filter((tool) => !namespaced.has(tool.name))
    .map((tool) => functionTool(tool, ext));
  if (ir.tools?.some((tool) => tool.cacheControl))
    warnings.push({
      kind: 'dropped',
      field: 'tools.cacheControl',
      message: 'Responses caches prompts automatically; cache breakpoints are not sent',
    });
  // Hosted tools and MCP servers go back where the caller had them (servers from elsewhere at the end).
  const servers = (ir.mcpServers ?? []).map((server) => ({
    index: ext.mcpToolIndex?.[server.label] ?? Infinity,
    tool: irMcpServerToTool(server),
  }));
  const placed = [...(ext.tools ?? []), ...servers].sort((a, b) => a.index - b.index);
  for (const entry of placed) out.splice(Math.min(entry.index, out.length), 0, entry.tool);
  // A web search the caller asked for in another style: the Responses hosted `web_search` tool.
  if (ir.webSearch && !out.some((tool) => isOpenAiResponsesWebSearchTool(tool))) {
    out.push(irWebSearchToOpenAiResponses(ir.webSearch));
    if (ir.webSearch.maxUses !== undefined || ir.webSearch.blockedDomains)
      warnings.push({
        kind: 'dropped',
        field: 'webSearch',
        message: 'the Responses web_search tool takes no search limit nor blocked domains; they were not sent',
      });
  }
  return ir.tools || ext.tools || ir.webSearch || ir.mcpServers ? out : undefined;
}

function toolChoice(choice: IrToolChoice | undefined, ext: OpenAiResponsesRequestExtensions): unknown {
  if (!choice) return ext.toolChoice;
  return choice.type === 'tool' ? { type: 'function', name: choice.name } : choice.type;
}

function textFormat(format: IrResponseFormat | undefined): Body | undefined {
  if (!format) return undefined;
  if (format.type === 'text') return { type: 'text' };
  if (format.type === 'json-object') return { type: 'json_object' };
  const out: Body = { type: 'json_schema', name: format.name, schema: format.schema };
  if (format.description !== undefined) out.description = format.description;
  if (format.strict !== undefined) out.strict = format.strict;
  return out;
}

function reasoning(
  config: IrReasoningConfig | undefined,
  ext: OpenAiResponsesRequestExtensions,
  warnings: IrWarning[],
): Body | undefined {
  if (!config && !ext.reasoning) return undefined;
  const out: Body = { ...ext.reasoning };
  if (config?.effort) out.effort = config.effort;
  else if (config?.budgetTokens !== undefined && config.enabled !== false) {
    out.effort = effortForBudget(config.budgetTokens);
    warnings.push({
      kind: 'approximated',
      field: 'reasoning.budgetTokens',
      message: `thinking budget sent as reasoning effort '${String(out.effort)}'`,
    });
  } else if (config?.enabled === false) {
    warnings.push({
      kind: 'dropped',
      field: 'reasoning.enabled',
      message: "reasoning cannot be switched off on every OpenAI model; the model's default effort applies",
    });
  }
  if (config?.summary && config.summary !== 'none') out.summary = config.summary;
  return Object.keys(out).length > 0 ? out : undefined;
}

function samplingWarnings(ir: IrRequest, warnings: IrWarning[]): void {
  const s = ir.sampling;
  const drop = (field: string, what: string): void => {
    warnings.push({ kind: 'dropped', field, message: `Responses has no ${what}` });
  };
  if (s.topK !== undefined) drop('sampling.topK', 'top_k');
  if (s.stopSequences && s.stopSequences.length > 0) drop('sampling.stopSequences', 'stop sequences');
  if (s.seed !== undefined) drop('sampling.seed', 'seed');
  if (s.presencePenalty !== undefined) drop('sampling.presencePenalty', 'presence_penalty');
  if (s.frequencyPenalty !== undefined) drop('sampling.frequencyPenalty', 'frequency_penalty');
  if (ir.candidateCount !== undefined && ir.candidateCount > 1) drop('candidateCount', 'n (one answer per request)');
}

/**
 * A caller of another style that asked for reasoning gets OpenAI's reasoning back as encrypted
 * content, so that it can be replayed later without stored state (a Responses caller's own
 * `include` is left as it sent it).
 */
function wantsEncryptedReasoning(ir: IrRequest, body: Body): boolean {
  return (
    ir.reasoning !== undefined &&
    ir.reasoning.enabled !== false &&
    ir.reasoning.effort !== 'none' &&
    body.include === undefined
  );
}

function setIf(body: Body, key: string, value: unknown): void {
  if (value !== undefined) body[key] = value;
}

/**
 * IR -> a Responses request body. Function tools are flat and always say `strict` (absent on
 * Responses means strict, so IR `strict` undefined is sent as `false`); opaque reasoning is
 * forwarded only when it came from OpenAI; fields Responses cannot carry become warnings.
 */
export function irToOpenAiResponsesRequest(ir: IrRequest): Result<OpenAiResponsesRequest> {
  const ext = readRequestExtensions(ir.extensions);
  const warnings: IrWarning[] = [];
  const { instructions, input } = irMessagesToOpenAiResponsesInput(ir.messages, ext, warnings);
  const body: Body = { ...ext.fields, model: ir.model };
  setIf(body, 'instructions', instructions);
  body.input = input;
  setIf(body, 'tools', tools(ir, ext, warnings));
  setIf(body, 'tool_choice', toolChoice(ir.toolChoice, ext));
  setIf(body, 'parallel_tool_calls', ir.parallelToolCalls);
  const format = textFormat(ir.responseFormat);
  if (format || ext.text) body.text = { ...ext.text, ...(format ? { format } : {}) };
  setIf(body, 'reasoning', reasoning(ir.reasoning, ext, warnings));
  if (wantsEncryptedReasoning(ir, body)) body.include = ['reasoning.encrypted_content'];
  setIf(body, 'max_output_tokens', ir.maxOutputTokens);
  setIf(body, 'temperature', ir.sampling.temperature);
  setIf(body, 'top_p', ir.sampling.topP);
  setIf(body, 'user', ir.user);
  setIf(body, 'metadata', ir.metadata);
  const promptCache = irPromptCacheToOpenAi(ir.promptCache, 'Responses');
  Object.assign(body, promptCache.fields);
  warnings.push(...promptCache.warnings);
  if (ir.stream) body.stream = true;
  else delete body.stream_options;
  samplingWarnings(ir, warnings);
  return ok(body as OpenAiResponsesRequest, warnings);
}
