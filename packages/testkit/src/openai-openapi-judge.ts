import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { RECORDED_DIR } from './recordings.js';

/**
 * A judge of Responses answers against OpenAI's published OpenAPI description: the component schemas that
 * `Response` and `ResponseStreamEvent` reach, extracted into recorded/openai-openapi/ by
 * scripts/extract-openai-openapi.mjs (which removes the OpenAPI-only keywords ajv rejects: `x-*`,
 * `discriminator`, `$recursiveAnchor`/`$recursiveRef`, `nullable`). Schemas compile once per process, and a
 * stream event is judged by the union member its `type` names (so its errors are that member's alone).
 */

const SCHEMAS_ID = 'https://interlingua.test/openai-openapi/responses-schemas.json';
const SCHEMAS_FILE = join(RECORDED_DIR, 'openai-openapi', 'responses-schemas.json');
const SCHEMA_REF_PREFIX = '#/components/schemas/';

/** One violation of OpenAI's description: where in the answer (`instancePath`), and what the rule says. */
export type OpenAiSchemaError = ErrorObject;

type SchemaNode = {
  $ref?: string;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  properties?: { type?: { enum?: unknown[] } };
};
interface Judges {
  compile(schemaName: string): ValidateFunction;
  /** Stream event `type` → the name of its member of the `ResponseStreamEvent` union. */
  streamEventSchemaNames: Map<string, string>;
  /** Output item `type` → the name of its member of the `OutputItem` union. */
  outputItemSchemaNames: Map<string, string>;
}

let judges: Judges | undefined;
const compiledByName = new Map<string, ValidateFunction>();

function loadJudges(): Judges {
  // Unknown keywords stay an error (strictSchema), so a keyword the extractor should have mapped fails loudly
  // here. strictTypes/strictRequired off: the description leaves `type: object` implicit beside `properties`
  // and lists `required` names whose properties another `allOf` branch defines.
  const ajv = new Ajv2020({
    strictSchema: true,
    strictNumbers: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    allErrors: true,
    // errors carry the refused value, so a caller can tell which known disagreement an error is
    verbose: true,
  });
  addFormats.default(ajv);
  // OpenAI's own format for Unix timestamps in seconds.
  ajv.addFormat('unixtime', { type: 'number', validate: (value: number) => Number.isFinite(value) });
  // The file keeps the description's `#/components/schemas/...` layout, so refs stay as published.
  ajv.addKeyword('components');
  const document = JSON.parse(readFileSync(SCHEMAS_FILE, 'utf8')) as {
    components: { schemas: Record<string, SchemaNode> };
  };
  ajv.addSchema({ ...document, $id: SCHEMAS_ID });
  const schemas = document.components.schemas;
  /** A union's members by the one `type` value each allows. */
  const membersByType = (unionName: string): Map<string, string> => {
    const members = new Map<string, string>();
    const union = schemas[unionName];
    for (const member of union?.anyOf ?? union?.oneOf ?? []) {
      const name = member.$ref?.slice(SCHEMA_REF_PREFIX.length) ?? '';
      const [memberType] = schemas[name]?.properties?.type?.enum ?? [];
      if (typeof memberType === 'string') members.set(memberType, name);
    }
    return members;
  };
  return {
    compile: (schemaName) => ajv.compile({ $ref: `${SCHEMAS_ID}${SCHEMA_REF_PREFIX}${schemaName}` }),
    streamEventSchemaNames: membersByType('ResponseStreamEvent'),
    outputItemSchemaNames: membersByType('OutputItem'),
  };
}

function judgeOf(schemaName: string): ValidateFunction {
  judges ??= loadJudges();
  let validate = compiledByName.get(schemaName);
  if (validate === undefined) {
    validate = judges.compile(schemaName);
    compiledByName.set(schemaName, validate);
  }
  return validate;
}

function errorsOf(validate: ValidateFunction, value: unknown): OpenAiSchemaError[] {
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

const typeOf = (value: unknown): unknown => (value as { type?: unknown } | null)?.type;

/** Judges `value` by the member of a union its `type` names, or by the whole union when none does. */
function errorsByMember(members: Map<string, string>, unionName: string, value: unknown): OpenAiSchemaError[] {
  const type = typeOf(value);
  const memberName = typeof type === 'string' ? members.get(type) : undefined;
  return errorsOf(judgeOf(memberName ?? unionName), value);
}

function underPath(prefix: string, errors: OpenAiSchemaError[]): OpenAiSchemaError[] {
  return errors.map((error) => ({ ...error, instancePath: prefix + error.instancePath }));
}

/**
 * A union's errors name every member the value failed; these keep, for each nested output item and answer,
 * only the errors of the member its `type` names. Should that leave nothing (an item that matches two
 * members of a oneOf), the union's own errors stand.
 */
function narrowed(
  errors: OpenAiSchemaError[],
  nested: Array<[string, () => OpenAiSchemaError[]]>,
): OpenAiSchemaError[] {
  if (errors.length === 0) return errors;
  const isNested = (path: string) => nested.some(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
  const kept = errors.filter((error) => !isNested(error.instancePath));
  const precise = [...kept, ...nested.flatMap(([prefix, judge]) => underPath(prefix, judge()))];
  return precise.length > 0 ? precise : errors;
}

function outputItemErrors(item: unknown): OpenAiSchemaError[] {
  judges ??= loadJudges();
  return errorsByMember(judges.outputItemSchemaNames, 'OutputItem', item);
}

/** The ways a Responses answer body (`object: "response"`) breaks OpenAI's `Response` schema; [] when valid. */
export function validateOpenAiResponse(body: unknown): OpenAiSchemaError[] {
  const output = (body as { output?: unknown } | null)?.output;
  const items = Array.isArray(output) ? output : [];
  return narrowed(
    errorsOf(judgeOf('Response'), body),
    items.map((item, index) => [`/output/${index}`, () => outputItemErrors(item)]),
  );
}

/**
 * The ways one streamed Responses event (an SSE `data:` JSON object) breaks `ResponseStreamEvent`; [] when
 * valid. An event whose `type` the union does not list is judged against the whole union.
 */
export function validateOpenAiResponseStreamEvent(event: unknown): OpenAiSchemaError[] {
  judges ??= loadJudges();
  const { item, response } = (event ?? {}) as { item?: unknown; response?: unknown };
  const nested: Array<[string, () => OpenAiSchemaError[]]> = [];
  if (item !== undefined) nested.push(['/item', () => outputItemErrors(item)]);
  if (response !== undefined) nested.push(['/response', () => validateOpenAiResponse(response)]);
  return narrowed(errorsByMember(judges.streamEventSchemaNames, 'ResponseStreamEvent', event), nested);
}

/** Errors as short lines (`/output/0: must have required property 'status'`) for test messages. */
export function describeOpenAiSchemaErrors(errors: readonly OpenAiSchemaError[]): string {
  return errors
    .map(
      (error) =>
        `${error.instancePath || '/'}: ${error.message ?? error.keyword} (${error.schemaPath.replace(SCHEMAS_ID, '')})`,
    )
    .join('\n');
}
