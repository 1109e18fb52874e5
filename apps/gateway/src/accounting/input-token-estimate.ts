import type { IrContentPart, IrRequest, StyleCodec } from '@interlingua/ir';

/**
 * The local estimate (docs/decisions/token-count-estimate.md): the characters (UTF-16 code
 * units) of every text the model reads — message and system text, reasoning text, tool-call names
 * and arguments, tool-result text, tool names, descriptions and JSON schemas — divided by 4,
 * rounded up. Images and other files are not counted.
 */
export function estimateInputTokens(ir: IrRequest): number {
  let characters = 0;
  for (const message of ir.messages) for (const part of message.content) characters += partCharacters(part);
  for (const tool of ir.tools ?? []) {
    characters +=
      tool.name.length +
      (tool.description?.length ?? 0) +
      (tool.parameters ? JSON.stringify(tool.parameters).length : 0);
  }
  return Math.ceil(characters / 4);
}

function partCharacters(part: IrContentPart): number {
  switch (part.type) {
    case 'text':
    case 'reasoning':
    case 'refusal':
      return part.text.length;
    case 'tool-call':
      return part.name.length + part.argumentsJson.length;
    case 'tool-result':
      return part.content.reduce((sum, inner) => sum + (inner.type === 'text' ? inner.text.length : 0), 0);
    case 'file':
      return 0;
    case 'web-search':
      return part.queries.join(' ').length + part.sources.reduce((sum, source) => sum + source.url.length, 0);
    case 'mcp-call':
      return part.name.length + part.argumentsJson.length + (part.output ?? part.error ?? '').length;
    case 'mcp-list-tools':
      return part.tools.reduce((sum, tool) => sum + tool.name.length + (tool.description?.length ?? 0), 0);
    case 'mcp-approval-request':
      return part.name.length + part.argumentsJson.length;
    case 'mcp-approval-response':
      return 0;
  }
}

/**
 * The local estimate for a call's own request: `known` when the call has it in IR already,
 * otherwise its body decoded again; 0 when it cannot be decoded.
 */
export function estimateCallInputTokens(
  known: IrRequest | undefined,
  codec: StyleCodec<unknown, unknown>,
  json: Record<string, unknown>,
): number {
  try {
    return estimateInputTokens(known ?? codec.request.toIr(json).value);
  } catch {
    return 0;
  }
}
