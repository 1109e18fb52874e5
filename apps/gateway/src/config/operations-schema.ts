import { z } from 'zod';
import { strictObject } from './strict-object.js';

/** The endpoint names a key's `endpoints` list may hold: one per API surface the gateway serves. */
export const ENDPOINT_NAMES = [
  'chat',
  'responses',
  'messages',
  'gemini',
  'embeddings',
  'rerank',
  'images',
  'audio',
  'models',
  'count-tokens',
  'mcp',
] as const;
export type EndpointName = (typeof ENDPOINT_NAMES)[number];

const positiveInt = z.number().int().positive();
const SECRET_HASH = /^sha256:[0-9a-f]{64}$/;

/** A token or spend budget for one calendar period (UTC day or month). */
export const budgetSchema = strictObject({
  period: z.enum(['day', 'month']),
  /** Total tokens (input + output) the key may use in the period. */
  tokens: positiveInt.optional(),
  /** Total cost, in the pricing table's unit, the key may spend in the period. */
  cost: z.number().positive().optional(),
  /**
   * Held against the budget by each request while it runs (tokens for a token budget, cost for a
   * cost budget), so concurrent requests cannot all pass a nearly spent budget; default a
   * thousandth of the budget. Set it near one request's largest cost.
   */
  reservePerRequest: z.number().positive().optional(),
}).refine((budget) => (budget.tokens === undefined) !== (budget.cost === undefined), {
  message: 'give exactly one of tokens or cost',
});

/** Fields every key may carry beside its secret and model globs. */
export const keyLimitFields = {
  /** Endpoint names this key may call; default all. */
  endpoints: z.array(z.enum(ENDPOINT_NAMES)).min(1).optional(),
  /** Requests per minute. */
  rpm: positiveInt.optional(),
  /** Tokens (input + output) per minute, charged after each answer. */
  tpm: positiveInt.optional(),
  budgets: z.array(budgetSchema).default([]),
};

/** One row of the pricing table: prices per million tokens for upstream models matching `model`. */
export const priceSchema = strictObject({
  /** Upstream model id or glob (`gpt-4.1*`). */
  model: z.string().min(1),
  /** Only for this provider id; default any. */
  provider: z.string().min(1).optional(),
  inputPerMillion: z.number().nonnegative(),
  outputPerMillion: z.number().nonnegative(),
  /** Input tokens read from a prompt cache; default the input price. */
  cacheReadPerMillion: z.number().nonnegative().optional(),
  /** Input tokens written to a prompt cache; default the input price. */
  cacheWritePerMillion: z.number().nonnegative().optional(),
  /** Input tokens written to a prompt cache for one hour (Anthropic `ttl: 1h`); default `cacheWritePerMillion`. */
  cacheWrite1hPerMillion: z.number().nonnegative().optional(),
  /** Hosted web searches the upstream ran (`usage.webSearchRequests`), per thousand; default free. */
  webSearchPerThousand: z.number().nonnegative().optional(),
  /** The page the price was read from, and when. */
  source: z.string().min(1).optional(),
  asOf: z.string().min(1).optional(),
});

export const routingSchema = strictObject({
  /** Extra passes over a route's targets after every target failed with a retryable error. */
  retries: z.number().int().min(0).max(10).default(2),
  backoff: strictObject({
    initialMs: positiveInt.default(500),
    maxMs: positiveInt.default(8_000),
    multiplier: z.number().min(1).default(2),
  }).prefault({}),
  /** Longest upstream `retry-after` the gateway waits out; a longer one goes back to the caller. */
  maxRetryAfterSeconds: z.number().nonnegative().default(10),
  cooldown: strictObject({
    /** Failures within `windowMs` that cool a target down; 0 switches cooldowns off. */
    failures: z.number().int().min(0).default(5),
    windowMs: positiveInt.default(60_000),
    durationMs: positiveInt.default(30_000),
  }).prefault({}),
  timeouts: strictObject({
    /**
     * Longest time for one request, every attempt and backoff included: the whole answer when not
     * streaming, up to the first byte when streaming (then `streams.maxDurationMs` applies).
     */
    totalMs: positiveInt.default(600_000),
  }).prefault({}),
});

