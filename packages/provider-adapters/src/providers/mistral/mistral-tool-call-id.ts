const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ID_LENGTH = 9;
const VALID_ID = /^[A-Za-z0-9]{9}$/;
const MASK_64 = (1n << 64n) - 1n;
const ID_SPACE = BigInt(ALPHABET.length) ** BigInt(ID_LENGTH);

/** FNV-1a over the UTF-8 bytes, then a 64-bit finaliser so similar ids spread apart. */
function hash64(text: string): bigint {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & MASK_64;
  }
  hash = ((hash ^ (hash >> 33n)) * 0xff51afd7ed558ccdn) & MASK_64;
  hash = ((hash ^ (hash >> 33n)) * 0xc4ceb9fe1a85ec53n) & MASK_64;
  return hash ^ (hash >> 33n);
}

/** Whether Mistral accepts `id` as a tool-call id: exactly 9 characters of `[a-zA-Z0-9]`. */
export function isMistralToolCallId(id: string): boolean {
  return VALID_ID.test(id);
}

/**
 * A tool-call id Mistral accepts, derived deterministically from any id: ids that already are
 * 9 alphanumeric characters (Mistral's own) are returned unchanged, others are hashed to 9
 * base-62 characters. The same input always gives the same output, so an assistant
 * `tool_calls[].id` and the `tool_call_id` answering it stay paired without any state.
 * @see https://docs.mistral.ai/capabilities/function_calling/
 */
export function toMistralToolCallId(id: string): string {
  if (isMistralToolCallId(id)) return id;
  let value = hash64(id) % ID_SPACE;
  let out = '';
  for (let i = 0; i < ID_LENGTH; i++) {
    const digit = Number(value % 62n);
    out = ALPHABET.charAt(digit) + out;
    value /= 62n;
  }
  return out;
}

/**
 * The inverse of `toMistralToolCallId` over ids the caller knows (e.g. the tool-call ids of the
 * request it sent): returns a lookup that gives back the original id for a mapped one, and any
 * other id unchanged. Hashing is one-way, so reversing needs the originals.
 */
export function mistralToolCallIdLookup(originalIds: Iterable<string>): (mistralId: string) => string {
  const originals = new Map<string, string>();
  for (const id of originalIds) originals.set(toMistralToolCallId(id), id);
  return (mistralId) => originals.get(mistralId) ?? mistralId;
}
