/**
 * @interlingua/gemini/internal: what the gateway and the other Interlingua packages share with this
 * style beyond its public surface (request limits, answer usage for the gateway's usage counters,
 * the style-only entries of the compatibility report, helpers of the translation). No stability
 * promise: users import `@interlingua/gemini`.
 */
export { checkGeminiRequestLimits } from './gemini-request-to-ir.js';
export { normalizeGeminiFieldNames } from './gemini-field-names.js';
export { openApiSchemaToJsonSchema, jsonSchemaToOpenApiSchema } from './gemini-schema-dialect.js';
export { GEMINI_SKIP_SIGNATURE } from './ir-to-gemini-contents.js';
export { GEMINI_MEDIA_TYPE_BY_EXTENSION } from './map/gemini-media-type.js';
export { geminiAnswerUsage } from './gemini-answer-usage.js';
export { geminiStyleOnlyEntries } from './gemini-style-only.js';
export { GEMINI_BODY_FIELDS, GEMINI_FILE_URI, GEMINI_STREAM_FIELDS } from './gemini-wire-fields.js';
