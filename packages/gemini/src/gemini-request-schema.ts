import * as z from 'zod';

/**
 * Inbound Gemini `GenerateContentRequest` schemas (v1beta, camelCase as `@google/genai` sends
 * them). Every object is loose: unknown fields survive parsing and are kept in
 * `ir.extensions.gemini` by the request converter.
 *
 * @see https://ai.google.dev/api/generate-content#request-body
 */

const jsonObject = z.record(z.string(), z.unknown());

/** `inlineData`: base64 bytes with their media type. */
export const geminiInlineDataSchema = z.looseObject({ mimeType: z.string(), data: z.string() });

/** `fileData`: a file by URI (Files API, `gs://` or https). */
export const geminiFileDataSchema = z.looseObject({
  mimeType: z.string().optional(),
  fileUri: z.string(),
  displayName: z.string().optional(),
});

/** A call the model made: `args` is a JSON object. `id` is usually absent on the Gemini API. */
export const geminiFunctionCallSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string(),
  args: jsonObject.nullish(),
});

/** Media attached to a function response (Gemini 3 multimodal function responses). */
export const geminiFunctionResponsePartSchema = z.looseObject({
  inlineData: geminiInlineDataSchema.optional(),
  fileData: geminiFileDataSchema.optional(),
});

/** The answer to a function call, paired with it by `name` (and `id` when present). */
export const geminiFunctionResponseSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string(),
  response: jsonObject.nullish(),
  parts: z.array(geminiFunctionResponsePartSchema).optional(),
});

/**
 * One part: exactly one data field (`text`, `inlineData`, `fileData`, `functionCall`,
 * `functionResponse`, or a kind the IR cannot carry such as `executableCode`), plus `thought`
 * and `thoughtSignature` on any part.
 */
export const geminiPartSchema = z.looseObject({
  text: z.string().optional(),
  thought: z.boolean().optional(),
  thoughtSignature: z.string().optional(),
  inlineData: geminiInlineDataSchema.optional(),
  fileData: geminiFileDataSchema.optional(),
  functionCall: geminiFunctionCallSchema.optional(),
  functionResponse: geminiFunctionResponseSchema.optional(),
});

/** One turn. `role` defaults to `user`; the legacy `function` role is read as `user`. */
export const geminiContentSchema = z.looseObject({
  role: z.enum(['user', 'model', 'function']).optional(),
  parts: z.array(geminiPartSchema),
});

/** `systemInstruction`: a content whose role is ignored. */
export const geminiSystemInstructionSchema = z.looseObject({
  role: z.string().optional(),
  parts: z.array(geminiPartSchema),
});

/** A function the model may call: `parameters` is an OpenAPI-subset schema, `parametersJsonSchema` full JSON Schema. */
export const geminiFunctionDeclarationSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  parameters: jsonObject.optional(),
  parametersJsonSchema: jsonObject.optional(),
});

/** A tool entry: function declarations, or a built-in tool (`googleSearch`, `codeExecution`, `urlContext`, …). */
export const geminiToolSchema = z.looseObject({
  functionDeclarations: z.array(geminiFunctionDeclarationSchema).optional(),
});

export const GEMINI_FUNCTION_CALLING_MODES = ['MODE_UNSPECIFIED', 'AUTO', 'ANY', 'NONE', 'VALIDATED'] as const;
export type GeminiFunctionCallingMode = (typeof GEMINI_FUNCTION_CALLING_MODES)[number];

export const geminiToolConfigSchema = z.looseObject({
  functionCallingConfig: z
    .looseObject({
      mode: z.enum(GEMINI_FUNCTION_CALLING_MODES).optional(),
      allowedFunctionNames: z.array(z.string()).optional(),
    })
    .optional(),
});

/** `thinkingBudget` (2.5: -1 dynamic, 0 off) and `thinkingLevel` (3.x) are mutually exclusive. */
export const geminiThinkingConfigSchema = z.looseObject({
  includeThoughts: z.boolean().optional(),
  thinkingBudget: z.number().int().optional(),
  thinkingLevel: z.string().optional(),
});

export const geminiGenerationConfigSchema = z.looseObject({
  temperature: z.number().optional(),
  topP: z.number().optional(),
  topK: z.number().optional(),
  maxOutputTokens: z.number().int().nonnegative().optional(),
  stopSequences: z.array(z.string()).optional(),
  candidateCount: z.number().int().positive().optional(),
  presencePenalty: z.number().optional(),
  frequencyPenalty: z.number().optional(),
  seed: z.number().int().optional(),
  responseMimeType: z.string().optional(),
  responseSchema: jsonObject.optional(),
  responseJsonSchema: jsonObject.optional(),
  thinkingConfig: geminiThinkingConfigSchema.optional(),
});

/**
 * The body of `:generateContent` / `:streamGenerateContent`. There is no `model` and no stream
 * flag: both are in the URL.
 */
export const geminiRequestSchema = z.looseObject({
  contents: z.array(geminiContentSchema).min(1, 'contents must not be empty'),
  systemInstruction: geminiSystemInstructionSchema.optional(),
  tools: z.array(geminiToolSchema).optional(),
  toolConfig: geminiToolConfigSchema.optional(),
  generationConfig: geminiGenerationConfigSchema.optional(),
  safetySettings: z.array(z.unknown()).optional(),
  cachedContent: z.string().optional(),
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
