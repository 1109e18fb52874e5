import type { IrRequest, IrWarning, Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import { promptCacheWarnings } from '@interlingua/ir-utils';
import { readRequestExtension, type AnthropicRequestExtension } from './anthropic-messages-extension.js';
import { irMcpServersToAnthropic, isMcpToolset } from './anthropic-messages-mcp-servers.js';
import type { AnthropicMcpServer, AnthropicMessagesRequest } from './anthropic-messages-request-schema.js';
import { irReasoningToAnthropic } from './ir-to-anthropic-messages-thinking.js';
import { irToolChoiceToAnthropic, irToolsToAnthropic } from './ir-to-anthropic-messages-tools.js';
import { irWebSearchToAnthropic, isAnthropicWebSearchTool } from './anthropic-messages-web-search.js';
import { irMessagesToAnthropic } from './ir-to-anthropic-messages-turns.js';

/** `max_tokens` when the IR has none (the gateway normally fills a per-model default first). */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

function dropped(warnings: IrWarning[], field: string, message: string): void {
  warnings.push({ kind: 'dropped', field, message });
}

function applySampling(body: AnthropicMessagesRequest, ir: IrRequest, warnings: IrWarning[]): void {
  const { sampling } = ir;
  if (sampling.stopSequences && sampling.stopSequences.length > 0) body.stop_sequences = [...sampling.stopSequences];
  if (sampling.temperature !== undefined) {
    body.temperature = Math.min(Math.max(sampling.temperature, 0), 1);
    if (body.temperature !== sampling.temperature) {
      warnings.push({
        kind: 'approximated',
        field: 'sampling.temperature',
        message: `temperature ${sampling.temperature} clamped to Anthropic's range 0-1`,
      });
    }
  }
  if (sampling.topP !== undefined) body.top_p = sampling.topP;
  if (sampling.topK !== undefined) body.top_k = sampling.topK;
  if (sampling.seed !== undefined) dropped(warnings, 'sampling.seed', 'Anthropic Messages has no seed');
  if (sampling.presencePenalty !== undefined)
    dropped(warnings, 'sampling.presencePenalty', 'Anthropic Messages has no presence penalty');
  if (sampling.frequencyPenalty !== undefined)
    dropped(warnings, 'sampling.frequencyPenalty', 'Anthropic Messages has no frequency penalty');
  if (ir.candidateCount !== undefined && ir.candidateCount > 1)
    dropped(warnings, 'candidateCount', 'Anthropic Messages answers with one candidate');
}

/**
 * OpenAI chat keeps its wire fields that have no IR slot (`logprobs`, `top_logprobs`,
 * `logit_bias`, `store`…) as lower-case keys of `extensions['openai-chat']` (its camelCase keys
 * are codec metadata). Anthropic has none of them: each one set is reported, never dropped silently.
 */
function reportOpenAiChatFields(ir: IrRequest, warnings: IrWarning[]): void {
  for (const [key, value] of Object.entries(ir.extensions?.['openai-chat'] ?? {})) {
    if (/[A-Z]/.test(key) || value === undefined || value === null || value === false) continue;
    dropped(warnings, key, `Anthropic Messages has no equivalent of OpenAI chat's "${key}"`);
  }
}

function applyTools(body: AnthropicMessagesRequest, ir: IrRequest, extension: AnthropicRequestExtension): void {
  const tools = irToolsToAnthropic(ir.tools, extension.tools ?? []);
  // A web search the caller asked for in another style: Anthropic's own search server tool.
  if (ir.webSearch && !tools.some((tool) => isAnthropicWebSearchTool(tool)))
    tools.push(irWebSearchToAnthropic(ir.webSearch) as (typeof tools)[number]);
  if (tools.length > 0 || ir.tools !== undefined) body.tools = tools;
  const toolChoice = irToolChoiceToAnthropic(ir.toolChoice, ir.parallelToolCalls);
  if (toolChoice) body.tool_choice = toolChoice;
}

/**
 * The IR's MCP servers -> `mcp_servers`; an `mcp_toolset` tool is kept only while the server it
 * names is sent (Anthropic refuses a toolset of an unknown server).
 */
function applyMcpServers(body: AnthropicMessagesRequest, ir: IrRequest, warnings: IrWarning[]): void {
  const servers = ir.mcpServers ? irMcpServersToAnthropic(ir.mcpServers, warnings) : [];
  if (ir.mcpServers) body.mcp_servers = servers as AnthropicMcpServer[];
  if (!body.tools?.some((tool) => isMcpToolset(tool))) return;
  const names = new Set(servers.map((server) => server.name));
  body.tools = body.tools.filter((tool) => !isMcpToolset(tool) || names.has(tool.mcp_server_name));
  if (body.tools.length === 0 && ir.tools === undefined) delete body.tools;
}

function applyMetadata(
  body: AnthropicMessagesRequest,
  ir: IrRequest,
  extension: AnthropicRequestExtension,
  warnings: IrWarning[],
): void {
  const metadata = { ...extension.metadata, ...(ir.user !== undefined ? { user_id: ir.user } : {}) };
  if (Object.keys(metadata).length > 0) body.metadata = metadata;
  if (ir.metadata && Object.keys(ir.metadata).length > 0)
    dropped(warnings, 'metadata', 'Anthropic metadata only carries user_id');
}

/**
 * With thinking on, the last assistant turn that used tools must start with its (signed) thinking
 * block, else the API answers 400 ("Expected `thinking` or `redacted_thinking`, but found
 * `tool_use`"). Histories from other styles carry no Anthropic signatures.
 * @see https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking#preserving-thinking-blocks
 */
function lastToolTurnLacksThinking(body: AnthropicMessagesRequest): boolean {
  const last = body.messages.findLast((message) => message.role === 'assistant');
  if (!last || typeof last.content === 'string') return false;
  const blocks = last.content as ReadonlyArray<{ type: string }>;
  if (!blocks.some((block) => block.type === 'tool_use')) return false;
  return blocks[0]?.type !== 'thinking' && blocks[0]?.type !== 'redacted_thinking';
}

function applyReasoningAndFormat(
  body: AnthropicMessagesRequest,
  ir: IrRequest,
  extension: AnthropicRequestExtension,
  warnings: IrWarning[],
): void {
  const planWarnings: IrWarning[] = [];
  const plan = irReasoningToAnthropic(ir.reasoning, extension, body.max_tokens, planWarnings);
  const forced = body.tool_choice?.type === 'any' || body.tool_choice?.type === 'tool';
  const thinkingOn = plan.thinking !== undefined && plan.thinking.type !== 'disabled';
  if (thinkingOn && forced) {
    dropped(warnings, 'reasoning', 'Anthropic rejects thinking while tool_choice forces a tool; thinking not sent');
  } else if (thinkingOn && lastToolTurnLacksThinking(body)) {
    dropped(
      warnings,
      'reasoning',
      'Anthropic needs the signed thinking block of the last assistant turn with tool use, and the history holds none; thinking not sent',
    );
  } else {
    warnings.push(...planWarnings);
    if (plan.thinking) body.thinking = { type: String(plan.thinking.type), ...plan.thinking };
    body.max_tokens = plan.maxTokens;
  }
  const outputConfig: Record<string, unknown> = { ...extension.outputConfig };
  if (plan.effort) outputConfig.effort = plan.effort;
  const format = ir.responseFormat;
  if (format?.type === 'json-schema') {
    const wire = { type: 'json_schema' as const, schema: format.schema };
    if (extension.legacyOutputFormat) body.output_format = wire;
    else outputConfig.format = wire;
  } else if (format?.type === 'json-object') {
    dropped(warnings, 'responseFormat', 'Anthropic has no JSON mode without a schema');
  }
  if (Object.keys(outputConfig).length > 0) body.output_config = outputConfig;
}

/**
 * IR request -> `POST /v1/messages` body. Lossy mappings come back as warnings: penalties, seed
 * and extra candidates are dropped; `max_tokens` defaults to 4096 when the IR has none.
 */
export function irToAnthropicMessagesRequest(ir: IrRequest): Result<AnthropicMessagesRequest> {
  const warnings: IrWarning[] = [];
  const extension = readRequestExtension(ir.extensions);
  const conversation = irMessagesToAnthropic(ir.messages, extension.blocks ?? [], warnings);
  if (ir.maxOutputTokens === undefined) {
    warnings.push({
      kind: 'approximated',
      field: 'maxOutputTokens',
      message: `max_tokens is required by Anthropic; set to ${ANTHROPIC_DEFAULT_MAX_TOKENS}`,
    });
  }
  const body: AnthropicMessagesRequest = {
    ...extension.fields,
    model: ir.model,
    max_tokens: ir.maxOutputTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
    ...(conversation.system !== undefined ? { system: conversation.system } : {}),
    messages: conversation.messages,
  };
  applyTools(body, ir, extension);
  applyMcpServers(body, ir, warnings);
  applySampling(body, ir, warnings);
  reportOpenAiChatFields(ir, warnings);
  applyMetadata(body, ir, extension, warnings);
  applyReasoningAndFormat(body, ir, extension, warnings);
  if (ir.promptCache?.automatic) body.cache_control = { ...ir.promptCache.automatic };
  warnings.push(...promptCacheWarnings(ir.promptCache, { target: 'Anthropic Messages', automatic: true }));
  if (ir.stream) body.stream = true;
  return ok(body, warnings);
}

/** IR request -> `POST /v1/messages/count_tokens` body (no `max_tokens`, no `stream`). */
export function irToAnthropicCountTokensRequest(
  ir: IrRequest,
): Result<Omit<AnthropicMessagesRequest, 'max_tokens' | 'stream'>> {
  const { value, warnings } = irToAnthropicMessagesRequest({
    ...ir,
    stream: false,
    maxOutputTokens: ir.maxOutputTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
  });
  const { max_tokens: _maxTokens, stream: _stream, ...body } = value;
  return ok(
    body,
    warnings.filter((warning) => warning.field !== 'maxOutputTokens'),
  );
}
