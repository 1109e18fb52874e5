/**
 * A fresh, unique id for an answer whose source named none (`chatcmpl-…`, `resp_…`, a Gemini
 * `responseId`): the prefix and 32 hex digits of a random UUID.
 */
export function newAnswerId(prefix: string): string {
  const uuid = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`;
  return `${prefix}${uuid.replace(/-/g, '')}`;
}
