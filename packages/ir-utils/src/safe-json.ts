export type JsonParseResult = { ok: true; value: unknown } | { ok: false; error: string };

/** Parses untrusted JSON without throwing; rejects nesting deeper than `maxDepth`. */
export function safeJsonParse(text: string, maxDepth = 256): JsonParseResult {
  const depthProblem = findExcessiveDepth(text, maxDepth);
  if (depthProblem) return { ok: false, error: depthProblem };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function findExcessiveDepth(text: string, maxDepth: number): string | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > maxDepth) return `JSON nesting deeper than ${maxDepth} levels`;
    } else if (c === 125 || c === 93) depth--;
  }
  return undefined;
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
