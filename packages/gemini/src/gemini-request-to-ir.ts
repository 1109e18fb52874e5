import type { IrMessage, IrRequest, IrWarning, Result } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';
import { geminiContentsToIr, geminiSystemInstructionToIr } from './gemini-contents-to-ir.js';
import type { GeminiRequestExtensions } from './gemini-extensions.js';
import { extraFields, stripUndefined } from './gemini-extensions.js';
import { normalizeGeminiFieldNames } from './gemini-field-names.js';
import { geminiGenerationConfigToIr } from './gemini-generation-config-to-ir.js';
import type { GeminiContent, GeminiRequest } from './gemini-request-schema.js';
import { geminiRequestLimitsSchema, geminiRequestSchema } from './gemini-request-schema.js';
import { geminiToolsToIr } from './gemini-tools-to-ir.js';
import { parseGeminiWire } from './gemini-validation-error.js';

const MAPPED_FIELDS = new Set([
  'contents',
  'systemInstruction',
  'tools',
  'toolConfig',
  'generationConfig',
  'model',
  'cachedContent',
]);

/**
 * Checks only the fields of a `GenerateContentRequest` that have limits (sampling ranges,
 * function names), snake_case or camelCase, for a body forwarded without being decoded. Throws
 * the `invalid-request` error `geminiRequestToIr` would.
 */
export function checkGeminiRequestLimits(wire: unknown): void {
  const body = asRecord(wire) ?? {};
  const limited = {
    tools: body.tools,
    toolConfig: body.toolConfig ?? body.tool_config,
    generationConfig: body.generationConfig ?? body.generation_config,
  };
  parseGeminiWire(geminiRequestLimitsSchema, normalizeGeminiFieldNames(limited));
}

/**
 * A `GenerateContentRequest` body -> IR request. The body names no model and no stream flag
 * (both live in the URL): `model` is `''` (or the body's `model` field, as in `countTokens`'
 * `generateContentRequest`, without its `models/` prefix) and `stream` is false; the gateway
 * sets both. snake_case field names are accepted. Throws `invalid-request` naming the bad field.
 */
export function geminiRequestToIr(wire: unknown): Result<IrRequest> {
  const request: GeminiRequest = parseGeminiWire(geminiRequestSchema, normalizeGeminiFieldNames(wire));
  const warnings: IrWarning[] = [];
  const messages: IrMessage[] = [];
  if (request.systemInstruction) {
    const system = geminiSystemInstructionToIr(request.systemInstruction.parts, warnings);
    if (system) messages.push(system);
  }
  messages.push(...geminiContentsToIr(request.contents, warnings));
  const tools = geminiToolsToIr(request.tools, request.toolConfig);
  const generation = geminiGenerationConfigToIr(request.generationConfig);
  const ir: IrRequest = { model: modelName(request.model), messages, sampling: generation.sampling, stream: false };
  if (tools.tools) ir.tools = tools.tools;
  // Gemini's search takes no settings the IR keeps; `googleSearchRetrieval` is the Gemini 1.5 form.
  if (tools.extensions.tools?.some((tool) => 'googleSearch' in tool || 'googleSearchRetrieval' in tool))
    ir.webSearch = {};
  if (tools.toolChoice) ir.toolChoice = tools.toolChoice;
  if (generation.responseFormat) ir.responseFormat = generation.responseFormat;
  if (generation.maxOutputTokens !== undefined) ir.maxOutputTokens = generation.maxOutputTokens;
  if (generation.candidateCount !== undefined) ir.candidateCount = generation.candidateCount;
  if (generation.reasoning) ir.reasoning = generation.reasoning;
  if (request.cachedContent !== undefined) ir.promptCache = { cachedContent: request.cachedContent };
  const extensions: GeminiRequestExtensions = stripUndefined({
    ...tools.extensions,
    ...generation.extensions,
    fields: extraFields(request, MAPPED_FIELDS),
    functionCallIds: hasFunctionCallIds(request.contents) || undefined,
    systemInstructionRole: request.systemInstruction?.role,
  });
  if (Object.keys(extensions).length > 0) ir.extensions = { gemini: { ...extensions } };
  return { value: ir, warnings };
}

function modelName(model: unknown): string {
  return typeof model === 'string' ? model.replace(/^models\//, '') : '';
}

function hasFunctionCallIds(contents: GeminiContent[]): boolean {
  return contents.some((content) =>
    content.parts.some((part) => part.functionCall?.id !== undefined || part.functionResponse?.id !== undefined),
  );
}
