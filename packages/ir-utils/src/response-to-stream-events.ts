import type { IrContentPart, IrResponse, IrStreamEvent } from '@interlingua/ir';

/**
 * The stream events that describe a complete response: used to stream an answer that arrived
 * whole, and to check that streamed and non-streamed answers agree.
 */
export function responseToStreamEvents(response: IrResponse): IrStreamEvent[] {
  const events: IrStreamEvent[] = [
    { type: 'response-start', id: response.id, model: response.model, created: response.created },
  ];
  let index = 0;
  for (const choice of response.choices) {
    for (const part of choice.content) events.push(...partEvents(part, index++, choice.index));
  }
  for (const choice of response.choices)
    events.push({ type: 'finish', choice: choice.index, finishReason: choice.finishReason });
  if (response.usage) events.push({ type: 'usage-update', usage: response.usage });
  return events;
}

function partEvents(part: IrContentPart, index: number, choice: number): IrStreamEvent[] {
  switch (part.type) {
    case 'text':
      return [
        { type: 'text-start', index, choice },
        ...delta(part.text, (d) => ({ type: 'text-delta', index, delta: d })),
        ...(part.citations ?? []).map((citation) => ({ type: 'text-citation' as const, index, citation })),
        { type: 'text-end', index },
      ];
    case 'refusal':
      return [
        { type: 'text-start', index, choice },
        ...delta(part.text, (d) => ({ type: 'text-delta', index, delta: d })),
        { type: 'text-end', index },
      ];
    case 'reasoning':
      return [
        { type: 'reasoning-start', index, choice },
        ...delta(part.text, (d) => ({ type: 'reasoning-delta', index, delta: d })),
        ...(part.opaque ? [{ type: 'reasoning-signature' as const, index, opaque: part.opaque }] : []),
        { type: 'reasoning-end', index },
      ];
    case 'tool-call':
      return [
        {
          type: 'tool-call-start',
          index,
          choice,
          id: part.id,
          name: part.name,
          ...(part.opaque ? { opaque: part.opaque } : {}),
        },
        ...delta(part.argumentsJson, (d) => ({ type: 'tool-call-delta', index, argumentsDelta: d })),
        { type: 'tool-call-end', index },
      ];
    case 'file':
      return [{ type: 'file', index, choice, part }];
    case 'web-search':
      return [{ type: 'web-search', index, choice, part }];
    case 'mcp-list-tools':
    case 'mcp-call':
    case 'mcp-approval-request':
      return [{ type: 'mcp', index, choice, part }];
    case 'tool-result':
    case 'mcp-approval-response':
      return [];
  }
}

function delta(text: string, make: (d: string) => IrStreamEvent): IrStreamEvent[] {
  return text.length > 0 ? [make(text)] : [];
}
