import { randomUUID } from 'node:crypto';
import type { IrContentPart, IrMessage } from '@interlingua/ir';
import { IrError } from '@interlingua/ir';
import { asRecord, safeJsonParse } from '@interlingua/ir-utils';
import type { ResponsesConfig } from '../config/responses-schema.js';
import type { StateStore } from '../store/state-store.js';

/** A response the gateway answered through the IR and keeps for `previous_response_id` and retrieval. */
export interface StoredResponse {
  id: string;
  /** Name of the gateway key that created it: only that key sees it. */
  key: string;
  created: number;
  /** The gateway response it continued, when it did. */
  previousResponseId?: string;
  /** The caller's input items of this turn, each with an id (for `input_items`). */
  inputItems: Record<string, unknown>[];
  /** This turn's input as IR messages, as sent upstream (gateway compaction items opened). */
  inputMessages: IrMessage[];
  /** The answer's content, opaque blobs (thinking signatures) kept. */
  output: IrContentPart[];
  /** The Responses object the caller received. */
  response: Record<string, unknown>;
}

/** Longest chain of `previous_response_id` links followed. */
const MAX_CHAIN = 1_000;
/** The ring counter never expires in practice. */
const COUNTER_TTL_MS = 100 * 365 * 24 * 3600 * 1000;
const GATEWAY_ID_PREFIX = 'resp_ilg_';

/** A fresh id for a response answered by the gateway. */
export function newGatewayResponseId(): string {
  return `${GATEWAY_ID_PREFIX}${randomUUID().replace(/-/g, '')}`;
}

/** True for ids the gateway minted (as opposed to ids minted by OpenAI). */
export function isGatewayResponseId(id: string): boolean {
  return id.startsWith(GATEWAY_ID_PREFIX);
}

export function responseNotFound(id: string, param?: string): IrError {
  return new IrError({
    kind: 'not-found',
    message: `No response with id '${id}' is stored by this gateway for this API key (it may have expired or been deleted)`,
    code: 'response_not_found',
    ...(param ? { param } : {}),
    source: 'gateway',
  });
}

/**
 * Stored responses in the gateway's `StateStore`, as JSON with a TTL. The number kept is bounded
 * by a ring of `maxEntries` slots shared through the store, so it holds across instances; an
 * entry larger than `maxEntryBytes` is not stored.
 */
export class ResponseStore {
  constructor(
    private readonly store: StateStore,
    private readonly config: ResponsesConfig['store'],
  ) {}

  /** Stores a response; false when it is too large to keep. */
  async save(entry: StoredResponse): Promise<boolean> {
    const text = JSON.stringify(entry);
    if (Buffer.byteLength(text) > this.config.maxEntryBytes) return false;
    const ttlMs = this.config.ttlSeconds * 1000;
    const sequence = await this.store.increment('responses:sequence', 1, COUNTER_TTL_MS);
    const slot = `responses:slot:${sequence % this.config.maxEntries}`;
    const evicted = await this.store.get(slot);
    if (evicted !== undefined && evicted !== entry.id) await this.store.delete(itemKey(evicted));
    await this.store.set(slot, entry.id, ttlMs);
    await this.store.set(itemKey(entry.id), text, ttlMs);
    return true;
  }

  /** The stored response, if it exists and belongs to `key`. */
  async get(id: string, key: string): Promise<StoredResponse | undefined> {
    if (!isGatewayResponseId(id)) return undefined;
    const text = await this.store.get(itemKey(id));
    if (text === undefined) return undefined;
    const entry = parseEntry(text);
    return entry?.key === key && entry.id === id ? entry : undefined;
  }

  async delete(id: string, key: string): Promise<boolean> {
    if (!(await this.get(id, key))) return false;
    return this.store.delete(itemKey(id));
  }

  /**
   * The responses a conversation is made of, oldest first, ending with `id`. Throws a 404 naming
   * the first one missing (expired, deleted or another key's).
   */
  async chain(id: string, key: string, param?: string): Promise<StoredResponse[]> {
    const out: StoredResponse[] = [];
    let next: string | undefined = id;
    while (next !== undefined && out.length < MAX_CHAIN) {
      const entry = await this.get(next, key);
      if (!entry) throw responseNotFound(next, param);
      out.push(entry);
      next = entry.previousResponseId;
    }
    return out.reverse();
  }
}

function itemKey(id: string): string {
  return `responses:item:${id}`;
}

function parseEntry(text: string): StoredResponse | undefined {
  const parsed = safeJsonParse(text);
  const record = parsed.ok ? asRecord(parsed.value) : undefined;
  if (!record || typeof record.id !== 'string' || typeof record.key !== 'string') return undefined;
  if (!Array.isArray(record.inputItems) || !Array.isArray(record.inputMessages) || !Array.isArray(record.output) || !asRecord(record.response)) return undefined;
  return record as unknown as StoredResponse;
}
