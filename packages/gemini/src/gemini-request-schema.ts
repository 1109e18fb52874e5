import * as z from 'zod/mini';
import { safeInt } from '@interlingua/ir-utils';
import './zod-english.js';
import { MAX_TOOL_NAME_LENGTH } from '@interlingua/ir';
import { jsonObjectSchema as jsonObject } from './gemini-schema-parts.js';

/**
 * Inbound Gemini `GenerateContentRequest` schemas (v1beta, camelCase as `@google/genai` sends
 * them). Every object is loose: unknown fields survive parsing and are kept in
 * `ir.extensions.gemini` by the request converter.
 *
 * @see https://ai.google.dev/api/generate-content#request-body
 */

/** `inlineData`: base64 bytes with their media type. */
export const geminiInlineDataSchema = z.looseObject({ mimeType: z.string(), data: z.string() });

/** `fileData`: a file by URI (Files API, `gs://` or https). */
export const geminiFileDataSchema = z.looseObject({
  mimeType: z.optional(z.string()),
  fileUri: z.string(),
  displayName: z.optional(z.string()),
});

/** A call the model made: `args` is a JSON object. `id` is usually absent on the Gemini API. */
export const geminiFunctionCallSchema = z.looseObject({
  id: z.optional(z.string()),
  name: z.string(),
  args: z.nullish(jsonObject),
});

/** Media attached to a function response (Gemini 3 multimodal function responses). */
export const geminiFunctionResponsePartSchema = z.looseObject({
  inlineData: z.optional(geminiInlineDataSchema),
  fileData: z.optional(geminiFileDataSchema),
});

/** The answer to a function call, paired with it by `name` (and `id` when present). */
export const geminiFunctionResponseSchema = z.looseObject({
  id: z.optional(z.string()),
  name: z.string(),
  response: z.nullish(jsonObject),
  parts: z.optional(z.array(geminiFunctionResponsePartSchema)),
});

/**
 * One part: exactly one data field (`text`, `inlineData`, `fileData`, `functionCall`,
 * `functionResponse`, or a kind the IR cannot carry such as `executableCode`), plus `thought`
 * and `thoughtSignature` on any part.
 */
export const geminiPartSchema = z.looseObject({
  text: z.optional(z.string()),
  thought: z.optional(z.boolean()),
  thoughtSignature: z.optional(z.string()),
  inlineData: z.optional(geminiInlineDataSchema),
  fileData: z.optional(geminiFileDataSchema),
  functionCall: z.optional(geminiFunctionCallSchema),
  functionResponse: z.optional(geminiFunctionResponseSchema),
});

/** One turn. `role` defaults to `user`; the legacy `function` role is read as `user`. */
export const geminiContentSchema = z.looseObject({
  role: z.optional(z.literal(['user', 'model', 'function'])),
  parts: z.array(geminiPartSchema),
});

/** `systemInstruction`: a content whose role is ignored. */
export const geminiSystemInstructionSchema = z.looseObject({
  role: z.optional(z.string()),
  parts: z.array(geminiPartSchema),
});

/** A function the model may call: `parameters` is an OpenAPI-subset schema, `parametersJsonSchema` full JSON Schema. */
export const geminiFunctionDeclarationSchema = z.looseObject({
  name: z.string().check(z.minLength(1), z.maxLength(MAX_TOOL_NAME_LENGTH)),
  description: z.optional(z.string()),
  parameters: z.optional(jsonObject),
  parametersJsonSchema: z.optional(jsonObject),
});

/** A tool entry: function declarations, or a built-in tool (`googleSearch`, `codeExecution`, `urlContext`, …). */
export const geminiToolSchema = z.looseObject({
  functionDeclarations: z.optional(z.array(geminiFunctionDeclarationSchema)),
});

