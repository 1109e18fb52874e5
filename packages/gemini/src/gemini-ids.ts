/** Keeps an id usable by every style (Anthropic requires `^[a-zA-Z0-9_-]+$`). */
export function sanitizeIdSegment(value: string): string {
  return value.replace(/[^a-zA-Z0-9_-]/g, '_');
}

/**
 * The id of a function call in a request's history that came without one: deterministic, so
 * that its `functionResponse` (matched by name, in order) gets the same id.
 */
export function synthesizeRequestCallId(name: string, turn: number, position: number): string {
  return `call_${sanitizeIdSegment(name)}_${turn}_${position}`;
}

/**
 * The id of a function call in an answer that came without one: unique per response (built
 * from `responseId`) and identical in the streamed and non-streamed decodings.
 */
export function synthesizeResponseCallId(responseId: string, candidate: number, position: number): string {
  const base = sanitizeIdSegment(responseId) || 'gemini';
  return candidate === 0 ? `call_${base}_${position}` : `call_${base}_${candidate}_${position}`;
}
