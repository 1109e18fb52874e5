import { z } from 'zod';

/**
 * What OpenAI accepts on `POST /v1/chat/completions`, written from its API reference
 * (https://platform.openai.com/docs/api-reference/chat/create), independent of the codecs under
 * test: loopback upstreams validate what the gateway sends against it.
 */
const textPart = z.object({ type: z.literal('text'), text: z.string() });
const imagePart = z.object({
  type: z.literal('image_url'),
  image_url: z.object({ url: z.string().min(1), detail: z.enum(['auto', 'low', 'high']).optional() }),
});
const audioPart = z.object({
  type: z.literal('input_audio'),
  input_audio: z.object({ data: z.string(), format: z.enum(['wav', 'mp3']) }),
});
const filePart = z.object({
  type: z.literal('file'),
  file: z.object({ file_id: z.string().optional(), file_data: z.string().optional(), filename: z.string().optional() }),
});
const toolCall = z.object({
  id: z.string().min(1),
  type: z.literal('function'),
  function: z.object({ name: z.string().min(1), arguments: z.string() }),
});

const message = z.discriminatedUnion('role', [
  z.object({
    role: z.literal('system'),
    content: z.union([z.string(), z.array(textPart)]),
    name: z.string().optional(),
  }),
  z.object({
    role: z.literal('developer'),
    content: z.union([z.string(), z.array(textPart)]),
    name: z.string().optional(),
  }),
  z.object({
    role: z.literal('user'),
    content: z.union([z.string(), z.array(z.union([textPart, imagePart, audioPart, filePart]))]),
    name: z.string().optional(),
  }),
  z
    .object({
      role: z.literal('assistant'),
      content: z
        .union([
          z.string(),
          z.array(z.union([textPart, z.object({ type: z.literal('refusal'), refusal: z.string() })])),
          z.null(),
        ])
        .optional(),
      refusal: z.string().nullable().optional(),
      tool_calls: z.array(toolCall).optional(),
      name: z.string().optional(),
    })
    .refine(
      (m) => m.content !== undefined || m.tool_calls !== undefined,
      'assistant messages need content or tool_calls',
    ),
  z.object({
    role: z.literal('tool'),
    content: z.union([z.string(), z.array(textPart)]),
    tool_call_id: z.string().min(1),
  }),
]);

const tool = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullable().optional(),
  }),
});

export const openAiChatUpstreamRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(message).min(1),
  stream: z.boolean().nullable().optional(),
  stream_options: z
    .object({ include_usage: z.boolean().optional(), include_obfuscation: z.boolean().optional() })
    .nullable()
    .optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  top_p: z.number().min(0).max(1).nullable().optional(),
  n: z.number().int().min(1).max(128).nullable().optional(),
  stop: z
    .union([z.string(), z.array(z.string()).max(4)])
    .nullable()
    .optional(),
  max_tokens: z.number().int().nullable().optional(),
  max_completion_tokens: z.number().int().nullable().optional(),
  presence_penalty: z.number().min(-2).max(2).nullable().optional(),
  frequency_penalty: z.number().min(-2).max(2).nullable().optional(),
  logprobs: z.boolean().nullable().optional(),
  top_logprobs: z.number().int().min(0).max(20).nullable().optional(),
  seed: z.number().int().nullable().optional(),
  user: z.string().optional(),
  tools: z.array(tool).optional(),
  tool_choice: z
    .union([
      z.enum(['none', 'auto', 'required']),
      z.object({ type: z.literal('function'), function: z.object({ name: z.string() }) }),
    ])
    .optional(),
  parallel_tool_calls: z.boolean().optional(),
  response_format: z
    .union([
      z.object({ type: z.literal('text') }),
      z.object({ type: z.literal('json_object') }),
      z.object({
        type: z.literal('json_schema'),
        json_schema: z.object({
          name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
          description: z.string().optional(),
          schema: z.record(z.string(), z.unknown()).optional(),
          strict: z.boolean().nullable().optional(),
        }),
      }),
    ])
    .optional(),
  reasoning_effort: z.enum(['none', 'minimal', 'low', 'medium', 'high', 'xhigh']).nullable().optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
});
