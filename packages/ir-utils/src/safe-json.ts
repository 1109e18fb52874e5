export type JsonParseResult = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * Parses untrusted JSON without throwing; rejects nesting deeper than `maxDepth`. The depth is
 * measured on the parsed value (its nodes, not its characters), so long strings cost nothing.
 */
export function safeJsonParse(text: string, maxDepth = 256): JsonParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  // Text shorter than two brackets per level cannot nest too deep: most SSE events skip the walk.
  return text.length >= 2 * (maxDepth + 1) && deeperThan(value, 1, maxDepth)
    ? { ok: false, error: `JSON nesting deeper than ${maxDepth} levels` }
    : { ok: true, value };
}

/** Whether any path through arrays and objects below `node` (at `depth`) is deeper than `maxDepth`; allocates nothing. */
function deeperThan(node: unknown, depth: number, maxDepth: number): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if (depth > maxDepth) return true;
  if (Array.isArray(node)) {
    for (const child of node) if (deeperThan(child, depth + 1, maxDepth)) return true;
    return false;
  }
  for (const key in node) if (deeperThan((node as Record<string, unknown>)[key], depth + 1, maxDepth)) return true;
  return false;
}

/** A plain JSON object, or undefined for anything else. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A string, or undefined for anything else. */
export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `value` when it is a string, else the empty string (how wire fields are read leniently). */
export function stringOrEmpty(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Parses tool-call arguments leniently: an empty string is `{}`; invalid JSON is kept as a string. */
export function parseToolArguments(argumentsJson: string): unknown {
  if (argumentsJson.trim() === '') return {};
  const parsed = safeJsonParse(argumentsJson);
  return parsed.ok ? parsed.value : argumentsJson;
}
