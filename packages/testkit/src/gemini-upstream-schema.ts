import { z } from 'zod';

/**
 * What the Gemini API accepts on `POST /v1beta/models/{model}:generateContent` and
 * `:streamGenerateContent`, written from Google's API reference, independent of the codecs under
 * test: loopback upstreams validate what the gateway sends against it. Google's proto-JSON parser
 * rejects unknown fields ("Invalid JSON payload received. Unknown name"), so objects are strict.
 *
 * @see https://ai.google.dev/api/generate-content#request-body
 * @see https://ai.google.dev/api/caching#Content
 * @see https://ai.google.dev/api/caching#Tool
 * @see https://ai.google.dev/api/generate-content#generationconfig
 */
const jsonObject = z.record(z.string(), z.unknown());
/** `bytes` fields travel as base64. */
const base64 = z.string().regex(/^[A-Za-z0-9+/_-]*={0,2}$/, 'base64');

const blob = z.strictObject({ mimeType: z.string().min(1), data: base64 });
const fileData = z.strictObject({
  mimeType: z.string().optional(),
  fileUri: z.string().min(1),
  displayName: z.string().optional(),
});
const functionCall = z.strictObject({
  id: z.string().optional(),
  name: z.string().min(1),
  args: jsonObject.optional(),
});
const functionResponse = z.strictObject({
  id: z.string().optional(),
  name: z.string().min(1),
  response: jsonObject,
  parts: z.array(z.strictObject({ inlineData: blob.optional(), fileData: fileData.optional() })).optional(),
  willContinue: z.boolean().optional(),
  scheduling: z.enum(['SCHEDULING_UNSPECIFIED', 'SILENT', 'WHEN_IDLE', 'INTERRUPT']).optional(),
});

/** The `data` oneof of a Part: exactly one must be set. */
const DATA_FIELDS = [
  'text',
  'inlineData',
  'functionCall',
  'functionResponse',
  'fileData',
  'executableCode',
  'codeExecutionResult',
] as const;

const part = z
  .strictObject({
    text: z.string().optional(),
    inlineData: blob.optional(),
    functionCall: functionCall.optional(),
    functionResponse: functionResponse.optional(),
    fileData: fileData.optional(),
    executableCode: z.strictObject({ language: z.string(), code: z.string() }).optional(),
    codeExecutionResult: z.strictObject({ outcome: z.string(), output: z.string().optional() }).optional(),
    thought: z.boolean().optional(),
    thoughtSignature: base64.optional(),
    partMetadata: jsonObject.optional(),
    videoMetadata: jsonObject.optional(),
    mediaResolution: jsonObject.optional(),
  })
  .refine(
    (p) => DATA_FIELDS.filter((field) => p[field] !== undefined).length === 1,
    "required oneof field 'data' must have one initialized field",
  );

const content = z.strictObject({
  role: z.enum(['user', 'model']).optional(),
  parts: z.array(part).min(1, 'contents.parts must not be empty'),
});

const functionDeclaration = z
  .strictObject({
    name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_.:-]{0,127}$/),
    description: z.string().optional(),
    behavior: z.enum(['UNSPECIFIED', 'BLOCKING', 'NON_BLOCKING']).optional(),
    parameters: jsonObject.optional(),
    parametersJsonSchema: z.unknown().optional(),
    response: jsonObject.optional(),
    responseJsonSchema: z.unknown().optional(),
  })
  .refine(
    (d) => d.parameters === undefined || d.parametersJsonSchema === undefined,
    'parameters and parametersJsonSchema are exclusive',
  );

const tool = z.strictObject({
  functionDeclarations: z.array(functionDeclaration).optional(),
  googleSearchRetrieval: jsonObject.optional(),
  codeExecution: jsonObject.optional(),
  googleSearch: jsonObject.optional(),
  urlContext: jsonObject.optional(),
  computerUse: jsonObject.optional(),
  fileSearch: jsonObject.optional(),
  googleMaps: jsonObject.optional(),
});

