import { asRecord } from '@interlingua/ir-utils';
import { messageProblem, type MessageProblem } from './client-message.js';

/** The latest response: its id, and the conversation as input items with its size as JSON (none when over the bound). */
interface Latest {
  id: string;
  items: unknown[] | undefined;
  bytes: number;
}

/** A body with `previous_response_id` expanded (and the size of the conversation it carries), or why not. */
export type Expansion = { body: Record<string, unknown>; bytes: number } | { problem: MessageProblem };

/**
 * The latest response of one WebSocket connection, kept in memory so that the next
 * `response.create` can continue it with `previous_response_id` even when nothing stored it
 * (`store: false`, or a `generate: false` warm-up): the conversation so far as input items.
 * Only the latest response is kept; it goes with the connection. The conversation is bounded by
 * `maxBytes` (as JSON; the config's `responses.store.maxEntryBytes`, the bound of one stored
 * response): a larger one is not kept, and continuing it is refused.
 */
export class ConnectionChain {
  private latest: Latest | undefined;

  constructor(private readonly maxBytes: number) {}

  /** Bytes (as JSON) of the conversation kept now; 0 when none is. */
  get bytes(): number {
    return this.latest?.items ? this.latest.bytes : 0;
  }

  /**
   * Remembers a finished response: the input it was given (already expanded) and its output
   * items. A `compaction_trigger` asked for that response's compaction item; it is not replayed.
   * A conversation over `maxBytes` is not kept: only its id and size, to name it when continued.
   */
  remember(id: string, input: unknown[], output: unknown[]): void {
    const items = [
      ...input.filter((item) => asRecord(item)?.type !== 'compaction_trigger'),
      ...output.filter(replayable).map(withoutStoredId),
    ];
    const bytes = jsonBytes(items);
    this.latest = { id, items: bytes <= this.maxBytes ? items : undefined, bytes };
  }

  /** Forgets the latest response (a failed turn leaves nothing to continue). */
  forget(): void {
    this.latest = undefined;
  }

  /**
   * The body with `previous_response_id` replaced by the conversation it names, when that is this
   * connection's latest unstored response; otherwise the body unchanged (the gateway's response
   * store or the upstream resolves the id as on HTTP), with the size of its own input. Continuing
   * past `maxBytes` is refused (413), before the conversation is built, and forgets it.
   */
  expand(body: Record<string, unknown>): Expansion {
    const previous = body.previous_response_id;
    const input = inputItems(body.input);
    const inputBytes = jsonBytes(input);
    if (typeof previous !== 'string' || !this.latest || this.latest.id !== previous) return { body, bytes: inputBytes };
    const bytes = this.latest.bytes + inputBytes;
    if (!this.latest.items || bytes > this.maxBytes) {
      this.forget();
      return { problem: tooLarge(previous, bytes, this.maxBytes) };
    }
    const rest = { ...body };
    delete rest.previous_response_id;
    return { body: { ...rest, input: [...this.latest.items, ...input] }, bytes };
  }
}

function tooLarge(id: string, bytes: number, maxBytes: number): MessageProblem {
  return messageProblem(
    'conversation_too_large',
    `Continuing ${id.slice(0, 64)} makes this connection's conversation ${bytes} bytes, more than the ${maxBytes} bytes one connection keeps (responses.store.maxEntryBytes): send the conversation again without previous_response_id, shorter or compacted`,
    'previous_response_id',
    413,
  );
}

function jsonBytes(items: unknown[]): number {
  return Buffer.byteLength(JSON.stringify(items));
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
