import * as z from 'zod/mini';
import { safeInt } from '@interlingua/ir-utils';
import './zod-english.js';
import { anthropicMessagesRequestSchema } from './anthropic-messages-request-schema.js';

/*
 * The count-tokens schemas live apart from the request schemas: translators never count tokens,
 * so their bundles leave this module out.
 */

/** `POST /v1/messages/count_tokens` body: the same as a request, `max_tokens` optional. */
export const anthropicCountTokensRequestSchema = z.extend(anthropicMessagesRequestSchema, {
  max_tokens: z.optional(safeInt().check(z.nonnegative())),
});

/** `POST /v1/messages/count_tokens` answer. */
export const anthropicCountTokensResponseSchema = z.strictObject({ input_tokens: safeInt().check(z.nonnegative()) });

export type AnthropicCountTokensRequest = z.infer<typeof anthropicCountTokensRequestSchema>;
export type AnthropicCountTokensResponse = z.infer<typeof anthropicCountTokensResponseSchema>;
