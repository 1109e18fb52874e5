import { anthropicUsageLenientSchema, type AnthropicUsageLenient } from './anthropic-messages-response-schema.js';

const COUNTS = ['input_tokens', 'output_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens'];
const DETAILS: Record<string, string[]> = {
  output_tokens_details: ['thinking_tokens'],
  server_tool_use: ['web_search_requests'],
  cache_creation: ['ephemeral_5m_input_tokens', 'ephemeral_1h_input_tokens'],
};

function isCount(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'number' && Number.isFinite(value) && value >= 0);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Object.hasOwn(value, '__proto__');
}

function hasCounts(record: Record<string, unknown>, names: readonly string[]): boolean {
  for (const name of names) if (!isCount(record[name])) return false;
  return true;
}

/**
 * Usage of the shape every Anthropic event carries: counters that are numbers (or null), detail
 * objects that are objects of such counters (or null). The lenient schema accepts such a value
 * with the same fields, so it is taken as it is, without the schema's copy.
 */
function isPlainUsage(value: unknown): value is AnthropicUsageLenient {
  if (!isRecord(value) || !hasCounts(value, COUNTS)) return false;
  for (const key in DETAILS) {
    const detail = value[key];
    if (detail !== undefined && detail !== null && !(isRecord(detail) && hasCounts(detail, DETAILS[key] ?? [])))
      return false;
  }
  return true;
}

/** The usage of a stream event: a plain one as it is, anything else read by the lenient schema. */
export function streamUsageOf(value: unknown): AnthropicUsageLenient | undefined {
  if (isPlainUsage(value)) return value;
  const parsed = anthropicUsageLenientSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