const toolConfig = z.strictObject({
  functionCallingConfig: z
    .strictObject({
      mode: z.enum(['MODE_UNSPECIFIED', 'AUTO', 'ANY', 'NONE', 'VALIDATED']).optional(),
      allowedFunctionNames: z.array(z.string()).optional(),
    })
    .optional(),
  retrievalConfig: jsonObject.optional(),
});

const thinkingConfig = z
  .strictObject({
    includeThoughts: z.boolean().optional(),
    thinkingBudget: z.number().int().min(-1).optional(),
    thinkingLevel: z.enum(['THINKING_LEVEL_UNSPECIFIED', 'MINIMAL', 'LOW', 'MEDIUM', 'HIGH']).optional(),
  })
  .refine(
    (t) => t.thinkingBudget === undefined || t.thinkingLevel === undefined,
    'thinkingBudget and thinkingLevel are exclusive',
  );

export const geminiGenerationConfigSchema = z
  .strictObject({
    stopSequences: z.array(z.string()).max(5).optional(),
    responseMimeType: z.string().optional(),
    responseSchema: jsonObject.optional(),
    responseJsonSchema: z.unknown().optional(),
    responseModalities: z.array(z.enum(['MODALITY_UNSPECIFIED', 'TEXT', 'IMAGE', 'AUDIO'])).optional(),
    candidateCount: z.number().int().min(1).optional(),
    maxOutputTokens: z.number().int().min(1).optional(),
    temperature: z.number().min(0).max(2).optional(),
    topP: z.number().min(0).max(1).optional(),
    topK: z.number().int().min(1).optional(),
    seed: z.number().int().optional(),
    presencePenalty: z.number().optional(),
    frequencyPenalty: z.number().optional(),
    responseLogprobs: z.boolean().optional(),
    logprobs: z.number().int().optional(),
    enableEnhancedCivicAnswers: z.boolean().optional(),
    speechConfig: jsonObject.optional(),
    thinkingConfig: thinkingConfig.optional(),
    imageConfig: jsonObject.optional(),
    mediaResolution: z.string().optional(),
  })
  .refine(
    (g) => g.responseSchema === undefined || g.responseJsonSchema === undefined,
    'responseSchema and responseJsonSchema are exclusive',
  );

export const geminiUpstreamRequestSchema = z.strictObject({
  contents: z.array(content).min(1),
  tools: z.array(tool).optional(),
  toolConfig: toolConfig.optional(),
  safetySettings: z
    .array(
      z.strictObject({
        category: z.string().regex(/^HARM_CATEGORY_[A-Z_]+$/),
        threshold: z.string().regex(/^[A-Z_]+$/),
      }),
    )
    .optional(),
  /** "Currently, text only." */
  systemInstruction: z
    .strictObject({ role: z.string().optional(), parts: z.array(z.strictObject({ text: z.string() })).min(1) })
    .optional(),
  generationConfig: geminiGenerationConfigSchema.optional(),
  cachedContent: z.string().optional(),
});

/**
 * `:countTokens`: `contents` alone, or a whole `generateContentRequest` naming its model.
 *
 * @see https://ai.google.dev/api/tokens#method:-models.counttokens
 */
export const geminiUpstreamCountTokensRequestSchema = z
  .strictObject({
    contents: z.array(content).optional(),
    generateContentRequest: geminiUpstreamRequestSchema.extend({ model: z.string().regex(/^models\/.+/) }).optional(),
  })
  .refine(
    (body) => (body.contents === undefined) !== (body.generateContentRequest === undefined),
    'give contents or generateContentRequest',
  );

/**
 * The path of a Gemini model call: `/models/{model}:{method}`, `?alt=sse` for SSE streams.
 *
 * @see https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent
 */
export const geminiUpstreamPathSchema = z
  .string()
  .regex(/^(\/v1beta)?\/models\/[^/:?]+(\/[^/:?]+)*:(generateContent|streamGenerateContent\?alt=sse|countTokens)$/);
