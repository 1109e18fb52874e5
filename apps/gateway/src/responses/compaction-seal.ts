import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { INTERLINGUA_COMPACTION_PREFIX } from '@interlingua/openai-responses';
import { asRecord, safeJsonParse } from '@interlingua/ir-utils';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Bytes of the key binding at the head of a sealed blob. */
const BINDING_BYTES = 8;
/** Binds the ciphertext to this format, so a blob sealed for another purpose does not open. */
const FORMAT = Buffer.from(INTERLINGUA_COMPACTION_PREFIX, 'utf8');

/** What a gateway compaction item holds once opened. */
export interface CompactionContents {
  /** The summary of the compacted conversation, written by the target model. */
  summary: string;
  /** The model the caller asked for when it was compacted. */
  model: string;
  /** Unix seconds. */
  created: number;
}

/** Who may open a sealed item: the gateway's secret and the name of the API key that made it. */
export interface CompactionSealKey {
  secret: string;
  keyName: string;
}

/** Why a blob did not open: made under another API key, or not readable with this secret at all. */
export type CompactionOpenFailure = 'other-key' | 'unreadable';

export type OpenedCompaction = { ok: true; contents: CompactionContents } | { ok: false; reason: CompactionOpenFailure };

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/**
 * The key binding: an HMAC of the key's name under the secret, cut to 8 bytes. It names no key
 * (only the secret's holder can compute it) and lets a foreign key's item be told apart from an
 * altered one.
 */
function bindingOf(seal: CompactionSealKey): Buffer {
  return createHmac('sha256', keyOf(seal.secret)).update(`compaction-key:${seal.keyName}`, 'utf8').digest().subarray(0, BINDING_BYTES);
}

/**
 * Seals compaction contents as `ilg1.<base64url(binding | iv | ciphertext | tag)>`: AES-256-GCM
 * with the SHA-256 of the secret as key, a random 12-byte IV, and the format and key binding as
 * additional authenticated data, so the item opens only under the API key that made it.
 */
export function sealCompaction(contents: CompactionContents, seal: CompactionSealKey): string {
  const binding = bindingOf(seal);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(seal.secret), iv);
  cipher.setAAD(Buffer.concat([FORMAT, binding]));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(contents), 'utf8'), cipher.final()]);
  return `${INTERLINGUA_COMPACTION_PREFIX}${Buffer.concat([binding, iv, ciphertext, cipher.getAuthTag()]).toString('base64url')}`;
}

/**
 * Opens a blob made by `sealCompaction`: `other-key` when it was sealed under another API key,
 * `unreadable` when it was altered, sealed with another secret, or holds no compaction contents.
 */
export function openCompaction(blob: string, seal: CompactionSealKey): OpenedCompaction {
  const unreadable: OpenedCompaction = { ok: false, reason: 'unreadable' };
  if (!blob.startsWith(INTERLINGUA_COMPACTION_PREFIX)) return unreadable;
  const bytes = Buffer.from(blob.slice(INTERLINGUA_COMPACTION_PREFIX.length), 'base64url');
  if (bytes.length < BINDING_BYTES + IV_BYTES + TAG_BYTES) return unreadable;
  const binding = bytes.subarray(0, BINDING_BYTES);
  const plaintext = decrypt(bytes, binding, seal.secret);
  if (plaintext === undefined) return unreadable;
  const parsed = safeJsonParse(plaintext);
  const record = parsed.ok ? asRecord(parsed.value) : undefined;
  if (!record || typeof record.summary !== 'string') return unreadable;
  // The binding is authenticated: it opened, so it was made with this secret, for the key it names.
  if (!timingSafeEqual(binding, bindingOf(seal))) return { ok: false, reason: 'other-key' };
  return {
    ok: true,
    contents: {
      summary: record.summary,
      model: typeof record.model === 'string' ? record.model : '',
      created: typeof record.created === 'number' ? record.created : 0,
    },
  };
}

function decrypt(bytes: Buffer, binding: Buffer, secret: string): string | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(BINDING_BYTES, BINDING_BYTES + IV_BYTES));
    decipher.setAAD(Buffer.concat([FORMAT, binding]));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(BINDING_BYTES + IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
