import type { IrReasoningConfig, IrResponseFormat, IrSampling } from '@interlingua/ir';
import type { GeminiRequestExtensions } from './gemini-extensions.js';
import { extraFields } from './gemini-extensions.js';
import type { GeminiGenerationConfig, GeminiThinkingConfig } from './gemini-request-schema.js';
import { openApiSchemaToJsonSchema } from './gemini-schema-dialect.js';
import {
  GEMINI_THINKING_LEVEL_TO_IR_EFFORT,
  geminiBudgetToEffort,
  toGeminiThinkingLevel,
} from './map/gemini-thinking.js';

const SAMPLING_FIELDS = [
  'temperature',
  'topP',
  'topK',
  'presencePenalty',
  'frequencyPenalty',
  'seed',
  'stopSequences',
] as const;
const MAPPED_FIELDS = new Set<string>([...SAMPLING_FIELDS, 'maxOutputTokens', 'candidateCount', 'thinkingConfig']);
const FORMAT_FIELDS = ['responseMimeType', 'responseSchema', 'responseJsonSchema'] as const;
const THINKING_FIELDS = new Set(['includeThoughts', 'thinkingBudget', 'thinkingLevel']);

export interface GeminiGenerationIr {
  sampling: IrSampling;
  maxOutputTokens?: number;
  candidateCount?: number;
  responseFormat?: IrResponseFormat;
  reasoning?: IrReasoningConfig;
  extensions: GeminiRequestExtensions;
}

/** `generationConfig` -> IR sampling, limits, response format and reasoning; the rest to extensions. */
export function geminiGenerationConfigToIr(config: GeminiGenerationConfig | undefined): GeminiGenerationIr {
  const result: GeminiGenerationIr = { sampling: {}, extensions: {} };
  if (!config) return result;
  for (const field of SAMPLING_FIELDS) {
    const value = config[field];
    if (value !== undefined) Object.assign(result.sampling, { [field]: value });
  }
  if (config.maxOutputTokens !== undefined) result.maxOutputTokens = config.maxOutputTokens;
  if (config.candidateCount !== undefined) result.candidateCount = config.candidateCount;
  const format = responseFormatToIr(config, result.extensions);
  const known = new Set<string>(MAPPED_FIELDS);
  if (format) {
    result.responseFormat = format;
    for (const field of FORMAT_FIELDS) known.add(field);
  }
  if (config.thinkingConfig) result.reasoning = thinkingToIr(config.thinkingConfig, result.extensions);
  const extras = extraFields(config, known);
  if (extras) result.extensions.generationConfig = extras;
  return result;
}

/**
 * `responseMimeType: application/json` + `responseJsonSchema` (or OpenAPI `responseSchema`) ->
 * json-schema named `response`; without a schema -> json-object; `text/plain` -> text. Other
 * media types (`text/x.enum`) have no IR value and stay in extensions.
 */
function responseFormatToIr(
  config: GeminiGenerationConfig,
  extensions: GeminiRequestExtensions,
): IrResponseFormat | undefined {
  const mimeType = config.responseMimeType?.toLowerCase();
  if (mimeType === 'text/plain' && !config.responseSchema && !config.responseJsonSchema) return { type: 'text' };
  if (mimeType !== 'application/json') return undefined;
  if (config.responseJsonSchema) return { type: 'json-schema', name: 'response', schema: config.responseJsonSchema };
  if (config.responseSchema) {
    extensions.openApiResponseSchema = true;
    return { type: 'json-schema', name: 'response', schema: openApiSchemaToJsonSchema(config.responseSchema) };
  }
  return { type: 'json-object' };
}

/**
 * `thinkingConfig` -> IR reasoning: budget 0 is "off", -1 (dynamic) is "on" with no budget, a
 * positive budget keeps its number and an effort bucket; `thinkingLevel` gives the effort.
 * `includeThoughts: true` asks for thought summaries (`summary: 'auto'`), anything else is
 * `summary: 'none'` (Gemini's default is no thoughts).
 */
function thinkingToIr(config: GeminiThinkingConfig, extensions: GeminiRequestExtensions): IrReasoningConfig {
  const reasoning: IrReasoningConfig = {};
  const budget = config.thinkingBudget;
  if (budget === 0) {
    reasoning.enabled = false;
    reasoning.effort = 'none';
  } else if (budget !== undefined) {
    reasoning.enabled = true;
    const effort = geminiBudgetToEffort(budget);
    if (effort) {
      reasoning.effort = effort;
      reasoning.budgetTokens = budget;
    }
  }
  const extras: Record<string, unknown> = { ...extraFields(config, THINKING_FIELDS) };
  if (config.thinkingLevel !== undefined) {
    const level = toGeminiThinkingLevel(config.thinkingLevel);
    if (level) {
      reasoning.enabled = true;
      reasoning.effort = GEMINI_THINKING_LEVEL_TO_IR_EFFORT[level];
    } else extras.thinkingLevel = config.thinkingLevel;
  }
  if (Object.keys(extras).length > 0) extensions.thinkingConfig = extras;
  reasoning.summary = config.includeThoughts === true ? 'auto' : 'none';
  return reasoning;
}
