import { asRecord } from '@interlingua/ir-utils';

/**
 * Subtrees that hold caller data rather than API fields (function arguments, schemas, user
 * metadata): their keys are never renamed.
 */
const OPAQUE_FIELDS = new Set([
  'args',
  'response',
  'parameters',
  'parametersJsonSchema',
  'responseSchema',
  'responseJsonSchema',
  'partMetadata',
  'labels',
]);

function camelCase(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Google's proto-JSON parser accepts both `system_instruction` and `systemInstruction`; some
 * clients (and gateways) send snake_case. This renames snake_case API fields to the camelCase
 * the converters read, leaving caller data (function args, schemas) untouched. When both
 * spellings are present the camelCase one wins. Returns the input itself when nothing changed.
 *
 * @see https://protobuf.dev/programming-guides/json/ (JSON field names: both accepted)
 */
export function normalizeGeminiFieldNames(value: unknown): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const next = normalizeGeminiFieldNames(item);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  const record = asRecord(value);
  if (!record) return value;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    const name = key.includes('_') ? camelCase(key) : key;
    if (name !== key) {
      changed = true;
      if (name in record) continue;
    }
    const next = OPAQUE_FIELDS.has(name) ? item : normalizeGeminiFieldNames(item);
    if (next !== item) changed = true;
    out[name] = next;
  }
  return changed ? out : value;
}
