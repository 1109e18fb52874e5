import type { IrRequest, StyleOnlyEntry } from '@interlingua/ir';
import { readRequestExtensions } from './openai-responses-extensions.js';
import { isOpenAiResponsesWebSearchTool } from './openai-responses-web-search.js';

/** Part of a Responses request that only an OpenAI Responses upstream can take as it is. */
export type OpenAiResponsesStyleOnlyEntry = StyleOnlyEntry;

/**
 * The input items and hosted tools of a decoded Responses request that the IR cannot express:
 * they are kept in the request's extensions, so an OpenAI Responses upstream gets them back, but
 * an upstream of any other style gets nothing of them.
 */
export function openAiResponsesStyleOnlyEntries(ir: IrRequest): OpenAiResponsesStyleOnlyEntry[] {
  const ext = readRequestExtensions(ir.extensions);
  const typeOf = (record: Record<string, unknown>): string =>
    typeof record.type === 'string' ? record.type : 'untyped';
  const items = (ext.items ?? []).map((entry) => ({
    field: entry.index === undefined ? 'input' : `input[${entry.index}]`,
    type: typeOf(entry.item),
  }));
  const tools = (ext.tools ?? [])
    .filter((entry) => !isOpenAiResponsesWebSearchTool(entry.tool))
    .map((entry) => ({ field: `tools[${entry.index}]`, type: typeOf(entry.tool) }));
  return [...items, ...tools];
}
