import type { IrWebSearchTool } from '@interlingua/ir';
import { asRecord } from './safe-json.js';

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;

/** Reads `search_context_size`, `user_location` and `filters.allowed_domains` (also the chat `web_search_options` shape). */
export function openAiWebSearchToIr(tool: Record<string, unknown>): IrWebSearchTool {
  const out: IrWebSearchTool = {};
  const size = tool.search_context_size;
  if (size === 'low' || size === 'medium' || size === 'high') out.contextSize = size;
  const allowed = strings(asRecord(tool.filters)?.allowed_domains);
  if (allowed) out.allowedDomains = allowed;
  const location = asRecord(tool.user_location);
  // Chat nests the fields under `approximate`; Responses has them at the top.
  const fields = asRecord(location?.approximate) ?? location;
  if (fields) {
    const picked: NonNullable<IrWebSearchTool['userLocation']> = {};
    for (const key of ['city', 'region', 'country', 'timezone'] as const)
      if (typeof fields[key] === 'string') picked[key] = fields[key];
    if (Object.keys(picked).length > 0) out.userLocation = picked;
  }
  return out;
}
