/**
 * @interlingua/openai-responses/internal: what the gateway and the other Interlingua packages share with this
 * style beyond its public surface (request limits, answer usage for the gateway's usage counters,
 * the style-only entries of the compatibility report, helpers of the translation). No stability
 * promise: users import `@interlingua/openai-responses`.
 */
export { checkOpenAiResponsesRequestLimits, openAiResponsesRequestBodyToIr } from './openai-responses-request-to-ir.js';
export { openAiResponsesRequestSchema } from './openai-responses-request-schema.js';
export { irPartsToOutputItems } from './ir-to-openai-responses-response.js';
export { INTERLINGUA_COMPACTION_PREFIX } from './openai-responses-input-to-ir.js';
export { openAiResponsesAnswerUsage } from './openai-responses-answer-usage.js';
export { openAiResponsesStyleOnlyEntries, type OpenAiResponsesStyleOnlyEntry } from './openai-responses-style-only.js';
export { readPlainOpenAiResponsesRequest } from './openai-responses-plain-request.js';
export { OPENAI_RESPONSES_BODY_FIELDS, OPENAI_RESPONSES_STREAM_FIELDS } from './openai-responses-wire-fields.js';
