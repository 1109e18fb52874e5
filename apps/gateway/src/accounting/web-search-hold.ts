import { asRecord } from '@interlingua/ir-utils';

/** Hosted web searches a budget hold counts for a request that enables search without naming a maximum. */
export const SEARCHES_HELD_PER_REQUEST = 10;
/** Most hosted web searches one hold counts, whatever maximum the request names (Anthropic's `max_uses`). */
export const MAX_SEARCHES_HELD = 100;

/** Tool types of a hosted web search: Responses `web_search` (preview and dated forms) and Anthropic `web_search_<date>`. */
const SEARCH_TOOL_TYPE = /^web_search(_preview)?(_\d{4}_\d{2}_\d{2}|_\d{8})?$/;
/** Gemini's search tools, in either spelling of its field names. */
const GEMINI_SEARCH_TOOLS = ['googleSearch', 'google_search', 'googleSearchRetrieval', 'google_search_retrieval'];

/**
 * How many hosted web searches a request's budget hold counts: none when the request enables no
 * search; else Anthropic's `max_uses` when it is a whole number from 1 to `MAX_SEARCHES_HELD`
 * (larger ones count as that bound), else `SEARCHES_HELD_PER_REQUEST`. Search is enabled by chat's
 * `web_search_options`, a Responses or Anthropic web search tool, or a Gemini search tool.
 */
export function searchesToHold(json: Record<string, unknown>): number {
  let held = asRecord(json.web_search_options) ? SEARCHES_HELD_PER_REQUEST : 0;
  const tools = Array.isArray(json.tools) ? json.tools : [];
  for (const entry of tools) {
    const tool = asRecord(entry);
    if (!tool) continue;
    if (typeof tool.type === 'string' && SEARCH_TOOL_TYPE.test(tool.type))
      held = Math.max(held, maxUses(tool.max_uses));
    else if (GEMINI_SEARCH_TOOLS.some((name) => name in tool)) held = Math.max(held, SEARCHES_HELD_PER_REQUEST);
  }
  return held;
}

function maxUses(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) return SEARCHES_HELD_PER_REQUEST;
  return Math.min(value, MAX_SEARCHES_HELD);
}
