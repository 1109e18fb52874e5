import * as z from 'zod';

/**
 * The Bedrock Converse wire, written from the API reference. Requests are loose objects (unknown
 * fields survive), answers are parsed leniently; `bedrockConverseStrictResponseSchema` is the
 * strict shape our own encoder must produce (tests).
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ContentBlock.html
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStreamOutput.html
 */

/** `cachePoint` blocks (messages, system, tools). @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_CachePointBlock.html */
export const bedrockCachePointSchema = z.looseObject({ type: z.literal('default'), ttl: z.string().optional() });

const bytesSource = z.looseObject({
  bytes: z.string().optional(),
  s3Location: z.looseObject({ uri: z.string() }).optional(),
  text: z.string().optional(),
});

export const bedrockImageBlockSchema = z.looseObject({ format: z.string(), source: bytesSource });
export const bedrockDocumentBlockSchema = z.looseObject({
  format: z.string().optional(),
  name: z.string(),
  source: bytesSource,
});
export const bedrockVideoBlockSchema = z.looseObject({ format: z.string(), source: bytesSource });
export const bedrockToolUseBlockSchema = z.looseObject({ toolUseId: z.string(), name: z.string(), input: z.unknown() });

const toolResultContentSchema = z.looseObject({
  text: z.string().optional(),
  json: z.unknown().optional(),
  image: bedrockImageBlockSchema.optional(),
  document: bedrockDocumentBlockSchema.optional(),
  video: bedrockVideoBlockSchema.optional(),
});

export const bedrockToolResultBlockSchema = z.looseObject({
  toolUseId: z.string(),
  content: z.array(toolResultContentSchema),
  status: z.enum(['success', 'error']).optional(),
});

/** `reasoningContent`: visible reasoning with its signature, or redacted (base64) reasoning. */
export const bedrockReasoningBlockSchema = z.looseObject({
  reasoningText: z.looseObject({ text: z.string(), signature: z.string().optional() }).optional(),
  redactedContent: z.string().optional(),
});

/** One `ContentBlock` union member (exactly one key is set on the wire). */
export const bedrockContentBlockSchema = z.looseObject({
  text: z.string().optional(),
  image: bedrockImageBlockSchema.optional(),
  document: bedrockDocumentBlockSchema.optional(),
  video: bedrockVideoBlockSchema.optional(),
  toolUse: bedrockToolUseBlockSchema.optional(),
  toolResult: bedrockToolResultBlockSchema.optional(),
  reasoningContent: bedrockReasoningBlockSchema.optional(),
  cachePoint: bedrockCachePointSchema.optional(),
});

export type BedrockContentBlock = z.infer<typeof bedrockContentBlockSchema>;

export const bedrockMessageSchema = z.looseObject({
  role: z.enum(['user', 'assistant']),
  content: z.array(bedrockContentBlockSchema),
});

export type BedrockMessage = z.infer<typeof bedrockMessageSchema>;

export const bedrockSystemBlockSchema = z.looseObject({
  text: z.string().optional(),
  cachePoint: bedrockCachePointSchema.optional(),
});

const toolSpecSchema = z.looseObject({
  name: z.string(),
  description: z.string().optional(),
  inputSchema: z.looseObject({ json: z.unknown() }),
});

export const bedrockToolSchema = z.looseObject({
  toolSpec: toolSpecSchema.optional(),
  cachePoint: bedrockCachePointSchema.optional(),
});

export const bedrockToolChoiceSchema = z.looseObject({
  auto: z.looseObject({}).optional(),
  any: z.looseObject({}).optional(),
  tool: z.looseObject({ name: z.string() }).optional(),
});

export const bedrockInferenceConfigSchema = z.looseObject({
  maxTokens: z.number().int().min(1).optional(),
  temperature: z.number().optional(),
  topP: z.number().optional(),
  stopSequences: z.array(z.string()).optional(),
});

