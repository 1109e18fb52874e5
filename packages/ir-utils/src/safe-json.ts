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
  return nestingExceeds(value, maxDepth) ? { ok: false, error: `JSON nesting deeper than ${maxDepth} levels` } : { ok: true, value };
}

/** Whether any path through arrays and objects is deeper than `maxDepth` (iterative walk). */
function nestingExceeds(root: unknown, maxDepth: number): boolean {
  if (typeof root !== 'object' || root === null) return false;
  const stack: Array<[unknown, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (depth > maxDepth) return true;
    const children = Array.isArray(node) ? node : Object.values(node as Record<string, unknown>);
    for (const child of children) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
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
