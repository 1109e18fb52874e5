import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Bytes of the key binding at the head of sealed bytes. */
export const BINDING_BYTES = 8;
/** The smallest sealed bytes: binding, IV and tag around an empty plaintext. */
export const MIN_SEALED_BYTES = BINDING_BYTES + IV_BYTES + TAG_BYTES;

/** Who may open sealed bytes: the gateway's secret and the id of the API key that made them. */
export interface SealKey {
  /** Seals, and opens. */
  secret: string;
  keyId: string;
  /** Earlier secrets (a rotated keyring): they open what they sealed, and never seal. */
  previousSecrets?: readonly string[];
}

/**
 * What sealed bytes are for. `format` is authenticated with the ciphertext, so bytes sealed for
 * one purpose never open as another; `bindingLabel` names the purpose in the key binding.
 */
export interface SealPurpose {
  format: Buffer;
  bindingLabel: string;
}

/** Why bytes did not open: made under another API key, or not readable with this secret at all. */
export type SealOpenFailure = 'other-key' | 'unreadable';

export type OpenedBytes = { ok: true; plaintext: string } | { ok: false; reason: SealOpenFailure };

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/**
 * The key binding: an HMAC of the key's id under the secret, cut to 8 bytes. It names no key
 * (only the secret's holder can compute it) and lets a foreign key's blob be told apart from an
 * altered one.
 */
function bindingOf(purpose: SealPurpose, seal: SealKey): Buffer {
  return createHmac('sha256', keyOf(seal.secret))
    .update(`${purpose.bindingLabel}-key:${seal.keyId}`, 'utf8')
    .digest()
    .subarray(0, BINDING_BYTES);
}

/**
 * Seals a text as `binding | iv | ciphertext | tag`: AES-256-GCM with the SHA-256 of the secret
 * as key, a random 12-byte IV, and the purpose's format and the key binding as additional
 * authenticated data, so the bytes open only for this purpose under the API key that made them.
 */
export function sealBytes(plaintext: string, purpose: SealPurpose, seal: SealKey): Buffer {
  const binding = bindingOf(purpose, seal);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(seal.secret), iv);
  cipher.setAAD(Buffer.concat([purpose.format, binding]));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([binding, iv, ciphertext, cipher.getAuthTag()]);
}

/**
 * Opens bytes made by `sealBytes` for the same purpose with the secret or any previous one:
 * `other-key` when they were sealed under another API key, `unreadable` when they were altered,
 * cut, or sealed with a secret not in the keyring.
 */
export function openBytes(bytes: Buffer, purpose: SealPurpose, seal: SealKey): OpenedBytes {
  if (bytes.length < MIN_SEALED_BYTES) return { ok: false, reason: 'unreadable' };
  const binding = bytes.subarray(0, BINDING_BYTES);
  for (const secret of [seal.secret, ...(seal.previousSecrets ?? [])]) {
    const plaintext = decrypt(bytes, binding, purpose, secret);
    if (plaintext === undefined) continue;
    // The binding is authenticated: it opened, so it was made with this secret, for the key it names.
    if (!timingSafeEqual(binding, bindingOf(purpose, { secret, keyId: seal.keyId }))) {
      return { ok: false, reason: 'other-key' };
    }
    return { ok: true, plaintext };
  }
  return { ok: false, reason: 'unreadable' };
}

function decrypt(bytes: Buffer, binding: Buffer, purpose: SealPurpose, secret: string): string | undefined {
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyOf(secret),
      bytes.subarray(BINDING_BYTES, BINDING_BYTES + IV_BYTES),
    );
    decipher.setAAD(Buffer.concat([purpose.format, binding]));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(BINDING_BYTES + IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}