/** The `Converse` / `ConverseStream` request body (the model id is in the path). */
export const bedrockConverseRequestSchema = z.looseObject({
  messages: z.array(bedrockMessageSchema),
  system: z.array(bedrockSystemBlockSchema).optional(),
  inferenceConfig: bedrockInferenceConfigSchema.optional(),
  toolConfig: z
    .looseObject({ tools: z.array(bedrockToolSchema), toolChoice: bedrockToolChoiceSchema.optional() })
    .optional(),
  additionalModelRequestFields: z.record(z.string(), z.unknown()).optional(),
  requestMetadata: z.record(z.string(), z.string()).optional(),
});

export type BedrockConverseRequest = z.infer<typeof bedrockConverseRequestSchema>;

/** `TokenUsage`: `inputTokens` excludes cache reads and writes. @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_TokenUsage.html */
export const bedrockUsageSchema = z.looseObject({
  inputTokens: z.number().int().min(0).catch(0),
  outputTokens: z.number().int().min(0).catch(0),
  totalTokens: z.number().int().min(0).optional(),
  cacheReadInputTokens: z.number().int().min(0).optional(),
  cacheWriteInputTokens: z.number().int().min(0).optional(),
});

export type BedrockUsage = z.infer<typeof bedrockUsageSchema>;

/** The `Converse` answer, read leniently. */
export const bedrockConverseResponseSchema = z.looseObject({
  output: z.looseObject({
    message: z.looseObject({ role: z.string().optional(), content: z.array(bedrockContentBlockSchema) }),
  }),
  stopReason: z.string().optional(),
  usage: bedrockUsageSchema.optional(),
  metrics: z.looseObject({ latencyMs: z.number().optional() }).optional(),
});

export type BedrockConverseResponse = z.infer<typeof bedrockConverseResponseSchema>;

/** Every documented `stopReason`. @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html#API_runtime_Converse_ResponseSyntax */
export const BEDROCK_STOP_REASONS = [
  'end_turn',
  'tool_use',
  'max_tokens',
  'stop_sequence',
  'guardrail_intervened',
  'content_filtered',
  'malformed_model_output',
  'malformed_tool_use',
  'model_context_window_exceeded',
] as const;

export type BedrockStopReason = (typeof BEDROCK_STOP_REASONS)[number];

const strictBlock = z.union([
  z.strictObject({ text: z.string() }),
  z.strictObject({
    toolUse: z.strictObject({ toolUseId: z.string().min(1), name: z.string().min(1), input: z.unknown() }),
  }),
  z.strictObject({
    reasoningContent: z.union([
      z.strictObject({ reasoningText: z.strictObject({ text: z.string(), signature: z.string().optional() }) }),
      z.strictObject({ redactedContent: z.string().min(1) }),
    ]),
  }),
  z.strictObject({
    image: z.strictObject({
      format: z.enum(['png', 'jpeg', 'gif', 'webp']),
      source: z.strictObject({ bytes: z.string().min(1) }),
    }),
  }),
]);

/** What our encoder produces for a `Converse` answer (tests). */
export const bedrockConverseStrictResponseSchema = z.strictObject({
  output: z.strictObject({ message: z.strictObject({ role: z.literal('assistant'), content: z.array(strictBlock) }) }),
  stopReason: z.enum(BEDROCK_STOP_REASONS),
  usage: z.strictObject({
    inputTokens: z.number().int().min(0),
    outputTokens: z.number().int().min(0),
    totalTokens: z.number().int().min(0),
    cacheReadInputTokens: z.number().int().min(0).optional(),
    cacheWriteInputTokens: z.number().int().min(0).optional(),
  }),
  metrics: z.strictObject({ latencyMs: z.number().int().min(0) }),
});

export type BedrockConverseStrictResponse = z.infer<typeof bedrockConverseStrictResponseSchema>;

/** An error body: `{message}` (sometimes `Message`), with the type in `x-amzn-errortype` or `__type`. */
export const bedrockErrorBodySchema = z.looseObject({
  message: z.string().optional(),
  Message: z.string().optional(),
  __type: z.string().optional(),
});
