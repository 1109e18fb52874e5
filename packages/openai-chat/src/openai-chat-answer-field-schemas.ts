import * as z from 'zod/mini';
import { safeInt } from '@interlingua/ir-utils';
import './zod-english.js';

/*
 * The answer fields the chat encoder carries over from another chat answer (kept in its
 * extensions) when they are well-formed, exactly as OpenAI sends them. The strict answer schemas
 * are built from these; a module of their own so a translator needs only these, not the rest.
 * @see https://platform.openai.com/docs/api-reference/chat/object
 */

export const count = safeInt().check(z.nonnegative());

const topLogprob = z.strictObject({ token: z.string(), logprob: z.number(), bytes: z.nullable(z.array(safeInt())) });

const tokenLogprob = z.strictObject({
  token: z.string(),
  logprob: z.number(),
  bytes: z.nullable(z.array(safeInt())),
  top_logprobs: z.array(topLogprob),
});

const annotation = z.strictObject({
  type: z.literal('url_citation'),
  url_citation: z.strictObject({ start_index: count, end_index: count, title: z.string(), url: z.string() }),
});

/** Fields of a `chat.completion` answer. */
export const answerFieldSchemas = {
  service_tier: z.optional(z.nullable(z.literal(['auto', 'default', 'flex', 'scale', 'priority']))),
  system_fingerprint: z.optional(z.string()),
};

/** Fields of a choice. */
export const choiceFieldSchemas = {
  logprobs: z.nullable(
    z.strictObject({ content: z.nullable(z.array(tokenLogprob)), refusal: z.nullable(z.array(tokenLogprob)) }),
  ),
};

/** Fields of a choice's message. */
export const messageFieldSchemas = {
  annotations: z.optional(z.array(annotation)),
  audio: z.optional(
    z.nullable(z.strictObject({ id: z.string(), data: z.string(), expires_at: z.number(), transcript: z.string() })),
  ),
};
