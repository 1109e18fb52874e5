import { z } from 'zod';

/**
 * What OpenAI accepts on `POST /v1/responses` and `POST /v1/responses/compact`, written from its
 * API reference and guides, independent of the codecs under test: loopback upstreams validate
 * what the gateway sends against it. Top-level fields are checked strictly (OpenAI answers an
 * unknown parameter with a 400); item and tool types the gateway never writes itself are only
 * checked for a `type`.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create
 * @see https://platform.openai.com/docs/api-reference/responses/compact
 * @see https://platform.openai.com/docs/guides/function-calling
 * @see https://platform.openai.com/docs/guides/structured-outputs
 * @see https://platform.openai.com/docs/guides/reasoning
 */
const inputText = z.object({ type: z.literal('input_text'), text: z.string() });
const inputImage = z
  .object({
    type: z.literal('input_image'),
    image_url: z.string().min(1).nullable().optional(),
    file_id: z.string().min(1).nullable().optional(),
    detail: z.enum(['auto', 'low', 'high', 'original']).optional(),
  })
  .refine((part) => Boolean(part.image_url) || Boolean(part.file_id), 'input_image needs image_url or file_id');
const inputFile = z
  .object({
    type: z.literal('input_file'),
    file_id: z.string().min(1).nullable().optional(),
    file_data: z.string().min(1).optional(),
    file_url: z.string().min(1).optional(),
    filename: z.string().optional(),
    detail: z.enum(['auto', 'low', 'high']).optional(),
  })
  .refine(
    (part) => Boolean(part.file_id) || Boolean(part.file_data) || Boolean(part.file_url),
    'input_file needs file_id, file_data or file_url',
  );
const inputContent = z.union([inputText, inputImage, inputFile]);

const outputText = z.object({
  type: z.literal('output_text'),
  text: z.string(),
  annotations: z.array(z.unknown()).optional(),
  logprobs: z.array(z.unknown()).optional(),
});
const refusal = z.object({ type: z.literal('refusal'), refusal: z.string() });

/** `EasyInputMessage` and the `message` input item: user, system and developer turns. */
const instructionMessage = z.object({
  type: z.literal('message').optional(),
  role: z.enum(['user', 'system', 'developer']),
  content: z.union([z.string(), z.array(inputContent)]),
  id: z.string().min(1).optional(),
  status: z.enum(['in_progress', 'completed', 'incomplete']).optional(),
});
/** A previous assistant turn sent back (`EasyInputMessage` or `ResponseOutputMessage`). */
const assistantMessage = z.object({
  type: z.literal('message').optional(),
  role: z.literal('assistant'),
  content: z.union([z.string(), z.array(z.union([outputText, refusal, inputText]))]),
  id: z.string().min(1).optional(),
  status: z.enum(['in_progress', 'completed', 'incomplete']).optional(),
  phase: z.enum(['commentary', 'final_answer']).nullable().optional(),
});
const functionCall = z.object({
  type: z.literal('function_call'),
  call_id: z.string().min(1),
  name: z.string().min(1),
  arguments: z.string(),
  id: z.string().min(1).optional(),
  status: z.enum(['in_progress', 'completed', 'incomplete']).optional(),
});
const functionCallOutput = z.object({
  type: z.literal('function_call_output'),
  call_id: z.string().min(1),
  output: z.union([z.string(), z.array(inputContent)]),
  id: z.string().min(1).nullable().optional(),
  status: z.enum(['in_progress', 'completed', 'incomplete']).nullable().optional(),
});
const reasoning = z.object({
  type: z.literal('reasoning'),
  id: z.string().min(1),
  summary: z.array(z.object({ type: z.literal('summary_text'), text: z.string() })),
  // Codex sends the reasoning items it got back with `content: null` when they had no raw text.
  content: z
    .array(z.object({ type: z.literal('reasoning_text'), text: z.string() }))
    .nullable()
    .optional(),
  encrypted_content: z.string().min(1).nullable().optional(),
  status: z.enum(['in_progress', 'completed', 'incomplete']).optional(),
});
const compaction = z.object({
  type: z.literal('compaction'),
  encrypted_content: z.string().min(1),
  id: z.string().min(1).nullable().optional(),
});
const itemReference = z.object({ type: z.literal('item_reference').nullable().optional(), id: z.string().min(1) });

const CHECKED_ITEM_TYPES = [
  'message',
  'function_call',
  'function_call_output',
  'reasoning',
  'compaction',
  'item_reference',
];
/** Hosted-tool calls and other items, passed through from callers. */
const otherItem = z.looseObject({
  type: z.string().refine((type) => !CHECKED_ITEM_TYPES.includes(type), 'a known item type with an invalid shape'),
});

/** One `input` item (`ResponseInputItem`). */
export const openAiResponsesUpstreamInputItemSchema = z.union([
  instructionMessage,
  assistantMessage,
  functionCall,
  functionCallOutput,
  reasoning,
  compaction,
  itemReference,
  otherItem,
]);

