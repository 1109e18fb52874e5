import { z } from 'zod';
import { strictObject } from './strict-object.js';

/** Defaults of the stored-response bounds (also used when a caller of `ResponseStore` leaves one out). */
export const RESPONSE_STORE_DEFAULTS = {
  maxEntries: 1_000,
  maxBytesPerKey: 32 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxEntryBytes: 4 * 1024 * 1024,
};

const storeSchema = strictObject({
  /** How long a stored response can be retrieved or continued (`previous_response_id`). */
  ttlSeconds: z.number().int().positive().default(86_400),
  /** Most responses one API key keeps; past it the key's own oldest goes first. */
  maxEntries: z.number().int().positive().default(RESPONSE_STORE_DEFAULTS.maxEntries),
  /** Most bytes (stored JSON) one API key keeps; past it the key's own oldest go first. */
  maxBytesPerKey: z.number().int().positive().default(RESPONSE_STORE_DEFAULTS.maxBytesPerKey),
  /** Most bytes every key's stored responses take together; one key can never evict another's. */
  maxTotalBytes: z.number().int().positive().default(RESPONSE_STORE_DEFAULTS.maxTotalBytes),
  /** A response whose stored form (input and output) is larger is answered but not stored. */
  maxEntryBytes: z.number().int().positive().default(RESPONSE_STORE_DEFAULTS.maxEntryBytes),
}).refine((store) => store.maxEntryBytes <= store.maxBytesPerKey && store.maxBytesPerKey <= store.maxTotalBytes, {
  message: 'need maxEntryBytes <= maxBytesPerKey <= maxTotalBytes',
});

const compactionSecret = z.string().min(16);

/** Most secrets the compaction keyring holds (the newest and the previous ones). */
export const MAX_COMPACTION_SECRETS = 8;

const compactionSchema = strictObject({
  /**
   * Seals the `compaction` items the gateway mints when it emulates `/v1/responses/compact` for
   * upstreams other than OpenAI Responses (AES-256-GCM, key = SHA-256 of the secret). Without it,
   * emulated compaction answers a 400. Use `${ENV}` interpolation to keep it out of the file.
   * A list is a keyring, newest first: new items are sealed with the first, items open with any.
   */
  secret: z.union([compactionSecret, z.array(compactionSecret).min(1).max(MAX_COMPACTION_SECRETS)]).optional(),
  /** Earlier secrets, kept after a rotation so items sealed with them still open (never used to seal). */
  previousSecrets: z.array(compactionSecret).max(MAX_COMPACTION_SECRETS).optional(),
})
  .refine((compaction) => !compaction.previousSecrets?.length || compaction.secret !== undefined, {
    message: 'previousSecrets needs a secret to seal new items with',
    path: ['previousSecrets'],
  })
  .transform(({ secret, previousSecrets = [] }) => {
    const [newest, ...older] = typeof secret === 'string' ? [secret] : (secret ?? []);
    return { ...(newest === undefined ? {} : { secret: newest }), previousSecrets: [...older, ...previousSecrets] };
  });

const websocketSchema = strictObject({
  /** Serves `/v1/responses` as a WebSocket (the Responses WebSocket mode); off: the upgrade gets a 426. */
  enabled: z.boolean().default(true),
  /** Most WebSocket connections one API key may hold open at once (this instance). */
  maxConnectionsPerKey: z.number().int().positive().default(16),
  /** Most WebSocket connections open at once on this instance, all keys together. */
  maxConnections: z.number().int().positive().default(1_024),
  /**
   * A connection with no response running and no message from the client for this long is
   * closed (1000, reason "idle timeout"); 0 keeps idle connections open.
   */
  idleTimeoutMs: z.number().int().nonnegative().default(600_000),
  /**
   * The gateway pings each connection this often; one that has not answered the previous ping
   * (a half-open socket, a stuck client) is closed (1001, reason "ping timeout"); 0 sends no pings.
   */
  pingIntervalMs: z.number().int().nonnegative().default(30_000),
  /**
   * Most `generate: false` warm-ups one connection may send (each is also admitted like a turn:
   * RPM, budgets); past it a warm-up gets a 429 `error` event and the connection stays open.
   */
  maxWarmupsPerConnection: z.number().int().positive().default(32),
});

/** `responses`: state the gateway keeps for OpenAI Responses callers. */
export const responsesSchema = strictObject({
  store: storeSchema.default(storeSchema.parse({})),
  compaction: compactionSchema.prefault({}),
  websocket: websocketSchema.default(websocketSchema.parse({})),
});

export type ResponsesConfig = z.infer<typeof responsesSchema>;
