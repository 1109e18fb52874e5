import { z } from 'zod';

/**
 * What Amazon Bedrock accepts on `POST /model/{modelId}/converse` and `/converse-stream`,
 * written from its API reference and user guide, independent of the codec under test: loopback
 * upstreams validate what the gateway sends against it. Each content block sets exactly one
 * member of the `ContentBlock` union.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ContentBlock.html
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolConfiguration.html
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/conversation-inference-call.html
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html
 */

/** Base64 of the raw bytes (the JSON encoding of a blob). */
const base64 = z
  .string()
  .min(1)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/);
const s3Location = z.strictObject({ uri: z.string().regex(/^s3:\/\//), bucketOwner: z.string().optional() });
const mediaSource = z.union([z.strictObject({ bytes: base64 }), z.strictObject({ s3Location })]);

const cachePoint = z.strictObject({ type: z.literal('default'), ttl: z.enum(['5m', '1h']).optional() });
const image = z.strictObject({ format: z.enum(['png', 'jpeg', 'gif', 'webp']), source: mediaSource });
/** Document names: alphanumerics, whitespace (never two in a row), hyphens, parentheses, square brackets. */
const document = z.strictObject({
  format: z.enum(['pdf', 'csv', 'doc', 'docx', 'xls', 'xlsx', 'html', 'txt', 'md']).optional(),
  name: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[a-zA-Z0-9\-()[\]]+(\s[a-zA-Z0-9\-()[\]]+)*$/),
  source: z.union([mediaSource, z.strictObject({ text: z.string() })]),
  citations: z.strictObject({ enabled: z.boolean() }).optional(),
  context: z.string().optional(),
});
const video = z.strictObject({
  format: z.enum(['mkv', 'mov', 'mp4', 'webm', 'flv', 'mpeg', 'mpg', 'wmv', 'three_gp']),
  source: mediaSource,
});

/** `toolUseId`: `[a-zA-Z0-9_-]+`, 1 to 64 characters. */
export const BEDROCK_TOOL_USE_ID = /^[a-zA-Z0-9_-]{1,64}$/;
/** Tool names: `[a-zA-Z0-9_-]+`, 1 to 64 characters. */
export const BEDROCK_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const toolUse = z.strictObject({
  toolUseId: z.string().regex(BEDROCK_TOOL_USE_ID),
  name: z.string().regex(BEDROCK_TOOL_NAME),
  input: z.record(z.string(), z.unknown()),
});
const toolResultContent = z.union([
  z.strictObject({ text: z.string() }),
  z.strictObject({ json: z.unknown() }),
  z.strictObject({ image }),
  z.strictObject({ document }),
  z.strictObject({ video }),
]);
const toolResult = z.strictObject({
  toolUseId: z.string().regex(BEDROCK_TOOL_USE_ID),
  content: z.array(toolResultContent),
  status: z.enum(['success', 'error']).optional(),
});
const reasoningContent = z.union([
  z.strictObject({ reasoningText: z.strictObject({ text: z.string(), signature: z.string().optional() }) }),
  z.strictObject({ redactedContent: base64 }),
]);

const contentBlock = z.union([
  z.strictObject({ text: z.string().min(1) }),
  z.strictObject({ image }),
  z.strictObject({ document }),
  z.strictObject({ video }),
  z.strictObject({ toolUse }),
  z.strictObject({ toolResult }),
  z.strictObject({ reasoningContent }),
  z.strictObject({ cachePoint }),
]);

const message = z.strictObject({ role: z.enum(['user', 'assistant']), content: z.array(contentBlock).min(1) });
const systemBlock = z.union([z.strictObject({ text: z.string().min(1) }), z.strictObject({ cachePoint })]);

const toolSpec = z.strictObject({
  name: z.string().regex(BEDROCK_TOOL_NAME),
  description: z.string().min(1).optional(),
  inputSchema: z.strictObject({ json: z.looseObject({ type: z.literal('object') }) }),
});
const toolChoice = z.union([
  z.strictObject({ auto: z.strictObject({}) }),
  z.strictObject({ any: z.strictObject({}) }),
  z.strictObject({ tool: z.strictObject({ name: z.string().regex(BEDROCK_TOOL_NAME) }) }),
]);

const inferenceConfig = z.strictObject({
  maxTokens: z.number().int().min(1).optional(),
  temperature: z.number().min(0).max(1).optional(),
  topP: z.number().min(0).max(1).optional(),
  stopSequences: z.array(z.string().min(1)).max(4).optional(),
});

/** A conversation starts with a user turn; turns alternate; tool results answer the previous turn's calls. */
function checkTurns(messages: ReadonlyArray<z.infer<typeof message>>, context: z.RefinementCtx): void {
  if (messages[0]?.role !== 'user')
    context.addIssue({
      code: 'custom',
      path: ['messages', 0, 'role'],
      message: 'A conversation must start with a user message',
    });
  messages.forEach((turn, index) => {
    const previous = messages[index - 1];
    if (previous && previous.role === turn.role)
      context.addIssue({
        code: 'custom',
        path: ['messages', index, 'role'],
        message: 'Roles must alternate between user and assistant',
      });
    const calls = new Set(
      previous?.content.flatMap((block) => ('toolUse' in block ? [block.toolUse.toolUseId] : [])) ?? [],
    );
    turn.content.forEach((block, position) => {
      if ('toolResult' in block && !calls.has(block.toolResult.toolUseId)) {
        context.addIssue({
          code: 'custom',
          path: ['messages', index, 'content', position],
          message: `toolResult ${block.toolResult.toolUseId} answers no toolUse of the previous turn`,
        });
      }
    });
  });
}

/** The `Converse` / `ConverseStream` body (unknown top-level fields, like newer options, pass). */
export const bedrockConverseUpstreamRequestSchema = z
  .looseObject({
    messages: z.array(message).min(1),
    system: z.array(systemBlock).optional(),
    inferenceConfig: inferenceConfig.optional(),
    toolConfig: z
      .strictObject({
        tools: z.array(z.union([z.strictObject({ toolSpec }), z.strictObject({ cachePoint })])).min(1),
        toolChoice: toolChoice.optional(),
      })
      .optional(),
    additionalModelRequestFields: z.record(z.string(), z.unknown()).optional(),
    requestMetadata: z.record(z.string().min(1).max(256), z.string().max(256)).optional(),
  })
  .superRefine((body, context) => {
    checkTurns(body.messages, context);
    const usesTools = body.messages.some((turn) =>
      turn.content.some((block) => 'toolUse' in block || 'toolResult' in block),
    );
    if (usesTools && !body.toolConfig)
      context.addIssue({
        code: 'custom',
        path: ['toolConfig'],
        message: 'toolConfig must be defined when messages hold toolUse or toolResult blocks',
      });
  });

export type BedrockConverseUpstreamRequest = z.infer<typeof bedrockConverseUpstreamRequestSchema>;
