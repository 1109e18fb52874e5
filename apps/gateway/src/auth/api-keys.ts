import { hash, timingSafeEqual } from 'node:crypto';
import type { KeyConfig } from '../config/config-schema.js';
import type { BudgetConfig, EndpointName } from '../config/operations-schema.js';
import { globToRegExp } from '../config/model-glob.js';
import { queryKey } from './query-key.js';
import { compileMcpGrant, type McpGrant } from './mcp-grant.js';

/** Whose limits a request counts against: its key, and the key's team when it has one. */
export interface LimitHolder {
  /** Counters hang off this: key ids (`key_`, `cfg_`) and team ids (`team_`) never meet. */
  id: string;
  name: string;
  rpm?: number;
  tpm?: number;
  budgets: readonly BudgetConfig[];
}

/** A gateway key, ready for constant-time checks. */
export interface GatewayKey {
  /**
   * What the key owns hangs off this (stored responses, counters, budgets, ledger rows); no
   * later key can take it. Runtime keys: `key_<hex>`, made at creation. Config keys: `cfg_<id>`
   * from an explicit `id`, else `cfg_<hex>` derived from the secret. The name is a label.
   */
  id: string;
  name: string;
  digest: Buffer;
  modelPatterns: RegExp[];
  expiresAt?: number;
  /** Endpoint names this key may call; undefined = all. */
  endpoints?: ReadonlySet<EndpointName>;
  rpm?: number;
  tpm?: number;
  budgets: readonly BudgetConfig[];
  /** Secrets this key had before a rotation, each accepted until its time (ms) passes. */
  previousSecrets?: readonly PreviousSecret[];
  /** `false`: the key's requests are kept out of the response cache. */
  cache?: false;
  /** The team whose limits the key shares (runtime keys of a team): checked and charged with the key's own. */
  team?: LimitHolder;
  /** The MCP servers and tools the key may use; undefined = none. */
  mcp?: McpGrant;
}

/** A replaced secret of a key, still accepted until `until` (ms since the epoch). */
export interface PreviousSecret {
  digest: Buffer;
  until: number;
}

/** A key as configured; `budgets` may be left out. */
export type KeyInput = Omit<KeyConfig, 'budgets' | 'id'> & { budgets?: BudgetConfig[]; id?: string | undefined };

/** Config key ids start so; runtime keys' ids start with `key_`, so the two never meet. */
export const CONFIG_KEY_ID_PREFIX = 'cfg_';

/**
 * SHA-256 of a secret: one-shot `crypto.hash` (no Hash object per request), read out as a
 * binary (Latin-1) string (one character per byte) and turned into bytes, which costs about a third of
 * the `'buffer'` output on Node 20.
 */
export function sha256(secret: string): Buffer {
  return Buffer.from(hash('sha256', secret, 'binary'), 'binary');
}

/** The `secretHash` form of a secret. */
export function hashSecret(secret: string): string {
  return `sha256:${sha256(secret).toString('hex')}`;
}

/** Config keys, each with its id (`configKeyId`). */
export function compileKeys(keys: readonly KeyInput[]): GatewayKey[] {
  return keys.map((key) => compileKey(key, configKeyId(key)));
}

/**
 * A config key's id: `cfg_` and its explicit `id`, else `cfg_` and 24 hex digits of a hash of its
 * secret's digest (stable across restarts, reloads and renames; a new secret is a new key).
 */
export function configKeyId(key: KeyInput): string {
  if (key.id !== undefined) return `${CONFIG_KEY_ID_PREFIX}${key.id}`;
  return `${CONFIG_KEY_ID_PREFIX}${hash('sha256', `interlingua-config-key:${secretDigest(key).toString('hex')}`, 'hex').slice(0, 24)}`;
}

/** One key, under the given id. */
export function compileKey(key: KeyInput, id: string): GatewayKey {
  return {
    id,
    name: key.name,
    digest: secretDigest(key),
    modelPatterns: key.models.map(globToRegExp),
    ...(key.expiresAt ? { expiresAt: Date.parse(key.expiresAt) } : {}),
    ...(key.endpoints ? { endpoints: new Set(key.endpoints) } : {}),
    ...(key.rpm !== undefined ? { rpm: key.rpm } : {}),
    ...(key.tpm !== undefined ? { tpm: key.tpm } : {}),
    budgets: key.budgets ?? [],
    ...(key.previousSecrets?.length
      ? {
          previousSecrets: key.previousSecrets.map((previous) => ({
            digest: secretDigest(previous),
            until: Date.parse(previous.until),
          })),
        }
      : {}),
    ...(key.cache === false ? { cache: false as const } : {}),
    ...(key.mcp ? { mcp: compileMcpGrant(key.mcp) } : {}),
  };
}

/** The SHA-256 digest of a configured `secret` or `secretHash`. */
export function secretDigest(entry: { secret?: string | undefined; secretHash?: string | undefined }): Buffer {
  return entry.secret !== undefined
    ? sha256(entry.secret)
    : Buffer.from((entry.secretHash ?? '').slice('sha256:'.length), 'hex');
}

/** Whether a key may call an endpoint (by its fixed name). */
export function keyAllowsEndpoint(key: GatewayKey, endpoint: EndpointName): boolean {
  return key.endpoints === undefined || key.endpoints.has(endpoint);
}

/**
 * Finds the key whose secret matches. Every key is compared, each in constant time over its
 * SHA-256 digest, so the time taken says nothing about which key or how much of it matched.
 */
export function findKey(keys: readonly GatewayKey[], presented: string, now = Date.now()): GatewayKey | undefined {
  const digest = sha256(presented);
  let found: GatewayKey | undefined;
  for (const key of keys) {
    if (secretMatches(key, digest, now) && !found) found = key;
  }
  return found;
}

/**
 * Whether a secret's digest is the key's current secret, or one of its previous secrets whose
 * overlap has not ended at `now`. Every digest is compared, each in constant time.
 */
export function secretMatches(key: GatewayKey, digest: Buffer, now: number): boolean {
  let matches = timingSafeEqual(key.digest, digest);
  for (const previous of key.previousSecrets ?? []) {
    if (timingSafeEqual(previous.digest, digest) && previous.until > now) matches = true;
  }
  return matches;
}

export function keyAllowsModel(key: GatewayKey, model: string): boolean {
  return key.modelPatterns.some((pattern) => pattern.test(model));
}

/** The key a request presents: Bearer, `x-api-key`, `x-goog-api-key`, `api-key` (Azure clients) or `?key=`. */
export function presentedKey(
  headers: Record<string, string | string[] | undefined>,
  query: () => URLSearchParams,
): string | undefined {
  const authorization = headerValue(headers.authorization);
  if (authorization) {
    const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
    if (match?.[1]) return match[1].trim();
  }
  return (
    headerValue(headers['x-api-key']) ??
    headerValue(headers['x-goog-api-key']) ??
    headerValue(headers['api-key']) ??
    queryKey(query()) ??
    undefined
  );
}

function headerValue(value: string | string[] | undefined): string | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  return single && single.length > 0 ? single : undefined;
}
