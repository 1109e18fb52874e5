import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { INTERLINGUA_COMPACTION_PREFIX } from '@interlingua/openai-responses';
import { asRecord, safeJsonParse } from '@interlingua/ir-utils';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Binds the ciphertext to this format, so a blob sealed for another purpose does not open. */
const ASSOCIATED_DATA = Buffer.from(INTERLINGUA_COMPACTION_PREFIX, 'utf8');

/** What a gateway compaction item holds once opened. */
export interface CompactionContents {
  /** The summary of the compacted conversation, written by the target model. */
  summary: string;
  /** The model the caller asked for when it was compacted. */
  model: string;
  /** Unix seconds. */
  created: number;
}

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/**
 * Seals compaction contents as `ilg1.<base64url(iv | ciphertext | tag)>`: AES-256-GCM with the
 * SHA-256 of `secret` as key and a random 12-byte IV.
 */
export function sealCompaction(contents: CompactionContents, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  cipher.setAAD(ASSOCIATED_DATA);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(contents), 'utf8'), cipher.final()]);
  return `${INTERLINGUA_COMPACTION_PREFIX}${Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url')}`;
}

/**
 * Opens a blob made by `sealCompaction`; undefined when it was not sealed with this secret,
 * was altered, or does not hold compaction contents.
 */
export function openCompaction(blob: string, secret: string): CompactionContents | undefined {
  if (!blob.startsWith(INTERLINGUA_COMPACTION_PREFIX)) return undefined;
  const bytes = Buffer.from(blob.slice(INTERLINGUA_COMPACTION_PREFIX.length), 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return undefined;
  let plaintext: string;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(ASSOCIATED_DATA);
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    plaintext = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
  const parsed = safeJsonParse(plaintext);
  const record = parsed.ok ? asRecord(parsed.value) : undefined;
  if (!record || typeof record.summary !== 'string') return undefined;
  return {
    summary: record.summary,
    model: typeof record.model === 'string' ? record.model : '',
    created: typeof record.created === 'number' ? record.created : 0,
  };
}
