import type { IrResponse } from '@interlingua/ir';
import { parseToolArguments } from '@interlingua/ir-utils';

/* Test support (not exported by the package): compares IR answers with recording sidecars. */

/** What a recording's sidecar says, read from an IR answer. */
export function describeIr(ir: IrResponse): Record<string, unknown> {
  const parts = ir.choices[0]?.content ?? [];
  return {
    text: parts.map((p) => (p.type === 'text' ? p.text : '')).join(''),
    refusal: parts.some((p) => p.type === 'refusal')
      ? parts.map((p) => (p.type === 'refusal' ? p.text : '')).join('')
      : null,
    // Visible reasoning: a reasoning item without a summary opens an empty block (it carries the item).
    reasoning: parts.flatMap((p) => (p.type === 'reasoning' && p.text !== '' ? [p.text] : [])),
    tool_calls: parts.flatMap((p) =>
      p.type === 'tool-call' ? [{ call_id: p.id, name: p.name, arguments: parseToolArguments(p.argumentsJson) }] : [],
    ),
    finish_raw: ir.choices[0]?.finishReason.raw,
    usage: ir.usage?.raw,
  };
}

/** The same description from a sidecar. */
export function describeExpect(expect: Record<string, unknown>): Record<string, unknown> {
  const summaries = expect.reasoning_summary as string[];
  return {
    text: expect.text,
    refusal: expect.refusal,
    reasoning: summaries.length > 0 ? [summaries.join('\n\n')] : [],
    tool_calls: expect.tool_calls,
    finish_raw:
      expect.status === 'incomplete'
        ? ((expect.incomplete_details as { reason?: string } | null)?.reason ?? 'incomplete')
        : expect.status,
    usage: expect.usage,
  };
}

/** The IR without the parts a re-encoding may legitimately change (raw usage, extensions). */
export function comparable(ir: IrResponse): unknown {
  return {
    ...ir,
    extensions: undefined,
    usage: ir.usage ? { ...ir.usage, raw: undefined } : undefined,
  };
}
