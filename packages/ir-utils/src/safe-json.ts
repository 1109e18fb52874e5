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
  return nestingExceeds(text, value, maxDepth) ? { ok: false, error: `JSON nesting deeper than ${maxDepth} levels` } : { ok: true, value };
}

/**
 * Whether any path through arrays and objects is deeper than `maxDepth`. JSON text shorter than
 * two brackets per level cannot nest that deep, so the walk (recursive, at most `maxDepth` frames,
 * allocating nothing) runs only on longer texts.
 */
function nestingExceeds(text: string, root: unknown, maxDepth: number): boolean {
  if (text.length < 2 * (maxDepth + 1)) return false;
  return deeperThan(root, 1, maxDepth);
}

function deeperThan(node: unknown, depth: number, maxDepth: number): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if (depth > maxDepth) return true;
  if (Array.isArray(node)) {
    for (const child of node) if (deeperThan(child, depth + 1, maxDepth)) return true;
    return false;
  }
  const record = node as Record<string, unknown>;
  for (const key in record) if (deeperThan(record[key], depth + 1, maxDepth)) return true;
  return false;
}

/** A plain JSON object, or undefined for anything else. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Parses tool-call arguments leniently: an empty string is `{}`; invalid JSON is kept as a string. */
export function parseToolArguments(argumentsJson: string): unknown {
  if (argumentsJson.trim() === '') return {};
  const parsed = safeJsonParse(argumentsJson);
  return parsed.ok ? parsed.value : argumentsJson;
}
