/** A call's `arguments` as the IR keeps them: blank text (no arguments) is the empty JSON object. */
export function callArgumentsJson(text: string): string {
  return text.trim() === '' ? '{}' : text;
}
