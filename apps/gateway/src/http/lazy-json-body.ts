import type { ScannedField } from './json-body-scan.js';

/** A large top-level value not parsed yet: where it lies in the body's bytes. */
export interface PendingField {
  bytes: Buffer;
  field: ScannedField;
}

/** The values of each lazy body still waiting to be parsed, by key. */
const pendingByBody = new WeakMap<object, Map<string, PendingField>>();

/** A top-level value parsed from its bytes (slices start and end on ASCII bytes, so no character is cut). */
function parseField(bytes: Buffer, field: ScannedField): unknown {
  return JSON.parse(bytes.toString('utf8', field.start, field.end)) as unknown;
}

/**
 * The object `JSON.parse` would give for a scanned body, with the values of `lazyKeys` that are
 * arrays or objects of at least `minLazyBytes` parsed only when first read (a getter that then
 * becomes a plain property). Every other value is parsed at once; keys keep their order, so a
 * spread, `JSON.stringify` or `in` sees the same object as the parser's.
 */
export function lazyJsonObject(
  bytes: Buffer,
  fields: readonly ScannedField[],
  lazyKeys: ReadonlySet<string>,
  minLazyBytes: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let pending: Map<string, PendingField> | undefined;
  for (const field of fields) {
    const container = field.first === 0x5b || field.first === 0x7b;
    if (!container || !lazyKeys.has(field.key) || field.end - field.start < minLazyBytes) {
      out[field.key] = parseField(bytes, field);
      continue;
    }
    const waiting = (pending ??= new Map());
    waiting.set(field.key, { bytes, field });
    const settle = (value: unknown): void => {
      waiting.delete(field.key);
      Object.defineProperty(out, field.key, { value, writable: true, enumerable: true, configurable: true });
    };
    Object.defineProperty(out, field.key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = parseField(bytes, field);
        settle(value);
        return value;
      },
      set: settle,
    });
  }
  if (pending) pendingByBody.set(out, pending);
  return out;
}

/** Where `key`'s value lies when `body` is a lazy body that has not parsed it yet. */
export function pendingField(body: object, key: string): PendingField | undefined {
  return pendingByBody.get(body)?.get(key);
}

/**
 * The body without the values still waiting to be parsed (the body itself when none wait): for
 * checks that read other fields but would pass every field on (a loose schema copies them all).
 */
export function parsedFieldsOf(body: Record<string, unknown>): Record<string, unknown> {
  const pending = pendingByBody.get(body);
  if (!pending || pending.size === 0) return body;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(body)) if (!pending.has(key)) out[key] = body[key];
  return out;
}

/**
 * A stand-in of the same kind for a waiting value, for checks of its type only: an empty or a
 * one-element array, or an empty object.
 */
export function shapeOf(pending: PendingField): unknown[] | Record<string, never> {
  if (pending.field.first === 0x7b) return {};
  return pending.field.empty ? [] : [null];
}
