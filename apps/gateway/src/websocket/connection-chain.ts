import { asRecord } from '@interlingua/ir-utils';

/**
 * The latest response of one WebSocket connection, kept in memory so that the next
 * `response.create` can continue it with `previous_response_id` even when nothing stored it
 * (`store: false`, or a `generate: false` warm-up): the conversation so far as input items.
 * Only the latest response is kept; it goes with the connection.
 */
export class ConnectionChain {
  private latest: { id: string; items: unknown[] } | undefined;

  /**
   * Remembers a finished response: the input it was given (already expanded) and its output
   * items. A `compaction_trigger` asked for that response's compaction item; it is not replayed.
   */
  remember(id: string, input: unknown[], output: unknown[]): void {
    this.latest = {
      id,
      items: [
        ...input.filter((item) => asRecord(item)?.type !== 'compaction_trigger'),
        ...output.filter(replayable).map(withoutStoredId),
      ],
    };
  }

  /** Forgets the latest response (a failed turn leaves nothing to continue). */
  forget(): void {
    this.latest = undefined;
  }

  /**
   * The body with `previous_response_id` replaced by the conversation it names, when that is this
   * connection's latest unstored response; otherwise the body unchanged (the gateway's response
   * store or the upstream resolves the id as on HTTP).
   */
  expand(body: Record<string, unknown>): Record<string, unknown> {
    const previous = body.previous_response_id;
    if (typeof previous !== 'string' || !this.latest || this.latest.id !== previous) return body;
    const rest = { ...body };
    delete rest.previous_response_id;
    return { ...rest, input: [...this.latest.items, ...inputItems(body.input)] };
  }
}

/** `input` as a list of items: a string is one user message. */
export function inputItems(input: unknown): unknown[] {
  if (typeof input === 'string') return [{ type: 'message', role: 'user', content: input }];
  return Array.isArray(input) ? input : [];
}

/**
 * An output item as input: messages and function calls lose their `id`, which names an item
 * only a stored response keeps (upstreams refuse unknown item ids when nothing stored them);
 * reasoning items keep theirs beside their `encrypted_content`.
 */
function withoutStoredId(item: unknown): unknown {
  const record = asRecord(item);
  if (!record || record.type === 'reasoning' || !('id' in record)) return item;
  const { id: _id, ...rest } = record;
  return rest;
}

/**
 * Output items sent back as input. A reasoning item without `encrypted_content` is left out: it
 * refers to state only a stored response keeps, and upstreams refuse it when nothing stored it.
 */
function replayable(item: unknown): boolean {
  const record = asRecord(item);
  if (!record) return false;
  return record.type !== 'reasoning' || typeof record.encrypted_content === 'string';
}