export const streamsSchema = strictObject({
  /** A keep-alive (SSE comment, Anthropic `ping`) goes out in each such interval with nothing else written. */
  keepAliveMs: positiveInt.default(15_000),
  /**
   * When an upstream sends no first event for this long, a keep-alive commits the answer early
   * (headers go out; fallback ends there). 0 = never.
   */
  firstEventKeepAliveMs: z.number().int().min(0).default(0),
  /** Longest a stream may run; then it ends with an in-band error. 0 = no limit. */
  maxDurationMs: z.number().int().min(0).default(3_600_000),
});

export const adminSchema = strictObject({
  secret: z.string().min(16).optional(),
  secretHash: z.string().regex(SECRET_HASH, 'must look like sha256:<64 hex digits>').optional(),
  /** Failed admin authentications one address may make per window; then 429 until the window ends. */
  maxFailedLogins: positiveInt.default(10),
  /** That window, in ms, from the address's first failure. */
  failedLoginWindowMs: positiveInt.default(60_000),
}).refine((admin) => (admin.secret === undefined) !== (admin.secretHash === undefined), {
  message: 'give exactly one of secret or secretHash',
});

export const loggingSchema = strictObject({
  level: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Log request bodies (and non-streaming answer bodies). Off by default: they hold user content. */
  bodies: z.boolean().default(false),
  /** Longest body text logged, in characters. */
  maxBodyChars: positiveInt.default(16_384),
});

export const limitsSchema = strictObject({
  /** Largest request body per endpoint, in bytes; endpoints not named use `server.maxBodyBytes`. */
  maxBodyBytes: z.partialRecord(z.enum(ENDPOINT_NAMES), positiveInt).default({}),
  /**
   * What RPM, TPM and budget checks do when the state store fails: `open` lets the request
   * through (uncounted), `closed` refuses it with 503.
   */
  whenStoreFails: z.enum(['open', 'closed']).default('open'),
});

export const storeSchema = z.discriminatedUnion('type', [
  strictObject({ type: z.literal('memory'), maxEntries: positiveInt.default(100_000) }),
  strictObject({
    type: z.literal('redis'),
    /** `redis://[:password@]host:port[/db]` or `rediss://` for TLS. */
    url: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://'),
    /** Prefix of every key the gateway writes. */
    keyPrefix: z.string().default('interlingua:'),
    /** Longest wait for one store call before the request goes on without it. */
    commandTimeoutMs: positiveInt.default(1_000),
  }),
]);

export const shutdownSchema = strictObject({
  /** On SIGTERM, how long open requests and streams may run before they are ended. */
  graceMs: z.number().int().min(0).default(30_000),
});

/** Top-level sections for operations (limits, routing resilience, observability, state). */
export const operationsSections = {
  pricing: z.array(priceSchema).default([]),
  /** The price catalog shipped with the gateway, consulted after `pricing` rows; `false` leaves only the rows. */
  priceCatalog: z.boolean().default(true),
  routing: routingSchema.prefault({}),
  streams: streamsSchema.prefault({}),
  admin: adminSchema.optional(),
  logging: loggingSchema.prefault({}),
  limits: limitsSchema.prefault({}),
  store: storeSchema.prefault({ type: 'memory' }),
  shutdown: shutdownSchema.prefault({}),
};

export type BudgetConfig = z.infer<typeof budgetSchema>;
export type PriceConfig = z.infer<typeof priceSchema>;
export type RoutingConfig = z.infer<typeof routingSchema>;
export type StreamsConfig = z.infer<typeof streamsSchema>;
export type StoreConfig = z.infer<typeof storeSchema>;
