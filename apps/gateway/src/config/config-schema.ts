import { z } from 'zod';
import { strictObject } from './strict-object.js';
import { MEDIA_HOST_PATTERN } from './media-host-allow-list.js';
import { keyLimitFields, operationsSections } from './operations-schema.js';
import { responsesSchema } from './responses-schema.js';
import { adminSections } from './admin-schema.js';
import { responseCacheSchema, routeCacheSchema } from './cache-schema.js';
import { telemetrySchema } from './telemetry-schema.js';
import { trustProxySchema } from './trust-proxy-schema.js';
import { mcpGrantSchema, mcpSchema } from './mcp-schema.js';

const headerMap = z.record(z.string(), z.string());

const secretHashSchema = z.string().regex(/^sha256:[0-9a-f]{64}$/, 'must look like sha256:<64 hex digits>');

/** A secret a key had before its rotation, accepted until `until` (an overlap for its clients). */
const previousSecretSchema = strictObject({
  secret: z.string().min(8).optional(),
  secretHash: secretHashSchema.optional(),
  /** When this secret stops working (ISO date-time with offset). */
  until: z.iso.datetime({ offset: true }),
}).refine((previous) => (previous.secret === undefined) !== (previous.secretHash === undefined), {
  message: 'give exactly one of secret or secretHash',
});

export const keySchema = strictObject({
  name: z.string().min(1),
  /**
   * The key's lasting identity (stored responses, counters, budgets and ledger rows belong to it);
   * default: derived from the secret, so a new secret starts a new key. Set it to keep them
   * across a change of secret.
   */
  id: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'use at most 64 letters, digits, ".", "_" or "-"')
    .optional(),
  secret: z.string().min(8).optional(),
  /** `sha256:<hex>` of the secret, so the file need not hold it. */
  secretHash: secretHashSchema.optional(),
  /**
   * The key's earlier secrets during a rotation, each working until its `until`; needs an `id`,
   * so the key (counters, budgets, ledger rows) stays the same once they are removed.
   */
  previousSecrets: z.array(previousSecretSchema).max(8).optional(),
  /** Model name globs this key may use; default all. */
  models: z.array(z.string().min(1)).default(['*']),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  /** `false` keeps the key's requests out of the response cache (neither read nor written). */
  cache: z.literal(false).optional(),
  /** The MCP servers and tools this key may use (see docs/mcp.md); default none. */
  mcp: mcpGrantSchema.optional(),
  ...keyLimitFields,
})
  .refine((key) => (key.secret === undefined) !== (key.secretHash === undefined), {
    message: 'give exactly one of secret or secretHash',
  })
  .refine((key) => key.previousSecrets === undefined || key.id !== undefined, {
    message:
      'a key with previousSecrets needs an id: without one its id comes from its secret, so the new secret would start a new key (counters and budgets from zero)',
    path: ['id'],
  });

export const providerSchema = strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'use lower-case letters, digits, ".", "_" or "-"'),
  type: z.string().min(1),
  baseUrl: z.url().optional(),
  apiKey: z.string().optional(),
  headers: headerMap.default({}),
  forwardHeaders: z.array(z.string().min(1)).default([]),
  api: z.enum(['chat', 'responses']).default('chat'),
  /** Adapter-specific options. */
  options: z.record(z.string(), z.unknown()).default({}),
  /**
   * Most connections open at once to this provider (default 1024, shared pool). Requests past it
   * wait for one, within `timeouts.firstByteMs`; then they fail with a 504 naming the provider.
   */
  connections: z.number().int().positive().max(65_536).optional(),
  timeouts: strictObject({
    connectMs: z.number().int().positive().optional(),
    firstByteMs: z.number().int().positive().optional(),
    idleMs: z.number().int().positive().optional(),
    /** One attempt at this provider: the whole answer, or up to the first event when streaming. */
    totalMs: z.number().int().positive().optional(),
  }).default({}),
});

export const targetSchema = strictObject({
  provider: z.string().min(1),
  /** Upstream model id; defaults to the requested name (or the part a `*` matched). */
  model: z.string().min(1).optional(),
  weight: z.number().positive().default(1),
  priority: z.number().int().default(0),
});

export const modelRouteSchema = strictObject({
  /** Exact model name or a glob (`openai/*`). */
  name: z.string().min(1),
  targets: z.array(targetSchema).min(1),
  /** `max_tokens` to send when the caller gave none and the upstream requires one. */
  defaultMaxOutputTokens: z.number().int().positive().optional(),
  /**
   * Reasoning another provider made, when a turn goes to a target of another family: `drop` (the
   * default) sends none of its opaque artefacts and its visible text only where the target takes
   * reasoning without one; `text` sends that visible text as plain assistant text elsewhere.
   */
  reasoning: strictObject({ foreign: z.enum(['drop', 'text']).default('drop') }).optional(),
  /** Prompt caching (breakpoints, cache affinity) and the response cache (`ttlSeconds`); see docs/caching.md. */
  cache: routeCacheSchema.optional(),
  /**
   * Input items, blocks and hosted tools of the caller's style that an upstream of another style
   * cannot carry: `warn` (the default) sends the rest and names each in `x-interlingua-warnings`;
   * `refuse` answers 400 naming them.
   */
  untranslatable: z.enum(['warn', 'refuse']).optional(),
});

