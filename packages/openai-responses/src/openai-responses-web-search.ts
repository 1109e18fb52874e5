import type { IrWebSearchTool } from '@interlingua/ir';

/** The Responses hosted web search tools (`web_search`, dated and preview versions). */
export function isOpenAiResponsesWebSearchTool(tool: Record<string, unknown>): boolean {
  return typeof tool.type === 'string' && /^web_search(_preview)?(_\d{4}_\d{2}_\d{2})?$/.test(tool.type);
}

/** The IR's hosted web search -> the Responses `web_search` tool. Blocked domains have no field there. */
export function irWebSearchToOpenAiResponses(search: IrWebSearchTool): Record<string, unknown> {
  const tool: Record<string, unknown> = { type: 'web_search' };
  if (search.allowedDomains) tool.filters = { allowed_domains: search.allowedDomains };
  if (search.contextSize) tool.search_context_size = search.contextSize;
  if (search.userLocation) tool.user_location = { type: 'approximate', ...search.userLocation };
  return tool;
}
