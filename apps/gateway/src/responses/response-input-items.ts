import { invalidRequest } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';
import type { StoredResponse } from './response-store.js';

type Item = Record<string, unknown>;

const ID_PREFIX: Record<string, string> = {
  message: 'msg',
  function_call: 'fc',
  function_call_output: 'fco',
  reasoning: 'rs',
  compaction: 'cmp',
};

/** A message item in the listed shape: `type`, `status` and content parts (a string becomes one text part). */
function messageItem(item: Item): Item {
  const role = typeof item.role === 'string' ? item.role : 'user';
  const content =
    typeof item.content === 'string'
      ? [
          role === 'assistant'
            ? { type: 'output_text', text: item.content, annotations: [], logprobs: [] }
            : { type: 'input_text', text: item.content },
        ]
      : item.content;
  return {
    ...item,
    type: 'message',
    role,
    content,
    status: typeof item.status === 'string' ? item.status : 'completed',
  };
}

/**
 * The `input` of a request as listed by `input_items`: a string is one user message, messages
 * get their full shape, and every item gets an id (its own, or one derived from the response id).
 */
export function inputItemsWithIds(input: unknown, responseId: string): Item[] {
  const items: Item[] =
    typeof input === 'string'
      ? [{ type: 'message', role: 'user', content: input }]
      : Array.isArray(input)
        ? input.map((entry) => asRecord(entry) ?? {})
        : [];
  const base = responseId.replace(/^resp_/, '');
  return items.map((raw, index) => {
    const kind = typeof raw.type === 'string' ? raw.type : 'role' in raw ? 'message' : 'item';
    const item =
      kind === 'message'
        ? messageItem(raw)
        : kind === 'function_call_output' && raw.status === undefined
          ? { ...raw, status: 'completed' }
          : raw;
    const id =
      typeof item.id === 'string' && item.id.length > 0 ? item.id : `${ID_PREFIX[kind] ?? 'item'}_${base}_in${index}`;
    return { ...item, id };
  });
}

/** Every item a stored response was generated from: earlier turns (input and output), then its own input. */
export function conversationItems(chain: readonly StoredResponse[]): Item[] {
  const out: Item[] = [];
  chain.forEach((entry, index) => {
    out.push(...entry.inputItems);
    const output = entry.response.output;
    if (index < chain.length - 1 && Array.isArray(output)) out.push(...output.map((item) => asRecord(item) ?? {}));
  });
  return out;
}

/** One page of `GET /v1/responses/{id}/input_items` (`limit` 1–100, default 20; `order` desc by default; `after` an item id). */
export function inputItemsPage(items: readonly Item[], query: URLSearchParams): Record<string, unknown> {
  const order = query.get('order') ?? 'desc';
  if (order !== 'asc' && order !== 'desc') throw invalidRequest("order: must be 'asc' or 'desc'", 'order');
  const limitText = query.get('limit');
  const limit = limitText === null ? 20 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw invalidRequest('limit: must be an integer from 1 to 100', 'limit');
  const ordered = order === 'asc' ? [...items] : [...items].reverse();
  const after = query.get('after');
  let start = 0;
  if (after !== null) {
    const position = ordered.findIndex((item) => item.id === after);
    if (position === -1) throw invalidRequest(`after: no input item with id '${after}' in this response`, 'after');
    start = position + 1;
  }
  const data = ordered.slice(start, start + limit);
  return {
    object: 'list',
    data,
    first_id: data[0]?.id ?? null,
    last_id: data.at(-1)?.id ?? null,
    has_more: start + limit < ordered.length,
  };
}
