/** A one-turn IR request (`News?`) for `model`, with the fields a test sets on top (typed by the caller's IR). */
export function oneTurnIrRequest<T extends object>(model: string, fields: T) {
  return {
    model,
    messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'News?' }] }],
    sampling: {},
    stream: false,
    ...fields,
  };
}
