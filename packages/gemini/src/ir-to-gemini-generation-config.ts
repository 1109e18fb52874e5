import type { IrReasoningConfig, IrRequest, IrResponseFormat, IrWarning } from '@interlingua/ir';
import type { GeminiRequestExtensions } from './gemini-extensions.js';
import type { GeminiGenerationConfig, GeminiThinkingConfig } from './gemini-request-schema.js';
import { jsonSchemaToOpenApiSchema } from './gemini-schema-dialect.js';
import {
  IR_EFFORT_TO_GEMINI_BUDGET,
  IR_EFFORT_TO_GEMINI_THINKING_LEVEL,
  usesGeminiThinkingLevel,
} from './map/gemini-thinking.js';

/** Gemini accepts at most five stop sequences. */
export const GEMINI_MAX_STOP_SEQUENCES = 5;

/** IR sampling, limits, response format and reasoning -> `generationConfig` (undefined when empty). */
export function irGenerationConfigToGemini(
  ir: IrRequest,
  extensions: GeminiRequestExtensions,
  warnings: IrWarning[],
): GeminiGenerationConfig | undefined {
  const config: GeminiGenerationConfig = { ...extensions.generationConfig };
  const { stopSequences, ...sampling } = ir.sampling;
  for (const [field, value] of Object.entries(sampling)) if (value !== undefined) config[field] = value;
  if (stopSequences !== undefined) {
    if (stopSequences.length > GEMINI_MAX_STOP_SEQUENCES) {
      warnings.push({
        kind: 'approximated',
        field: 'sampling.stopSequences',
        message: `Gemini accepts at most ${GEMINI_MAX_STOP_SEQUENCES} stop sequences: the first ${GEMINI_MAX_STOP_SEQUENCES} were sent`,
      });
    }
    config.stopSequences = stopSequences.slice(0, GEMINI_MAX_STOP_SEQUENCES);
  }
  if (ir.maxOutputTokens !== undefined) config.maxOutputTokens = ir.maxOutputTokens;
  if (ir.candidateCount !== undefined) config.candidateCount = ir.candidateCount;
  if (ir.responseFormat) Object.assign(config, responseFormatToGemini(ir.responseFormat, extensions));
  if (ir.reasoning) config.thinkingConfig = reasoningToGemini(ir.reasoning, ir.model, extensions, warnings);
  return Object.keys(config).length > 0 ? config : undefined;
}

function responseFormatToGemini(format: IrResponseFormat, extensions: GeminiRequestExtensions): GeminiGenerationConfig {
  switch (format.type) {
    case 'text':
      return { responseMimeType: 'text/plain' };
    case 'json-object':
      return { responseMimeType: 'application/json' };
    case 'json-schema':
      return extensions.openApiResponseSchema
        ? { responseMimeType: 'application/json', responseSchema: jsonSchemaToOpenApiSchema(format.schema) }
        : { responseMimeType: 'application/json', responseJsonSchema: format.schema };
  }
}

/**
 * IR reasoning -> `thinkingConfig`. A budget is sent as `thinkingBudget`; an effort alone as
 * `thinkingLevel` on Gemini 3+ and as a budget (by table) before; "off" is budget 0 (Gemini 3
 * cannot switch thinking off: `MINIMAL`); "on" with nothing else is the dynamic budget -1.
 * Thought summaries are asked for unless `summary` is `none`.
 */
function reasoningToGemini(
  reasoning: IrReasoningConfig,
  model: string,
  extensions: GeminiRequestExtensions,
  warnings: IrWarning[],
): GeminiThinkingConfig {
  const config: GeminiThinkingConfig = { ...extensions.thinkingConfig };
  const byLevel = usesGeminiThinkingLevel(model);
  const offOnGemini3 = (): void => {
    config.thinkingLevel = 'MINIMAL';
    warnings.push({
      kind: 'approximated',
      field: 'reasoning',
      message: 'Gemini 3 cannot switch thinking off: the MINIMAL level was sent',
    });
  };
  const off =
    reasoning.enabled === false ||
    reasoning.budgetTokens === 0 ||
    (reasoning.budgetTokens === undefined && reasoning.effort === 'none');
  if (off) {
    if (byLevel) offOnGemini3();
    else config.thinkingBudget = 0;
  } else if (reasoning.budgetTokens !== undefined) config.thinkingBudget = reasoning.budgetTokens;
  else if (reasoning.effort !== undefined) {
    if (byLevel) config.thinkingLevel = IR_EFFORT_TO_GEMINI_THINKING_LEVEL[reasoning.effort];
    else config.thinkingBudget = IR_EFFORT_TO_GEMINI_BUDGET[reasoning.effort];
  } else if (reasoning.enabled === true) config.thinkingBudget = -1;
  if (!off && reasoning.summary !== 'none') config.includeThoughts = true;
  return config;
}
