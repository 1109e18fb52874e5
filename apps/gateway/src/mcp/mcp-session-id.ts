import { createHash } from 'node:crypto';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { asRecord, safeJsonParse } from '@interlingua/ir-utils';
import { openBytes, sealBytes, type SealKey, type SealPurpose } from '../reasoning/sealed-bytes.js';

const SESSION: SealPurpose = { format: Buffer.from('interlingua-mcp-session-1', 'utf8'), bindingLabel: 'mcp-session' };
/** The longest id opened: a sealed claim is about 150 characters; anything far longer is not one of ours. */
const MAX_SESSION_ID_CHARS = 1_024;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** What a session id carries, sealed: no instance needs shared state to trust it. */
export interface McpSessionClaims {
  /** The protocol version `initialize` settled on. */
  protocolVersion: string;
  /** The capabilities the client declared (`sampling`, `elicitation`, `roots`…), by name. */
  clientCapabilities: string[];
  /** When it was issued, ms since the epoch. */
  issuedAt: number;
}

/** How session ids are sealed and how long they live: the gateway's keyring and `mcp.limits.sessionTtlMs`. */
export interface SessionSealing {
  secret: string;
  previousSecrets: readonly string[];
  ttlMs: number;
}

/**
 * A new session's id: its claims sealed (AES-256-GCM) under the keyring's newest secret and bound
 * to the API key it was issued to, as base64url (visible ASCII, as the transport requires).
 */
export function issueSessionId(claims: McpSessionClaims, sealing: SessionSealing, keyId: string): string {
  const plaintext = JSON.stringify({ p: claims.protocolVersion, c: claims.clientCapabilities, t: claims.issuedAt });
  return sealBytes(plaintext, SESSION, sealKey(sealing, keyId)).toString('base64url');
}

/**
 * The claims of a session id issued to this API key and still within its lifetime; undefined for
 * an id that was altered, sealed with a secret no longer in the keyring, issued to another key, or
 * expired.
 */
export function openSessionId(
  id: string,
  sealing: SessionSealing,
  keyId: string,
  now: number,
): McpSessionClaims | undefined {
  if (id.length > MAX_SESSION_ID_CHARS || !BASE64URL.test(id)) return undefined;
  const opened = openBytes(Buffer.from(id, 'base64url'), SESSION, sealKey(sealing, keyId));
  if (!opened.ok) return undefined;
  const parsed = safeJsonParse(opened.plaintext);
  const { p: protocolVersion, c: capabilities, t: issuedAt } = (parsed.ok ? asRecord(parsed.value) : undefined) ?? {};
  if (typeof protocolVersion !== 'string' || typeof issuedAt !== 'number' || !Array.isArray(capabilities))
    return undefined;
  if (now - issuedAt > sealing.ttlMs || issuedAt - now > sealing.ttlMs) return undefined;
  const clientCapabilities = capabilities.filter((name): name is string => typeof name === 'string');
  return { protocolVersion, clientCapabilities, issuedAt };
}

/** The claims of an `initialize` request: the version the server will answer with and the client's capabilities. */
export function claimsOfInitialize(params: unknown, now: number): McpSessionClaims {
  const fields = asRecord(params) ?? {};
  const requested = fields.protocolVersion;
  const protocolVersion =
    typeof requested === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(requested)
      ? requested
      : LATEST_PROTOCOL_VERSION;
  const capabilities = asRecord(fields.capabilities) ?? {};
  return { protocolVersion, clientCapabilities: Object.keys(capabilities).sort(), issuedAt: now };
}

/**
 * A state-store key of a session: `ended` marks it ended, `subscriptions` lists its resource
 * subscriptions, `log-level` the level its `logging/setLevel` chose. Named by a digest of the id (the id itself is never stored).
 */
export function sessionStoreKey(kind: 'ended' | 'subscriptions' | 'log-level', id: string): string {
  return `mcp-session-${kind}:${createHash('sha256').update(id, 'utf8').digest('base64url')}`;
}

function sealKey(sealing: SessionSealing, keyId: string): SealKey {
  return { secret: sealing.secret, previousSecrets: sealing.previousSecrets, keyId };
}