export const serverSchema = strictObject({
  host: z.string().default('127.0.0.1'),
  port: z.number().int().min(0).max(65535).default(8080),
  /**
   * Whether a gateway key is accepted in the URL (`?key=`, as Gemini clients may send it). URLs end
   * up in proxies' access logs; `false` refuses such requests with 401, naming the headers to use.
   */
  queryKeys: z.boolean().default(true),
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: z
    .number()
    .int()
    .positive()
    .default(32 * 1024 * 1024),
  /** Largest non-streaming upstream body read, in bytes. */
  maxUpstreamBodyBytes: z
    .number()
    .int()
    .positive()
    .default(32 * 1024 * 1024),
  /** Browser origins allowed to call the gateway (`*` for any); empty switches CORS off. */
  cors: strictObject({
    origins: z.array(z.string().min(1)).default([]),
    maxAgeSeconds: z.number().int().nonnegative().default(600),
  }).default({ origins: [], maxAgeSeconds: 600 }),
  /** How long a client may take to send a request (0 switches a bound off); see docs/configuration.md#timeouts. */
  timeouts: strictObject({
    /** From the request's first byte to the end of its headers. */
    headersMs: z.number().int().nonnegative().default(30_000),
    /** Between two bytes of a request body. */
    bodyIdleMs: z.number().int().nonnegative().default(30_000),
    /** From the request's first byte to the end of its body (not the answer: streams are not cut). */
    requestMs: z.number().int().nonnegative().default(300_000),
    /** An idle keep-alive connection between two requests (above common load-balancer idle timeouts). */
    keepAliveMs: z.number().int().nonnegative().default(65_000),
  }).default({ headersMs: 30_000, bodyIdleMs: 30_000, requestMs: 300_000, keepAliveMs: 65_000 }),
  /**
   * Gateway processes serving the one port (`auto`: one per core). Above 1 a primary process
   * forks them and holds the memory store's counters for all of them.
   */
  workers: z.union([z.number().int().min(1).max(256), z.literal('auto')]).default(1),
  /** Proxies whose `X-Forwarded-For` names the client (failed admin logins are counted per client); see `trustProxySchema`. */
  trustProxy: trustProxySchema.default(false),
});

/** Media the caller gave by URL and an upstream needs inline (Gemini): downloaded under these limits. */
export const mediaSchema = strictObject({
  /** Largest file downloaded, in bytes (Gemini's whole inline request is limited to about 20 MB). */
  maxBytes: z
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  /** Bytes downloaded for one request, all its files together. */
  maxTotalBytes: z
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  /** Distinct URLs downloaded for one request; more is a 400 before any download. */
  maxUrls: z.number().int().positive().max(10_000).default(32),
  /** Downloads of one request running at once. */
  concurrency: z.number().int().positive().max(64).default(4),
  /** Time allowed for one download, redirects included. */
  timeoutMs: z.number().int().positive().default(10_000),
  /** Also fetch from loopback, private and link-local addresses (cloud metadata addresses never). */
  allowPrivate: z.boolean().default(false),
  /**
   * When not empty, the only hosts media is fetched from, redirects included: exact host names or
   * IP literals, or `*.example.com` for any subdomain. The address checks still apply.
   */
  allowHosts: z
    .array(z.string().regex(MEDIA_HOST_PATTERN, 'use a host name, *.domain or an IP literal (IPv6 in brackets)'))
    .default([]),
});

export const configSchema = strictObject({
  server: serverSchema.default(serverSchema.parse({})),
  keys: z.array(keySchema).default([]),
  providers: z.array(providerSchema).default([]),
  models: z.array(modelRouteSchema).default([]),
  media: mediaSchema.default(mediaSchema.parse({})),
  /** Stored responses and compaction for OpenAI Responses callers. */
  responses: responsesSchema.default(responsesSchema.parse({})),
  /** OpenTelemetry traces; off unless configured here or by the `OTEL_*` variables. */
  telemetry: telemetrySchema.default(telemetrySchema.parse({})),
  /** The response cache's store and byte bound (routes turn it on with `cache.ttlSeconds`). */
  cache: responseCacheSchema.prefault({}),
  /** MCP servers served on `/mcp` and `/mcp/{server}` (see docs/mcp.md). */
  mcp: mcpSchema.prefault({}),
  ...operationsSections,
  ...adminSections,
  /** What a config file keeps of the zero-config defaults (both on unless set to false). */
  defaults: strictObject({
    /** The built-in `mock` provider and model, added when the file names neither. */
    mock: z.boolean().default(true),
    /** The SQLite database in `INTERLINGUA_DATA_DIR` (default `interlingua-data`) when the file has no `database`. */
    database: z.boolean().default(true),
  }).prefault({}),
});

export type GatewayConfig = z.infer<typeof configSchema>;
export type KeyConfig = z.infer<typeof keySchema>;
export type ProviderConfig = z.infer<typeof providerSchema>;
export type ModelRouteConfig = z.infer<typeof modelRouteSchema>;
export type TargetConfig = z.infer<typeof targetSchema>;
