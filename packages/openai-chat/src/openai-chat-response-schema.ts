import * as z from 'zod';

/*
 * Lenient schemas for what an upstream answers: only the shape that makes a body a chat
 * completion is required; every other field falls back to a default instead of failing, and
 * unknown fields survive.
 * @see https://platform.openai.com/docs/api-reference/chat/object
 */

const lenientString = z.string().nullish().catch(null);

/** A tool call in a message or a stream delta (fragments lack id/name/arguments). */
export const openAiChatLenientToolCallSchema = z.looseObject({
  index: z.number().int().nonnegative().optional().catch(undefined),
  id: lenientString,
  type: lenientString,
  function: z
    .looseObject({
      name: lenientString,
      arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish().catch(null),
    })
    .nullish()
    .catch(null),
  custom: z.looseObject({ name: lenientString, input: lenientString }).nullish().catch(null),
});

/** Content as a string, or (Mistral and others) an array of parts whose text parts count. */
const lenientContent = z
  .union([z.string(), z.array(z.looseObject({ type: z.string().optional(), text: z.string().optional() }).catch({}))])
  .nullish()
  .catch(null);

const legacyFunctionCall = z.looseObject({ name: lenientString, arguments: lenientString }).nullish().catch(null);

/** A message (non-streaming) or a delta (streaming): the same fields, all optional. */
export const openAiChatLenientMessageSchema = z.looseObject({
  role: lenientString,
  content: lenientContent,
  refusal: lenientString,
  /** DeepSeek, vLLM, SGLang... */
  reasoning_content: lenientString,
  /** OpenRouter, Ollama, newer vLLM. */
  reasoning: lenientString,
  tool_calls: z.array(openAiChatLenientToolCallSchema).nullish().catch(null),
  function_call: legacyFunctionCall,
});

export const openAiChatLenientChoiceSchema = z.looseObject({
  index: z.number().int().nonnegative().optional().catch(undefined),
  message: openAiChatLenientMessageSchema.nullish().catch(null),
  delta: openAiChatLenientMessageSchema.nullish().catch(null),
  finish_reason: lenientString,
});

/** A chat completion as an upstream may send it (lenient: never fails on extra or odd fields). */
export const openAiChatResponseSchema = z.looseObject({
  id: z.string().catch(''),
  object: z.string().optional().catch(undefined),
  created: z.number().catch(0),
  model: z.string().catch(''),
  choices: z.array(openAiChatLenientChoiceSchema),
  usage: z.unknown().optional(),
});

/** A `chat.completion.chunk` as an upstream may send it (lenient). */
export const openAiChatChunkSchema = z.looseObject({
  id: z.string().catch(''),
  object: z.string().optional().catch(undefined),
  created: z.number().catch(0),
  model: z.string().catch(''),
  choices: z.array(openAiChatLenientChoiceSchema).nullish().catch(null),
  usage: z.unknown().optional(),
});

export type OpenAiChatLenientResponse = z.infer<typeof openAiChatResponseSchema>;
export type OpenAiChatLenientChunk = z.infer<typeof openAiChatChunkSchema>;
export type OpenAiChatLenientChoice = z.infer<typeof openAiChatLenientChoiceSchema>;
export type OpenAiChatLenientMessage = z.infer<typeof openAiChatLenientMessageSchema>;
export type OpenAiChatLenientToolCall = z.infer<typeof openAiChatLenientToolCallSchema>;
