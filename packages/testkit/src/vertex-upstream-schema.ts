import { z } from 'zod';
import { anthropicUpstreamRequestSchema } from './anthropic-upstream-schema.js';

/**
 * What Vertex AI accepts for Gemini (`…/publishers/google/models/{model}:generateContent` and
 * `:streamGenerateContent`) and for Claude (`…/publishers/anthropic/models/{model}:rawPredict` and
 * `:streamRawPredict`), written from Google Cloud's REST reference and the Claude-on-Vertex
 * guide, independent of the codecs under test. Google's JSON APIs refuse unknown fields
 * ("Invalid JSON payload received. Unknown name …"), so the Gemini body is strict at the top.
 *
 * @see https://cloud.google.com/vertex-ai/docs/reference/rest/v1/projects.locations.publishers.models/generateContent
 * @see https://cloud.google.com/vertex-ai/docs/reference/rest/v1/Content
 * @see https://cloud.google.com/vertex-ai/docs/reference/rest/v1/Tool
 * @see https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/use-claude
 */

/** Function names: start with a letter or `_`; letters, digits, `_ . : -`; at most 64. */
export const VERTEX_FUNCTION_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;

const part = z
  .looseObject({
    text: z.string().optional(),
    inlineData: z
      .strictObject({ mimeType: z.string().min(1), data: z.string().min(1), displayName: z.string().optional() })
      .optional(),
    fileData: z
      .strictObject({ mimeType: z.string().min(1), fileUri: z.string().min(1), displayName: z.string().optional() })
      .optional(),
    functionCall: z
      .strictObject({
        id: z.string().optional(),
        name: z.string().regex(VERTEX_FUNCTION_NAME),
        args: z.record(z.string(), z.unknown()).optional(),
      })
      .optional(),
    functionResponse: z
      .looseObject({
        id: z.string().optional(),
        name: z.string().regex(VERTEX_FUNCTION_NAME),
        response: z.record(z.string(), z.unknown()),
      })
      .optional(),
    thought: z.boolean().optional(),
    thoughtSignature: z.string().optional(),
  })
  .refine(
    (p) =>
      [
        'text',
        'inlineData',
        'fileData',
        'functionCall',
        'functionResponse',
        'executableCode',
        'codeExecutionResult',
      ].filter((k) => k in p).length === 1,
    {
      message:
        'A Part holds exactly one of text, inlineData, fileData, functionCall, functionResponse, executableCode, codeExecutionResult',
    },
  );

const content = z.strictObject({ role: z.enum(['user', 'model']).optional(), parts: z.array(part).min(1) });

const functionDeclaration = z.strictObject({
  name: z.string().regex(VERTEX_FUNCTION_NAME),
  description: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
  parametersJsonSchema: z.unknown().optional(),
  response: z.record(z.string(), z.unknown()).optional(),
  responseJsonSchema: z.unknown().optional(),
});

const tool = z.looseObject({ functionDeclarations: z.array(functionDeclaration).optional() });

const toolConfig = z.looseObject({
  functionCallingConfig: z
    .strictObject({
      mode: z.enum(['MODE_UNSPECIFIED', 'AUTO', 'ANY', 'NONE', 'VALIDATED']).optional(),
      allowedFunctionNames: z.array(z.string()).optional(),
    })
    .optional(),
});

const generationConfig = z.looseObject({
  temperature: z.number().min(0).max(2).optional(),
  topP: z.number().min(0).max(1).optional(),
  topK: z.number().optional(),
  candidateCount: z.number().int().min(1).optional(),
  maxOutputTokens: z.number().int().min(1).optional(),
  stopSequences: z.array(z.string()).max(5).optional(),
  presencePenalty: z.number().optional(),
  frequencyPenalty: z.number().optional(),
  seed: z.number().int().optional(),
  responseMimeType: z.string().optional(),
  responseSchema: z.record(z.string(), z.unknown()).optional(),
  responseJsonSchema: z.unknown().optional(),
  thinkingConfig: z
    .strictObject({
      includeThoughts: z.boolean().optional(),
      thinkingBudget: z.number().int().optional(),
      thinkingLevel: z.string().optional(),
    })
    .optional(),
});

/** Vertex `GenerateContentRequest` (the model is in the path). */
export const vertexGeminiUpstreamRequestSchema = z.strictObject({
  contents: z.array(content).min(1),
  systemInstruction: z.strictObject({ role: z.string().optional(), parts: z.array(part).min(1) }).optional(),
  cachedContent: z.string().optional(),
  tools: z.array(tool).optional(),
  toolConfig: toolConfig.optional(),
  labels: z.record(z.string(), z.string()).optional(),
  safetySettings: z.array(z.looseObject({ category: z.string(), threshold: z.string() })).optional(),
  modelArmorConfig: z.looseObject({}).optional(),
  generationConfig: generationConfig.optional(),
});

/** The Claude-on-Vertex version the body names. */
export const VERTEX_ANTHROPIC_BODY_VERSION = 'vertex-2023-10-16';

/**
 * Claude on Vertex (`rawPredict` / `streamRawPredict`): the Anthropic Messages body with
 * `anthropic_version: "vertex-2023-10-16"` and without `model` (it is in the URL).
 */
export const vertexClaudeUpstreamRequestSchema = z
  .looseObject({ anthropic_version: z.literal(VERTEX_ANTHROPIC_BODY_VERSION) })
  .superRefine((body, context) => {
    if ('model' in body)
      context.addIssue({
        code: 'custom',
        path: ['model'],
        message: 'model: Extra inputs are not permitted (the model is in the URL)',
      });
    const { anthropic_version: _version, ...rest } = body;
    const messages = anthropicUpstreamRequestSchema.safeParse({ ...rest, model: 'from-the-url' });
    if (!messages.success)
      for (const issue of messages.error.issues)
        context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