export const GEMINI_FUNCTION_CALLING_MODES = ['MODE_UNSPECIFIED', 'AUTO', 'ANY', 'NONE', 'VALIDATED'] as const;
export type GeminiFunctionCallingMode = (typeof GEMINI_FUNCTION_CALLING_MODES)[number];

export const geminiToolConfigSchema = z.looseObject({
  functionCallingConfig: z.optional(
    z.looseObject({
      mode: z.optional(z.literal(GEMINI_FUNCTION_CALLING_MODES)),
      allowedFunctionNames: z.optional(z.array(z.string())),
    }),
  ),
});

/** `thinkingBudget` (2.5: -1 dynamic, 0 off) and `thinkingLevel` (3.x) are mutually exclusive. */
export const geminiThinkingConfigSchema = z.looseObject({
  includeThoughts: z.optional(z.boolean()),
  thinkingBudget: z.optional(safeInt()),
  thinkingLevel: z.optional(z.string()),
});

export const geminiGenerationConfigSchema = z.looseObject({
  temperature: z.optional(z.number().check(z.gte(0), z.lte(2))),
  topP: z.optional(z.number().check(z.gte(0), z.lte(1))),
  topK: z.optional(z.number().check(z.nonnegative())),
  maxOutputTokens: z.optional(safeInt().check(z.nonnegative())),
  stopSequences: z.optional(z.array(z.string())),
  candidateCount: z.optional(safeInt().check(z.gte(1), z.lte(8))),
  presencePenalty: z.optional(z.number()),
  frequencyPenalty: z.optional(z.number()),
  seed: z.optional(safeInt()),
  responseMimeType: z.optional(z.string()),
  responseSchema: z.optional(jsonObject),
  responseJsonSchema: z.optional(jsonObject),
  thinkingConfig: z.optional(geminiThinkingConfigSchema),
});

/**
 * The body of `:generateContent` / `:streamGenerateContent`. There is no `model` and no stream
 * flag: both are in the URL.
 */
export const geminiRequestSchema = z.looseObject({
  contents: z.array(geminiContentSchema).check(z.minLength(1, 'contents must not be empty')),
  systemInstruction: z.optional(geminiSystemInstructionSchema),
  tools: z.optional(z.array(geminiToolSchema)),
  toolConfig: z.optional(geminiToolConfigSchema),
  generationConfig: z.optional(geminiGenerationConfigSchema),
  safetySettings: z.optional(z.array(z.unknown())),
  cachedContent: z.optional(z.string()),
});

/**
 * Only the fields of a request that have limits (sampling ranges, function names): what a server
 * checks on a body it forwards without decoding it.
 */
export const geminiRequestLimitsSchema = /* @__PURE__ */ z.pick(geminiRequestSchema, {
  tools: true,
  toolConfig: true,
  generationConfig: true,
});

export type GeminiInlineData = z.infer<typeof geminiInlineDataSchema>;
export type GeminiFileData = z.infer<typeof geminiFileDataSchema>;
export type GeminiFunctionCall = z.infer<typeof geminiFunctionCallSchema>;
export type GeminiFunctionResponse = z.infer<typeof geminiFunctionResponseSchema>;
export type GeminiPart = z.infer<typeof geminiPartSchema>;
export type GeminiContent = z.infer<typeof geminiContentSchema>;
export type GeminiFunctionDeclaration = z.infer<typeof geminiFunctionDeclarationSchema>;
export type GeminiTool = z.infer<typeof geminiToolSchema>;
export type GeminiToolConfig = z.infer<typeof geminiToolConfigSchema>;
export type GeminiThinkingConfig = z.infer<typeof geminiThinkingConfigSchema>;
export type GeminiGenerationConfig = z.infer<typeof geminiGenerationConfigSchema>;
/** A `GenerateContentRequest` body. */
export type GeminiGenerateContentRequest = z.infer<typeof geminiRequestSchema>;
/** @deprecated Use `GeminiGenerateContentRequest`. */
export type GeminiRequest = GeminiGenerateContentRequest;
