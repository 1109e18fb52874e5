import type { IrRequest, IrSampling, Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import {
  ANTHROPIC_STYLE_ID,
  compactRecord,
  unknownFields,
  type AnthropicRequestExtension,
} from './anthropic-messages-extension.js';
import { invalidRequestFromZod } from './anthropic-messages-invalid-request.js';
import { anthropicMcpServersToIr } from './anthropic-messages-mcp-servers.js';
import { anthropicMessagesToIr } from './anthropic-messages-messages-to-ir.js';
import { anthropicReasoningToIr, anthropicResponseFormatToIr } from './anthropic-messages-reasoning-to-ir.js';
import {
  anthropicCountTokensRequestSchema,
  type AnthropicCountTokensRequest,
} from './anthropic-messages-count-tokens-schema.js';
import {
  ANTHROPIC_MAPPED_REQUEST_FIELDS,
  anthropicMessagesRequestLimitsSchema,
  anthropicMessagesRequestSchema,
} from './anthropic-messages-request-schema.js';
import { anthropicToolChoiceToIr, anthropicToolsToIr } from './anthropic-messages-tools-to-ir.js';
import { anthropicWebSearchToolToIr, isAnthropicWebSearchTool } from './anthropic-messages-web-search.js';

function samplingToIr(body: AnthropicCountTokensRequest): IrSampling {
  const sampling: IrSampling = {};
  if (body.temperature !== undefined) sampling.temperature = body.temperature;
  if (body.top_p !== undefined) sampling.topP = body.top_p;
  if (body.top_k !== undefined) sampling.topK = body.top_k;
  if (body.stop_sequences !== undefined) sampling.stopSequences = body.stop_sequences;
  return sampling;
}

/** Fields the IR carries (the request-level `cache_control` is `promptCache.automatic`). */
const REQUEST_LEVEL_FIELDS: readonly string[] = [...ANTHROPIC_MAPPED_REQUEST_FIELDS, 'cache_control'];

function extensionOf(body: AnthropicCountTokensRequest, extension: AnthropicRequestExtension): IrRequest['extensions'] {
  const metadata = body.metadata ? unknownFields(body.metadata, ['user_id']) : undefined;
  const outputConfig = body.output_config ? unknownFields(body.output_config, ['effort', 'format']) : undefined;
  const value = compactRecord({
    ...extension,
    fields: unknownFields(body, REQUEST_LEVEL_FIELDS),
    thinking: body.thinking,
    outputEffort: typeof body.output_config?.effort === 'string' ? body.output_config.effort : undefined,
    outputConfig,
    legacyOutputFormat: body.output_format ? true : undefined,
    metadata,
  });
  return value ? { [ANTHROPIC_STYLE_ID]: value } : undefined;
}

/** A body the request schema accepted (or one of a shape it accepts as it is) -> IR request. */
export function anthropicMessagesRequestBodyToIr(body: AnthropicCountTokensRequest): IrRequest {
  const reading = anthropicMessagesToIr(body.system, body.messages);
  const ir: IrRequest = {
    model: body.model,
    messages: reading.messages,
    sampling: samplingToIr(body),
    stream: body.stream === true,
  };
  if (body.cache_control)
    ir.promptCache = {
      automatic: { type: 'ephemeral', ...(body.cache_control.ttl ? { ttl: body.cache_control.ttl } : {}) },
    };
  const tools = body.tools ? anthropicToolsToIr(body.tools) : undefined;
  if (tools && (tools.tools.length > 0 || body.tools?.length === 0)) ir.tools = tools.tools;
  const search = tools?.notes.find((note) => note.tool && isAnthropicWebSearchTool(note.tool))?.tool;
  if (search) ir.webSearch = anthropicWebSearchToolToIr(search);
  if (body.mcp_servers)
    ir.mcpServers = anthropicMcpServersToIr(
      body.mcp_servers,
      tools?.notes.flatMap((note) => (note.tool ? [note.tool] : [])) ?? [],
    );
  if (body.tool_choice) Object.assign(ir, anthropicToolChoiceToIr(body.tool_choice));
  if (body.max_tokens !== undefined) ir.maxOutputTokens = body.max_tokens;
  const reasoning = anthropicReasoningToIr(body.thinking, body.output_config);
  if (reasoning) ir.reasoning = reasoning;
  const responseFormat = anthropicResponseFormatToIr(body.output_config?.format ?? body.output_format);
  if (responseFormat) ir.responseFormat = responseFormat;
  if (typeof body.metadata?.user_id === 'string') ir.user = body.metadata.user_id;
  const extensions = extensionOf(body, { blocks: reading.notes, tools: tools?.notes });
  if (extensions) ir.extensions = extensions;
  return ir;
}

/**
 * `POST /v1/messages` body -> IR request. Throws `invalid-request` IrError naming the bad field
 * (`messages[0].role: Invalid option…`). Everything the IR cannot carry is kept under
 * `extensions['anthropic-messages']`, so that `request.fromIr` gives the same body back.
 */
export function anthropicMessagesRequestToIr(wire: unknown): Result<IrRequest> {
  const parsed = anthropicMessagesRequestSchema.safeParse(wire);
  if (!parsed.success) throw invalidRequestFromZod(parsed.error);
  return ok(anthropicMessagesRequestBodyToIr(parsed.data));
}

/**
 * Checks only the fields of a Messages request that have limits (model name length, sampling
 * ranges, tool names, `metadata.user_id`), for a body forwarded without being decoded. Throws
 * the `invalid-request` error `anthropicMessagesRequestToIr` would.
 */
export function checkAnthropicMessagesRequestLimits(wire: unknown): void {
  const parsed = anthropicMessagesRequestLimitsSchema.safeParse(wire);
  if (!parsed.success) throw invalidRequestFromZod(parsed.error);
}

/** `POST /v1/messages/count_tokens` body -> IR request (`max_tokens` optional, never streamed). */
export function anthropicCountTokensRequestToIr(wire: unknown): Result<IrRequest> {
  const parsed = anthropicCountTokensRequestSchema.safeParse(wire);
  if (!parsed.success) throw invalidRequestFromZod(parsed.error);
  const ir = anthropicMessagesRequestBodyToIr(parsed.data);
  ir.stream = false;
  return ok(ir);
}
