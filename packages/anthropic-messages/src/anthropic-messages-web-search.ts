import type { IrWebSearchTool } from '@interlingua/ir';

/** The web search server tool version sent when the caller's style named none (the SDK's oldest, accepted by every model that searches). */
export const ANTHROPIC_WEB_SEARCH_TOOL = 'web_search_20250305';

/** True for Anthropic's web search server tool, any version (`web_search_20250305`, `web_search_20260209`, …). */
export function isAnthropicWebSearchTool(tool: Record<string, unknown>): boolean {
  return typeof tool.type === 'string' && /^web_search_\d{8}$/.test(tool.type);
}

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;

/** A `web_search_*` server tool -> the IR's hosted web search. */
export function anthropicWebSearchToolToIr(tool: Record<string, unknown>): IrWebSearchTool {
  const out: IrWebSearchTool = {};
  if (typeof tool.max_uses === 'number') out.maxUses = tool.max_uses;
  const allowed = strings(tool.allowed_domains);
  if (allowed) out.allowedDomains = allowed;
  const blocked = strings(tool.blocked_domains);
  if (blocked) out.blockedDomains = blocked;
  const location = tool.user_location as Record<string, unknown> | undefined;
  if (location && typeof location === 'object') {
    const picked: NonNullable<IrWebSearchTool['userLocation']> = {};
    for (const key of ['city', 'region', 'country', 'timezone'] as const)
      if (typeof location[key] === 'string') picked[key] = location[key];
    out.userLocation = picked;
  }
  return out;
}

/** The IR's hosted web search -> Anthropic's web search server tool. */
export function irWebSearchToAnthropic(search: IrWebSearchTool): Record<string, unknown> {
  const tool: Record<string, unknown> = { type: ANTHROPIC_WEB_SEARCH_TOOL, name: 'web_search' };
  if (search.maxUses !== undefined) tool.max_uses = search.maxUses;
  // Anthropic takes one of the two lists.
  if (search.allowedDomains) tool.allowed_domains = search.allowedDomains;
  else if (search.blockedDomains) tool.blocked_domains = search.blockedDomains;
  if (search.userLocation) tool.user_location = { type: 'approximate', ...search.userLocation };
  return tool;
}
