import { asRecord, safeJsonParse } from '@interlingua/ir-utils';
import type { ResponsesConfig } from '../config/responses-schema.js';
import type { StateStore } from '../store/state-store.js';

/** Where a response passed through to an OpenAI Responses upstream is kept: the provider, and the model it answered for. */
export interface UpstreamOwner {
  provider: string;
  model: string;
}

/** Groups of the state store holding these records, one per key id (apart from stored responses). */
const GROUP_PREFIX = 'upstream-responses:';

/**
 * Which upstream holds each response that went through to an OpenAI Responses upstream as is
 * (stored there, not by the gateway), per gateway key: so that `GET /v1/responses/{id}`,
 * `/input_items` and `DELETE` reach that upstream with the provider's credentials, and only for
 * the key that created the response (another key's ids stay unknown). Bounded like the
 * response store: per key `maxEntries` records (the key's oldest go first) within
 * `maxBytesPerKey`, all together within `maxTotalBytes`, each kept `ttlSeconds`.
 */
export class UpstreamResponseOwners {
  constructor(
    private readonly store: StateStore,
    private readonly limits: ResponsesConfig['store'],
  ) {}

  /** Records the owner of a passed-through response; a store that fails or is full loses only the later forwarding. */
  async remember(keyId: string, responseId: string, owner: UpstreamOwner): Promise<void> {
    const { maxEntries, maxBytesPerKey, maxTotalBytes, ttlSeconds } = this.limits;
    await this.store
      .putInGroup(GROUP_PREFIX + keyId, responseId, JSON.stringify(owner), ttlSeconds * 1000, {
        maxEntriesPerGroup: maxEntries,
        maxBytesPerGroup: maxBytesPerKey,
        maxTotalBytes,
      })
      .catch(() => undefined);
  }

  /** The upstream holding `responseId` for this key, if the gateway passed it through. */
  async owner(keyId: string, responseId: string): Promise<UpstreamOwner | undefined> {
    const text = await this.store.getInGroup(GROUP_PREFIX + keyId, responseId);
    const parsed = text === undefined ? undefined : safeJsonParse(text);
    const record = parsed?.ok ? asRecord(parsed.value) : undefined;
    return typeof record?.provider === 'string' && typeof record.model === 'string'
      ? { provider: record.provider, model: record.model }
      : undefined;
  }

  async forget(keyId: string, responseId: string): Promise<void> {
    await this.store.deleteInGroup(GROUP_PREFIX + keyId, responseId);
  }
}