/** Function tools are flat; the reference lists `strict` and `parameters` as required (nullable). */
const functionTool = z.object({
  type: z.literal('function'),
  name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
  description: z.string().nullable().optional(),
  parameters: z.record(z.string(), z.unknown()).nullable(),
  strict: z.boolean().nullable(),
});
const otherTool = z.looseObject({
  type: z.string().refine((type) => type !== 'function', 'a function tool with an invalid shape'),
});

const toolChoice = z.union([
  z.enum(['none', 'auto', 'required']),
  z.object({ type: z.literal('function'), name: z.string().min(1) }),
  z.object({
    type: z.literal('allowed_tools'),
    mode: z.enum(['auto', 'required']),
    tools: z.array(z.looseObject({ type: z.string() })),
  }),
  z.looseObject({ type: z.string().refine((type) => type !== 'function' && type !== 'allowed_tools') }),
]);

const textFormat = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({ type: z.literal('json_object') }),
  z.object({
    type: z.literal('json_schema'),
    name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
    schema: z.record(z.string(), z.unknown()),
    description: z.string().optional(),
    strict: z.boolean().nullable().optional(),
  }),
]);

const reasoningConfig = z.object({
  effort: z.enum(['none', 'minimal', 'low', 'medium', 'high', 'xhigh']).nullable().optional(),
  summary: z.enum(['auto', 'concise', 'detailed']).nullable().optional(),
  generate_summary: z.enum(['auto', 'concise', 'detailed']).nullable().optional(),
  context: z.enum(['auto', 'current_turn', 'all_turns']).optional(),
  mode: z.enum(['standard', 'pro']).optional(),
});

const input = z.union([z.string(), z.array(openAiResponsesUpstreamInputItemSchema)]);

/** Fields shared by `/responses` and `/responses/compact`. */
const shared = {
  model: z.string().min(1),
  input: input.optional(),
  instructions: z.string().nullable().optional(),
  previous_response_id: z.string().min(1).nullable().optional(),
  prompt_cache_key: z.string().max(64).optional(),
  /** Client-side string metadata Codex sends with every turn (its turn and session ids); not the stored `metadata`. */
  client_metadata: z.record(z.string(), z.string()).optional(),
  prompt_cache_retention: z.enum(['in-memory', '24h']).nullable().optional(),
  prompt_cache_options: z.record(z.string(), z.unknown()).nullable().optional(),
  service_tier: z.enum(['auto', 'default', 'flex', 'scale', 'priority', 'fast', 'ultrafast']).nullable().optional(),
};

/** `POST /v1/responses`: every documented top-level field, and no other. */
export const openAiResponsesUpstreamRequestSchema = z.strictObject({
  ...shared,
  conversation: z
    .union([z.string(), z.object({ id: z.string() })])
    .nullable()
    .optional(),
  store: z.boolean().nullable().optional(),
  stream: z.boolean().nullable().optional(),
  stream_options: z.object({ include_obfuscation: z.boolean().optional() }).nullable().optional(),
  background: z.boolean().nullable().optional(),
  max_output_tokens: z.number().int().min(16).nullable().optional(),
  max_tool_calls: z.number().int().nullable().optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  top_p: z.number().min(0).max(1).nullable().optional(),
  top_logprobs: z.number().int().min(0).max(20).nullable().optional(),
  truncation: z.enum(['auto', 'disabled']).nullable().optional(),
  include: z.array(z.string()).nullable().optional(),
  metadata: z.record(z.string().max(64), z.string().max(512)).nullable().optional(),
  parallel_tool_calls: z.boolean().nullable().optional(),
  reasoning: reasoningConfig.nullable().optional(),
  text: z
    .object({ format: textFormat.optional(), verbosity: z.enum(['low', 'medium', 'high']).nullable().optional() })
    .optional(),
  tools: z.array(z.union([functionTool, otherTool])).optional(),
  tool_choice: toolChoice.optional(),
  prompt: z
    .object({
      id: z.string(),
      version: z.string().nullable().optional(),
      variables: z.record(z.string(), z.unknown()).nullable().optional(),
    })
    .nullable()
    .optional(),
  safety_identifier: z.string().optional(),
  user: z.string().optional(),
  moderation: z.unknown().optional(),
  context_management: z
    .array(
      z.object({ type: z.literal('compaction'), compact_threshold: z.number().int().min(1000).nullable().optional() }),
    )
    .nullable()
    .optional(),
});

/**
 * `POST /v1/responses/compact`. Only `model` is required; clients such as Codex also send
 * `tools`, `reasoning`, `text` and `parallel_tool_calls`, so other fields are let through.
 */
export const openAiResponsesCompactUpstreamRequestSchema = z
  .looseObject({ ...shared, input: input.nullable().optional() })
  .refine(
    (body) => !('stream' in body) || body.stream === false || body.stream === undefined,
    'compaction does not stream',
  );

export type OpenAiResponsesUpstreamRequest = z.infer<typeof openAiResponsesUpstreamRequestSchema>;
