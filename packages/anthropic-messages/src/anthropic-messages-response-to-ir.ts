import type { IrContentPart, IrResponse, Result } from '@interlingua/ir';
import { IrError, ok } from '@interlingua/ir';
import { asRecord, CitationBudget, stringOrEmpty } from '@interlingua/ir-utils';
import { anthropicErrorToIr } from './anthropic-messages-error-to-ir.js';
import { ANTHROPIC_PART_FIELDS, anthropicThinkingOrToolUseToIr } from './anthropic-messages-block-to-ir.js';
import {
  ANTHROPIC_STYLE_ID,
  compactRecord,
  unknownFields,
  type AnthropicBlockNote,
} from './anthropic-messages-extension.js';
import { anthropicMcpUseToIr, isMcpToolUse, withAnthropicMcpResult } from './anthropic-messages-mcp-blocks.js';
import { anthropicMessageShapeSchema } from './anthropic-messages-response-schema.js';
import { anthropicCitationsToIr, anthropicSearchToIr, isWebSearchUse } from './anthropic-messages-search-results.js';
import { anthropicUsageToIr, readAnthropicUsage } from './anthropic-messages-usage-to-ir.js';
import { anthropicStopReasonToIr } from './map/anthropic-stop-reason.js';
import { ANTHROPIC_ERROR_TYPE_STATUS, isAnthropicErrorType } from './map/anthropic-error-type.js';

const MAPPED_RESPONSE_FIELDS = ['id', 'type', 'role', 'model', 'content', 'stop_reason', 'stop_sequence', 'usage'];

/** A response content block -> an IR part, or undefined for blocks the IR cannot carry. */
export function anthropicResponseBlockToIr(
  block: Record<string, unknown>,
  citationBudget = new CitationBudget(),
  part = 0,
): IrContentPart | undefined {
  if (block.type !== 'text') return anthropicThinkingOrToolUseToIr(block);
  const text = stringOrEmpty(block.text);
  const admitted = anthropicCitationsToIr(block.citations)?.filter((citation) => citationBudget.admit(citation, part));
  return admitted?.length ? { type: 'text', text, citations: admitted } : { type: 'text', text };
}

/** Response fields of a block the part does not carry (`citations`, `caller`…), or undefined. */
function blockExtra(block: Record<string, unknown>): Record<string, unknown> | undefined {
  const keys = ANTHROPIC_PART_FIELDS[String(block.type)] ?? [];
  // Web search citations travel as the part's own citations.
  const citations = block.type === 'text' && anthropicCitationsToIr(block.citations);
  return unknownFields(block, citations ? [...keys, 'citations'] : keys);
}

/** A string field as is; anything else reads as null (as `anthropicMessagesResponseSchema` reads it). */
const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function notAResponse(body: unknown): IrError {
  const record = asRecord(body);
  const errorType = asRecord(record?.error)?.type;
  if (record?.type === 'error' || errorType !== undefined) {
    const status = isAnthropicErrorType(errorType) ? ANTHROPIC_ERROR_TYPE_STATUS[errorType] : 502;
    return new IrError(anthropicErrorToIr(status, body));
  }
  return new IrError({
    kind: 'upstream-error',
    message: 'Upstream answer is not an Anthropic message',
    source: 'upstream',
    raw: body,
  });
}

/**
 * Anthropic `Message` -> IR response, leniently. A web search (`server_tool_use` + its
 * `web_search_tool_result`) becomes a web-search part, an MCP call (`mcp_tool_use` + its
 * `mcp_tool_result`) an `mcp-call` part, and web search `citations` the text's own;
 * other server tool blocks and citations are kept under `extensions['anthropic-messages']` by position. Throws `upstream-error` (or the error it carries) when the body is no message.
 */
export function anthropicMessagesResponseToIr(wire: unknown): Result<IrResponse> {
  const parsed = anthropicMessageShapeSchema.safeParse(wire);
  if (!parsed.success || asRecord(wire)?.type === 'error') throw notAResponse(wire);
  const body = parsed.data;
  const usage = readAnthropicUsage(body.usage);
  const content: IrContentPart[] = [];
  const notes: AnthropicBlockNote[] = [];
  const results = new Map<unknown, Record<string, unknown>>();
  const mcpResults = new Map<unknown, Record<string, unknown>>();
  for (const block of body.content) {
    if (block.type === 'web_search_tool_result') results.set(block.tool_use_id, block);
    if (block.type === 'mcp_tool_result') mcpResults.set(block.tool_use_id, block);
  }
  const paired = new Set<Record<string, unknown>>();
  const citationBudget = new CitationBudget();
  for (const block of body.content) {
    if (paired.has(block)) continue;
    const result = isWebSearchUse(block) ? results.get(block.id) : undefined;
    if (result) {
      paired.add(result);
      content.push(anthropicSearchToIr(block, result));
      continue;
    }
    if (isMcpToolUse(block)) {
      const mcpResult = mcpResults.get(block.id);
      if (mcpResult) paired.add(mcpResult);
      const call = anthropicMcpUseToIr(block);
      content.push(mcpResult ? withAnthropicMcpResult(call, mcpResult) : call);
      continue;
    }
    const part = anthropicResponseBlockToIr(block, citationBudget, content.length);
    if (!part) {
      notes.push({ part: content.length, block });
      continue;
    }
    const extra = blockExtra(block);
    if (extra) notes.push({ part: content.length, kind: block.type, extra });
    content.push(part);
  }
  const ir: IrResponse = {
    id: stringOrEmpty(body.id),
    model: stringOrEmpty(body.model),
    created: Math.floor(Date.now() / 1000),
    choices: [{ index: 0, content, finishReason: anthropicStopReasonToIr(stringOrNull(body.stop_reason)) }],
  };
  if (usage) ir.usage = anthropicUsageToIr(usage);
  const extension = compactRecord({
    fields: compactRecord(unknownFields(body, MAPPED_RESPONSE_FIELDS) ?? {}),
    stopSequence: stringOrNull(body.stop_sequence) ?? undefined,
    blocks: notes,
  });
  if (extension) ir.extensions = { [ANTHROPIC_STYLE_ID]: extension };
  return ok(ir);
}
