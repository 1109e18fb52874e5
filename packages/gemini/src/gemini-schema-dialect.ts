import { asRecord } from '@interlingua/ir-utils';

/**
 * Gemini's classic `parameters` / `responseSchema` use an OpenAPI 3.0 subset (`type: "OBJECT"`,
 * `nullable: true`); the IR carries JSON Schema. These two functions translate the spelling of
 * types and nullability and leave every other keyword as it is.
 *
 * @see https://ai.google.dev/api/caching#Schema
 */
type Schema = Record<string, unknown>;

const NESTED_SCHEMA_MAPS = ['properties'] as const;
const NESTED_SCHEMA_LISTS = ['anyOf', 'prefixItems'] as const;

function mapNested(schema: Schema, convert: (child: Schema) => Schema): Schema {
  const out: Schema = { ...schema };
  for (const key of NESTED_SCHEMA_MAPS) {
    const map = asRecord(schema[key]);
    if (!map) continue;
    const next: Schema = {};
    for (const [name, child] of Object.entries(map)) {
      const childRecord = asRecord(child);
      next[name] = childRecord ? convert(childRecord) : child;
    }
    out[key] = next;
  }
  for (const key of NESTED_SCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) out[key] = list.map((child) => (asRecord(child) ? convert(child as Schema) : child));
  }
  const items = asRecord(schema.items);
  if (items) out.items = convert(items);
  return out;
}

/** OpenAPI-subset schema (Gemini `parameters`) -> JSON Schema. */
export function openApiSchemaToJsonSchema(schema: Schema): Schema {
  const out = mapNested(schema, openApiSchemaToJsonSchema);
  if (typeof schema.type === 'string') {
    const type = schema.type.toLowerCase();
    out.type = schema.nullable === true ? [type, 'null'] : type;
    if (schema.nullable === true) delete out.nullable;
  }
  return out;
}

/** JSON Schema -> OpenAPI-subset schema (Gemini `parameters`). */
export function jsonSchemaToOpenApiSchema(schema: Schema): Schema {
  const out = mapNested(schema, jsonSchemaToOpenApiSchema);
  if (typeof schema.type === 'string') out.type = schema.type.toUpperCase();
  else if (Array.isArray(schema.type)) {
    const types = schema.type.filter((t): t is string => typeof t === 'string' && t !== 'null');
    if (types.length === 1 && types[0] !== undefined) {
      out.type = types[0].toUpperCase();
      if (schema.type.includes('null')) out.nullable = true;
    }
  }
  return out;
}
