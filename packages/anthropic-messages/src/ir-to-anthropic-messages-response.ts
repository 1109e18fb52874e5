import type { IrContentPart, IrResponse, IrWarning, Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import { newAnswerId } from '@interlingua/ir-utils';
import { readResponseExtension, type AnthropicBlockNote } from './anthropic-messages-extension.js';
import { anthropicToolUseId } from './anthropic-messages-ids.js';
import type { AnthropicContentBlock, AnthropicMessagesResponse } from './anthropic-messages-strict-response-schema.js';
import { irCitationToAnthropic, irSearchToAnthropic } from './anthropic-messages-search-results.js';
import {
  irMcpCallBlocks,
  irReasoningPartToAnthropic,
  irToolCallToAnthropic,
} from './ir-to-anthropic-messages-blocks.js';
import { irUsageToAnthropic } from './ir-to-anthropic-messages-usage.js';
import { irFinishReasonToAnthropic } from './map/anthropic-stop-reason.js';

/** Top-level response fields of the SDK's `Message` that the IR keeps in extensions. */
const RESPONSE_EXTRA_FIELDS = ['stop_details', 'container', 'diagnostics'] as const;

/**
 * One answer part -> a response block. Reasoning becomes a `thinking` block only with an
 * Anthropic signature (or a `redacted_thinking` block): clients send thinking blocks back, and
 * Anthropic rejects one whose signature it did not mint, so other reasoning is dropped with a warning.
 */
function partToBlock(
  part: IrContentPart,
  field: string,
  seed: string,
  warnings: IrWarning[],
): AnthropicContentBlock | undefined {
  switch (part.type) {
    case 'text': {
      if (part.text === '') return undefined;
      const { citations, text } = part;
      return citations?.length
        ? { type: 'text', text, citations: citations.map((citation) => irCitationToAnthropic(citation, text)) }
        : { type: 'text', text };
    }
    case 'refusal':
      return part.text === '' ? undefined : { type: 'text', text: part.text };
    case 'reasoning': {
      const block = irReasoningPartToAnthropic(part);
      if (block) return block;
      if (part.text !== '')
        warnings.push({
          kind: 'dropped',
          field,
          message: 'reasoning without an Anthropic signature cannot be sent as a thinking block',
        });
      return undefined;
    }
    case 'tool-call':
      return irToolCallToAnthropic(part, anthropicToolUseId(part.id, seed), field, warnings);
    case 'mcp-approval-request':
      warnings.push({
        kind: 'dropped',
        field,
        message: `Anthropic's MCP connector has no approvals: the request to call ${part.name} was dropped`,
      });
      return undefined;
    // Anthropic's connector lists a server's tools without showing them; `contentOf` sends an
    // `mcp-call` (as two blocks).
    case 'mcp-list-tools':
    case 'mcp-call':
      return undefined;
    case 'file':
    case 'tool-result':
    case 'mcp-approval-response':
      warnings.push({ kind: 'dropped', field, message: `an Anthropic answer cannot hold a ${part.type} part` });
      return undefined;
  }
}

function withExtra(block: AnthropicContentBlock, note: AnthropicBlockNote | undefined): AnthropicContentBlock {
  if (!note?.extra || note.kind !== block.type) return block;
  return { ...block, ...note.extra } as AnthropicContentBlock;
}

function contentOf(
  ir: IrResponse,
  parts: IrContentPart[],
  notes: AnthropicBlockNote[],
  warnings: IrWarning[],
): AnthropicContentBlock[] {
  const out: AnthropicContentBlock[] = [];
  for (let position = 0; position <= parts.length; position++) {
    for (const note of notes) if (note.block && note.part === position) out.push(note.block as AnthropicContentBlock);
    const part = parts[position];
    if (!part) continue;
    const field = `choices[0].content[${position}]`;
    if (part.type === 'web-search') {
      out.push(...(irSearchToAnthropic(part, field, warnings) as AnthropicContentBlock[]));
      continue;
    }
    if (part.type === 'mcp-call') {
      out.push(...(irMcpCallBlocks(part, `${ir.id}:${position}`, field, warnings) as AnthropicContentBlock[]));
      continue;
    }
    const block = partToBlock(part, field, `${ir.id}:${position}`, warnings);
    if (block)
      out.push(
        withExtra(
          block,
          notes.find((note) => note.extra && note.part === position),
        ),
      );
  }
  return out;
}

/**
 * IR response -> Anthropic `Message`, valid under `anthropicMessagesStrictResponseSchema`.
 * Only the first choice is sent; usage input excludes the cache buckets again.
 */
export function irToAnthropicMessagesResponse(ir: IrResponse): Result<AnthropicMessagesResponse> {
  const warnings: IrWarning[] = [];
  const choice = ir.choices.find((candidate) => candidate.index === 0) ?? ir.choices[0];
  if (ir.choices.length > 1)
    warnings.push({
      kind: 'dropped',
      field: 'choices',
      message: 'Anthropic answers carry one choice; the others were dropped',
    });
  const extension = readResponseExtension(ir.extensions);
  const content = contentOf(ir, choice?.content ?? [], extension.blocks ?? [], warnings);
  const finishReason = choice?.finishReason ?? { unified: 'stop', raw: null };
  const stopReason = irFinishReasonToAnthropic(
    finishReason,
    content.some((block) => block.type === 'tool_use'),
  );
  const body: AnthropicMessagesResponse = {
    id: ir.id !== '' ? ir.id : newAnswerId('msg_'),
    type: 'message',
    role: 'assistant',
    model: ir.model,
    content,
    stop_reason: stopReason,
    stop_sequence: stopReason === 'stop_sequence' ? (extension.stopSequence ?? null) : null,
    usage: irUsageToAnthropic(ir.usage),
  };
  for (const key of RESPONSE_EXTRA_FIELDS) {
    const value = extension.fields?.[key];
    if (value !== undefined) Object.assign(body, { [key]: value });
  }
  return ok(body, warnings);
}
