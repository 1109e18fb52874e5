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

type SchemaNode = { $ref?: string; anyOf?: SchemaNode[]; properties?: { type?: { enum?: unknown[] } } };
interface Judges {
  compile(schemaName: string): ValidateFunction;
  /** Stream event `type` → the name of its member of the `ResponseStreamEvent` union. */
  streamEventSchemaNames: Map<string, string>;
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
  const streamEventSchemaNames = new Map<string, string>();
  for (const member of schemas.ResponseStreamEvent?.anyOf ?? []) {
    const name = member.$ref?.slice(SCHEMA_REF_PREFIX.length) ?? '';
    const [eventType] = schemas[name]?.properties?.type?.enum ?? [];
    if (typeof eventType === 'string') streamEventSchemaNames.set(eventType, name);
  }
  return {
    compile: (schemaName) => ajv.compile({ $ref: `${SCHEMAS_ID}${SCHEMA_REF_PREFIX}${schemaName}` }),
    streamEventSchemaNames,
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

/** The ways a Responses answer body (`object: "response"`) breaks OpenAI's `Response` schema; [] when valid. */
export function validateOpenAiResponse(body: unknown): OpenAiSchemaError[] {
  return errorsOf(judgeOf('Response'), body);
}

/**
 * The ways one streamed Responses event (an SSE `data:` JSON object) breaks `ResponseStreamEvent`; [] when
 * valid. An event whose `type` the union does not list is judged against the whole union.
 */
export function validateOpenAiResponseStreamEvent(event: unknown): OpenAiSchemaError[] {
  judges ??= loadJudges();
  const eventType = (event as { type?: unknown } | null)?.type;
  const memberName = typeof eventType === 'string' ? judges.streamEventSchemaNames.get(eventType) : undefined;
  return errorsOf(judgeOf(memberName ?? 'ResponseStreamEvent'), event);
}

/** Errors as short lines (`/output/0/status: must have required property 'status'`) for test messages. */
export function describeOpenAiSchemaErrors(errors: readonly OpenAiSchemaError[]): string {
  return errors
    .map((error) => `${error.instancePath || '/'}: ${error.message ?? error.keyword} (${error.schemaPath})`)
    .join('\n');
}
