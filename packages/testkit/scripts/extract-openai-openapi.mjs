#!/usr/bin/env node
// Extracts from OpenAI's published OpenAPI description (github.com/openai/openai-openapi, MIT) only the
// component schemas that the Responses answer (`Response`) and the Responses stream event union
// (`ResponseStreamEvent`) reach through `$ref`, and writes them as JSON Schema 2020-12 for the testkit judge.
//
//   node packages/testkit/scripts/extract-openai-openapi.mjs <openai-openapi git dir | openapi.yaml> [commit]
//
// What is dropped or rewritten, schema by schema:
// - documentation only (keeps the file small): description, title, example, examples, default, deprecated;
// - OpenAPI-only keywords that ajv's 2020-12 dialect rejects in strict mode: every `x-*` vendor extension
//   (x-oaiMeta, x-stainless-const, ...) and `discriminator` (an OpenAPI hint; the oneOf/anyOf it annotates
//   still decides validity);
// - `$recursiveAnchor`/`$recursiveRef: "#"` (draft 2019-09, gone in 2020-12) become a plain `$ref` to the
//   component that holds them;
// - `nullable: true` (OpenAPI 3.0) would become `type: [T, "null"]`; the 3.1 description uses `type: "null"`
//   branches instead, so the rule is there for a future spec only.
// `format` stays (ajv-formats knows most; the judge registers OpenAI's `unixtime`).
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT_SCHEMAS = ['Response', 'ResponseStreamEvent'];
const DROPPED_KEYS = new Set([
  'description',
  'title',
  'example',
  'examples',
  'default',
  'deprecated',
  'discriminator',
  '$recursiveAnchor',
]);
const SCHEMA_REF_PREFIX = '#/components/schemas/';
const OUTPUT = join(dirname(fileURLToPath(import.meta.url)), '../recorded/openai-openapi/responses-schemas.json');

function readSpec(source, commitArgument) {
  if (statSync(source).isDirectory()) {
    const git = (...args) =>
      execFileSync('git', ['-C', source, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return { yaml: git('show', 'HEAD:openapi.yaml'), commit: git('rev-parse', 'HEAD').trim() };
  }
  return { yaml: readFileSync(source, 'utf8'), commit: commitArgument ?? 'unknown' };
}

/** The schema with documentation and OpenAPI-only keywords removed; `refs` collects the component names it uses. */
function cleanSchema(node, ownerName, refs) {
  if (Array.isArray(node)) return node.map((item) => cleanSchema(item, ownerName, refs));
  if (node === null || typeof node !== 'object') return node;
  const cleaned = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED_KEYS.has(key) || key.startsWith('x-')) continue;
    if (key === 'properties' || key === '$defs' || key === 'patternProperties') {
      cleaned[key] = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, cleanSchema(schema, ownerName, refs)]),
      );
    } else if (key === '$ref') {
      refs.add(value.slice(SCHEMA_REF_PREFIX.length));
      cleaned.$ref = value;
    } else if (key === '$recursiveRef') {
      cleaned.$ref = SCHEMA_REF_PREFIX + ownerName;
    } else if (key === 'nullable') {
      continue;
    } else {
      cleaned[key] = cleanSchema(value, ownerName, refs);
    }
  }
  if (node.nullable === true && typeof cleaned.type === 'string') cleaned.type = [cleaned.type, 'null'];
  return cleaned;
}

function reachableSchemas(allSchemas) {
  const extracted = new Map();
  const pending = [...ROOT_SCHEMAS];
  while (pending.length > 0) {
    const name = pending.shift();
    if (extracted.has(name)) continue;
    if (!(name in allSchemas)) throw new Error(`schema ${name} is referenced but not defined`);
    const refs = new Set();
    extracted.set(name, cleanSchema(allSchemas[name], name, refs));
    pending.push(...refs);
  }
  return [...extracted].sort(([a], [b]) => a.localeCompare(b));
}

const [source, commitArgument] = process.argv.slice(2);
if (!source) {
  console.error('usage: extract-openai-openapi.mjs <openai-openapi git dir | openapi.yaml> [commit]');
  process.exit(2);
}
const { yaml, commit } = readSpec(source, commitArgument);
const spec = parse(yaml, { maxAliasCount: -1 });
const schemas = reachableSchemas(spec.components.schemas);
const header =
  `Extracted by packages/testkit/scripts/extract-openai-openapi.mjs from github.com/openai/openai-openapi ` +
  `openapi.yaml (OpenAPI ${spec.openapi}, MIT License, Copyright (c) OpenAI) at commit ${commit}: ` +
  `the component schemas reachable from ${ROOT_SCHEMAS.join(' and ')}, documentation keywords removed.`;
// One schema per line: small on disk, yet a refresh shows in a diff as the schemas that changed.
const lines = schemas.map(([name, schema]) => `${JSON.stringify(name)}:${JSON.stringify(schema)}`);
const body = `{"$comment":${JSON.stringify(header)},\n"components":{"schemas":{\n${lines.join(',\n')}\n}}}\n`;
writeFileSync(OUTPUT, body);
console.log(`${schemas.length} schemas, ${Buffer.byteLength(body)} bytes -> ${OUTPUT}`);
