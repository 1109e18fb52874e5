import { randomUUID } from 'node:crypto';
import type { IrContentPart, IrMessage } from '@interlingua/ir';
import { IrError } from '@interlingua/ir';
import { asRecord, safeJsonParse } from '@interlingua/ir-utils';
import { RESPONSE_STORE_DEFAULTS, type ResponsesConfig } from '../config/responses-schema.js';
import type { StateStore } from '../store/state-store.js';
import { gatewayError } from '../http/style-errors.js';

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
const GATEWAY_ID_PREFIX = 'resp_ilg_';
const NOT_STORED =
  'this gateway keeps no such response for this API key (it expired, was deleted, or was sent with "store": false and its WebSocket connection no longer holds it); send the whole conversation as input instead';

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
 * OpenAI's answer for a `previous_response_id` that cannot be continued: a 400
 * `previous_response_not_found` naming the parameter (over HTTP and as a WebSocket error event).
 */
export function previousResponseNotFound(id: string, why: string): IrError {
  return gatewayError('invalid-request', `Previous response with id '${id}' not found: ${why}`, {
    code: 'previous_response_not_found',
    param: 'previous_response_id',
  });
}

/** The bounds of a `ResponseStore`; bounds left out take the config defaults. */
export type ResponseStoreLimits = Pick<ResponsesConfig['store'], 'ttlSeconds' | 'maxEntries' | 'maxEntryBytes'> &
  Partial<ResponsesConfig['store']>;

/**
 * Stored responses in the gateway's `StateStore`, as JSON with a TTL, in one group per API key:
 * each key keeps at most `maxEntries` responses and `maxBytesPerKey` bytes (its own oldest go
 * first, never another key's), and all keys together at most `maxTotalBytes`.
 */
export class ResponseStore {
  private readonly limits: ResponsesConfig['store'];

  constructor(
    private readonly store: StateStore,
    limits: ResponseStoreLimits,
  ) {
    this.limits = { ...RESPONSE_STORE_DEFAULTS, ...limits };
  }

  /**
   * Refuses, before any upstream work, a `store: true` request that cannot be kept: its body
   * alone is over the size of one stored response, or other keys' responses fill the store.
   */
  async admit(key: string, requestBytes: number): Promise<void> {
    const largest = Math.min(this.limits.maxEntryBytes, this.limits.maxBytesPerKey);
    if (requestBytes > largest) {
      throw gatewayError(
        'request-too-large',
        `This request is ${requestBytes} bytes, more than the ${largest} bytes a stored response may hold (responses.store.maxEntryBytes / maxBytesPerKey); send "store": false, or a shorter input`,
        { code: 'stored_response_too_large', param: 'store' },
      );
    }
    // A store that does not answer is no reason to refuse: saving the answer reports it.
    const usage = await this.store.groupUsage(key).catch(() => undefined);
    if (usage && usage.totalBytes - usage.groupBytes + requestBytes > this.limits.maxTotalBytes) throw storeFull();
  }

  /** Stores a response; returns why not when it cannot be kept (the answer itself stands). */
  async save(entry: StoredResponse): Promise<string | undefined> {
    const text = JSON.stringify(entry);
    const bytes = Buffer.byteLength(text);
    if (bytes > this.limits.maxEntryBytes)
      return `the response is ${bytes} bytes, larger than responses.store.maxEntryBytes (${this.limits.maxEntryBytes})`;
    const result = await this.store.putInGroup(entry.key, entry.id, text, this.limits.ttlSeconds * 1000, {
      maxEntriesPerGroup: this.limits.maxEntries,
      maxBytesPerGroup: this.limits.maxBytesPerKey,
      maxTotalBytes: this.limits.maxTotalBytes,
    });
    if (result.stored) return undefined;
    if (result.reason === 'entry-too-large')
      return `the response is ${bytes} bytes, larger than responses.store.maxBytesPerKey (${this.limits.maxBytesPerKey})`;
    return storeFull().message;
  }

  /** The stored response, if it exists and belongs to `key`. */
  async get(id: string, key: string): Promise<StoredResponse | undefined> {
    if (!isGatewayResponseId(id)) return undefined;
    const text = await this.store.getInGroup(key, id);
    if (text === undefined) return undefined;
    const entry = parseEntry(text);
    return entry?.key === key && entry.id === id ? entry : undefined;
  }

  async delete(id: string, key: string): Promise<boolean> {
    if (!isGatewayResponseId(id)) return false;
    return this.store.deleteInGroup(key, id);
  }

  /**
   * The responses a conversation is made of, oldest first, ending with `id`. Throws naming the
   * first one missing (expired, deleted, another key's, or never stored): a 404, or for
   * `previous_response_id` the 400 `previous_response_not_found` OpenAI answers.
   */
  async chain(id: string, key: string, param?: string): Promise<StoredResponse[]> {
    const out: StoredResponse[] = [];
    let next: string | undefined = id;
    while (next !== undefined && out.length < MAX_CHAIN) {
      const entry = await this.get(next, key);
      if (!entry && param === 'previous_response_id') throw previousResponseNotFound(next, NOT_STORED);
      if (!entry) throw responseNotFound(next, param);
      out.push(entry);
      next = entry.previousResponseId;
    }
    return out.reverse();
  }
}

function storeFull(): IrError {
  return gatewayError(
    'quota-exceeded',
    'The gateway\'s store of responses is full with other API keys\' responses (responses.store.maxTotalBytes); send "store": false, or retry once stored responses expire',
    { code: 'response_store_full', param: 'store' },
  );
}

function parseEntry(text: string): StoredResponse | undefined {
  const parsed = safeJsonParse(text);
  const record = parsed.ok ? asRecord(parsed.value) : undefined;
  if (!record || typeof record.id !== 'string' || typeof record.key !== 'string') return undefined;
  if (
    !Array.isArray(record.inputItems) ||
    !Array.isArray(record.inputMessages) ||
    !Array.isArray(record.output) ||
    !asRecord(record.response)
  )
    return undefined;
  return record as unknown as StoredResponse;
}
