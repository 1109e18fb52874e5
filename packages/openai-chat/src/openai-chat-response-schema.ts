import { withFallback, safeInt } from '@interlingua/ir-utils';
import * as z from 'zod/mini';
import './zod-english.js';

/*
 * Lenient schemas for what an upstream answers: only the shape that makes a body a chat
 * completion is required; every other field falls back to a default instead of failing, and
 * unknown fields survive.
 * @see https://platform.openai.com/docs/api-reference/chat/object
 */

const lenientString = withFallback(z.nullish(z.string()), null);

/** A tool call in a message or a stream delta (fragments lack id/name/arguments). */
export const openAiChatLenientToolCallSchema = z.looseObject({
  index: withFallback(z.optional(safeInt().check(z.nonnegative())), undefined),
  id: lenientString,
  type: lenientString,
  function: withFallback(
    z.nullish(
      z.looseObject({
        name: lenientString,
        arguments: withFallback(z.nullish(z.union([z.string(), z.record(z.string(), z.unknown())])), null),
      }),
    ),
    null,
  ),
  custom: withFallback(z.nullish(z.looseObject({ name: lenientString, input: lenientString })), null),
});

/** Content as a string, or (Mistral and others) an array of parts whose text parts count. */
const lenientContent = withFallback(
  z.nullish(
    z.union([
      z.string(),
      z.array(withFallback(z.looseObject({ type: z.optional(z.string()), text: z.optional(z.string()) }), {})),
    ]),
  ),
  null,
);

const legacyFunctionCall = withFallback(
  z.nullish(z.looseObject({ name: lenientString, arguments: lenientString })),
  null,
);

/** A message (non-streaming) or a delta (streaming): the same fields, all optional. */
export const openAiChatLenientMessageSchema = z.looseObject({
  role: lenientString,
  content: lenientContent,
  refusal: lenientString,
  /** DeepSeek, vLLM, SGLang... */
  reasoning_content: lenientString,
  /** OpenRouter, Ollama, newer vLLM. */
  reasoning: lenientString,
  tool_calls: withFallback(z.nullish(z.array(openAiChatLenientToolCallSchema)), null),
  function_call: legacyFunctionCall,
});

export const openAiChatLenientChoiceSchema = z.looseObject({
  index: withFallback(z.optional(safeInt().check(z.nonnegative())), undefined),
  message: withFallback(z.nullish(openAiChatLenientMessageSchema), null),
  delta: withFallback(z.nullish(openAiChatLenientMessageSchema), null),
  finish_reason: lenientString,
});

/** A chat completion as an upstream may send it (lenient: never fails on extra or odd fields). */
export const openAiChatResponseSchema = z.looseObject({
  id: withFallback(z.string(), ''),
  object: withFallback(z.optional(z.string()), undefined),
  created: withFallback(z.number(), 0),
  model: withFallback(z.string(), ''),
  choices: z.array(openAiChatLenientChoiceSchema),
  usage: z.optional(z.unknown()),
});

/** A `chat.completion.chunk` as an upstream may send it (lenient). */
export const openAiChatChunkSchema = z.looseObject({
  id: withFallback(z.string(), ''),
  object: withFallback(z.optional(z.string()), undefined),
  created: withFallback(z.number(), 0),
  model: withFallback(z.string(), ''),
  choices: withFallback(z.nullish(z.array(openAiChatLenientChoiceSchema)), null),
  usage: z.optional(z.unknown()),
});

export type OpenAiChatLenientResponse = z.infer<typeof openAiChatResponseSchema>;
export type OpenAiChatLenientChunk = z.infer<typeof openAiChatChunkSchema>;
export type OpenAiChatLenientChoice = z.infer<typeof openAiChatLenientChoiceSchema>;
export type OpenAiChatLenientMessage = z.infer<typeof openAiChatLenientMessageSchema>;
export type OpenAiChatLenientToolCall = z.infer<typeof openAiChatLenientToolCallSchema>;
