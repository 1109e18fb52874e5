import * as z from 'zod/mini';
import { safeInt } from '@interlingua/ir-utils';
import './zod-english.js';
import {
  openAiResponsesStrictOutputItemSchema,
  openAiResponsesStrictOutputTextSchema,
  openAiResponsesStrictRefusalSchema,
  openAiResponsesStrictResponseSchema,
  openAiResponsesStrictSummaryTextSchema,
} from './openai-responses-strict-response-schema.js';

/**
 * Strict zod schema for the Responses stream events this package writes, following the
 * `ResponseStreamEvent` types of the installed openai SDK. Used in tests.
 * @see https://platform.openai.com/docs/api-reference/responses-streaming
 */

const sequence = { sequence_number: safeInt().check(z.nonnegative()) };
const at = { item_id: z.string().check(z.minLength(1)), output_index: safeInt().check(z.nonnegative()) };
const contentAt = { ...at, content_index: safeInt().check(z.nonnegative()) };
const summaryAt = { ...at, summary_index: safeInt().check(z.nonnegative()) };
const logprobs = z.array(z.looseObject({ token: z.string(), logprob: z.number() }));
const contentPart = z.discriminatedUnion('type', [
  openAiResponsesStrictOutputTextSchema,
  openAiResponsesStrictRefusalSchema,
]);

const lifecycle = <T extends string>(type: T) =>
  z.strictObject({ type: z.literal(type), response: openAiResponsesStrictResponseSchema, ...sequence });

const itemEvent = <T extends string>(type: T) =>
  z.strictObject({
    type: z.literal(type),
    output_index: safeInt().check(z.nonnegative()),
    item: openAiResponsesStrictOutputItemSchema,
    ...sequence,
  });

/** A hosted tool's progress event: only where its item is. */
const progress = <T extends string>(type: T) => z.strictObject({ type: z.literal(type), ...at, ...sequence });

export const openAiResponsesStrictStreamEventSchema = z.discriminatedUnion('type', [
  lifecycle('response.created'),
  lifecycle('response.in_progress'),
  lifecycle('response.completed'),
  lifecycle('response.incomplete'),
  lifecycle('response.failed'),
  itemEvent('response.output_item.added'),
  itemEvent('response.output_item.done'),
  z.strictObject({ type: z.literal('response.content_part.added'), ...contentAt, part: contentPart, ...sequence }),
  z.strictObject({ type: z.literal('response.content_part.done'), ...contentAt, part: contentPart, ...sequence }),
  z.strictObject({
    type: z.literal('response.output_text.delta'),
    ...contentAt,
    delta: z.string(),
    logprobs,
    ...sequence,
  }),
  z.strictObject({
    type: z.literal('response.output_text.done'),
    ...contentAt,
    text: z.string(),
    logprobs,
    ...sequence,
  }),
  z.strictObject({
    type: z.literal('response.output_text.annotation.added'),
    ...contentAt,
    annotation_index: safeInt().check(z.nonnegative()),
    annotation: z.looseObject({ type: z.string() }),
    ...sequence,
  }),
  z.strictObject({ type: z.literal('response.web_search_call.in_progress'), ...at, ...sequence }),
  z.strictObject({ type: z.literal('response.web_search_call.searching'), ...at, ...sequence }),
  z.strictObject({ type: z.literal('response.web_search_call.completed'), ...at, ...sequence }),
  progress('response.mcp_list_tools.in_progress'),
  progress('response.mcp_list_tools.completed'),
  progress('response.mcp_list_tools.failed'),
  progress('response.mcp_call.in_progress'),
  progress('response.mcp_call.completed'),
  progress('response.mcp_call.failed'),
  z.strictObject({ type: z.literal('response.mcp_call_arguments.delta'), ...at, delta: z.string(), ...sequence }),
  z.strictObject({ type: z.literal('response.mcp_call_arguments.done'), ...at, arguments: z.string(), ...sequence }),
  z.strictObject({ type: z.literal('response.refusal.delta'), ...contentAt, delta: z.string(), ...sequence }),
  z.strictObject({ type: z.literal('response.refusal.done'), ...contentAt, refusal: z.string(), ...sequence }),
  z.strictObject({ type: z.literal('response.function_call_arguments.delta'), ...at, delta: z.string(), ...sequence }),
  z.strictObject({
    type: z.literal('response.function_call_arguments.done'),
    ...at,
    name: z.string(),
    arguments: z.string(),
    ...sequence,
  }),
  z.strictObject({
    type: z.literal('response.reasoning_summary_part.added'),
    ...summaryAt,
    part: openAiResponsesStrictSummaryTextSchema,
    ...sequence,
  }),
  z.strictObject({
    type: z.literal('response.reasoning_summary_part.done'),
    ...summaryAt,
    part: openAiResponsesStrictSummaryTextSchema,
    status: z.optional(z.literal('incomplete')),
    ...sequence,
  }),
  z.strictObject({
    type: z.literal('response.reasoning_summary_text.delta'),
    ...summaryAt,
    delta: z.string(),
    ...sequence,
  }),
  z.strictObject({
    type: z.literal('response.reasoning_summary_text.done'),
    ...summaryAt,
    text: z.string(),
    ...sequence,
  }),
  z.strictObject({
    type: z.literal('error'),
    code: z.nullable(z.string()),
    message: z.string(),
    param: z.nullable(z.string()),
    ...sequence,
  }),
]);

export type OpenAiResponsesStreamEvent = z.infer<typeof openAiResponsesStrictStreamEventSchema>;
