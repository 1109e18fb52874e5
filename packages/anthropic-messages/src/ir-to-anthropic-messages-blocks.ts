import type { IrMcpCallPart, IrReasoningPart, IrToolCallPart, IrWarning } from '@interlingua/ir';
import { asRecord, safeJsonParse } from '@interlingua/ir-utils';
import { anthropicToolUseId } from './anthropic-messages-ids.js';
import { irMcpCallToAnthropic } from './anthropic-messages-mcp-blocks.js';

/** Tool-call arguments as the `input` object (`{}` with a warning when they are not one). */
export function toolInputOf(argumentsJson: string, field: string, warnings: IrWarning[]): Record<string, unknown> {
  if (argumentsJson.trim() === '') return {};
  const parsed = safeJsonParse(argumentsJson);
  const input = parsed.ok ? asRecord(parsed.value) : undefined;
  if (input) return input;
  warnings.push({ kind: 'approximated', field, message: 'tool-call arguments are not a JSON object; sent as {}' });
  return {};
}

/**
 * Reasoning -> a `thinking` block (with an Anthropic signature) or a `redacted_thinking` block,
 * in a request or an answer alike; undefined for other reasoning: Anthropic rejects a thinking
 * block whose signature it did not mint.
 */
export function irReasoningPartToAnthropic(
  part: IrReasoningPart,
): { type: 'thinking'; thinking: string; signature: string } | { type: 'redacted_thinking'; data: string } | undefined {
  const { opaque } = part;
  if (opaque?.origin !== 'anthropic') return undefined;
  if (opaque.kind === 'redacted') return { type: 'redacted_thinking', data: opaque.data };
  if (opaque.kind === 'signature' && opaque.data !== '')
    return { type: 'thinking', thinking: part.text, signature: opaque.data };
  return undefined;
}

/** A tool call (part `field`) -> its `tool_use` block with wire id `id`. */
export function irToolCallToAnthropic(
  part: IrToolCallPart,
  id: string,
  field: string,
  warnings: IrWarning[],
): { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> } {
  const input = toolInputOf(part.argumentsJson, `${field}.arguments`, warnings);
  return { type: 'tool_use', id, name: part.name, input };
}

/**
 * An MCP call (part `field`) -> its `mcp_tool_use` block and, once it has a result, its
 * `mcp_tool_result`; an id the wire does not take is replaced by one made from `seed`.
 */
export function irMcpCallBlocks(
  part: IrMcpCallPart,
  seed: string,
  field: string,
  warnings: IrWarning[],
): ReturnType<typeof irMcpCallToAnthropic> {
  const input = toolInputOf(part.argumentsJson, `${field}.arguments`, warnings);
  return irMcpCallToAnthropic(part, anthropicToolUseId(part.id, seed), input);
}
