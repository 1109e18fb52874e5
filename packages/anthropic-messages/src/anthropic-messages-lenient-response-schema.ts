import { withFallback } from '@interlingua/ir-utils';
import * as z from 'zod/mini';
import './zod-english.js';
import { anthropicMessageShapeSchema, anthropicUsageLenientSchema } from './anthropic-messages-response-schema.js';

const { type, role, content } = anthropicMessageShapeSchema.shape;

/**
 * A response: only `content` must be an array (`anthropicMessageShapeSchema`); everything else is
 * read leniently. `response.toIr` reads the same from the shape alone.
 */
export const anthropicMessagesResponseSchema = z.looseObject({
  id: withFallback(z.string(), ''),
  type,
  role,
  model: withFallback(z.string(), ''),
  content,
  stop_reason: withFallback(z.nullish(z.string()), null),
  stop_sequence: withFallback(z.nullish(z.string()), null),
  usage: withFallback(z.nullish(anthropicUsageLenientSchema), null),
});

export type AnthropicMessagesResponseLenient = z.infer<typeof anthropicMessagesResponseSchema>;
