import type { IrMessage, IrReasoningPart, IrRequest, IrUsage, IrWarning, Result } from '@interlingua/ir';
import * as z from 'zod/mini';
import './zod-english.js';
import { irMessagesToOpenAiResponsesInput } from './ir-to-openai-responses-input.js';
import { irToOpenAiResponsesUsage } from './ir-to-openai-responses-usage.js';
import { readRequestExtensions } from './openai-responses-extensions.js';
import { generatedItemId } from './openai-responses-item-ids.js';
import { openAiResponsesRequestToIr } from './openai-responses-request-to-ir.js';
import { openAiResponsesUsageSchema } from './openai-responses-response-schema.js';
import {
  type OpenAiResponsesUsage,
  openAiResponsesStrictCompactionSchema,
  openAiResponsesStrictUsageSchema,
} from './openai-responses-strict-response-schema.js';
import { parseOrThrow } from './openai-responses-zod-error.js';

/**
 * The body of `POST /v1/responses/compact` (loose: Codex also sends `tools`, `reasoning`, …).
 * @see https://platform.openai.com/docs/api-reference/responses/compact
 */
export const openAiResponsesCompactRequestSchema = z.looseObject({
  model: z.string(),
  input: z.nullish(z.union([z.string(), z.array(z.looseObject({}))])),
  instructions: z.nullish(z.string()),
  previous_response_id: z.nullish(z.string()),
});

export type OpenAiResponsesCompactRequest = z.infer<typeof openAiResponsesCompactRequestSchema>;

/** A compaction answer from an upstream, leniently. */
export const openAiResponsesCompactionResponseSchema = z.looseObject({
  id: z.string(),
  object: z.literal('response.compaction'),
  created_at: z.number(),
  output: z.array(z.looseObject({ type: z.string() })),
  usage: z.nullish(openAiResponsesUsageSchema),
});

/** A compaction answer as this package writes it (the SDK's `CompactedResponse`). */
export const openAiResponsesStrictCompactionResponseSchema = z.strictObject({
  id: z.string().check(z.minLength(1)),
  object: z.literal('response.compaction'),
  created_at: z.number(),
  output: z.array(
    z.looseObject({ type: z.string(), id: z.string().check(z.minLength(1)) }).check(
      z.superRefine((item, ctx) => {
        if (item.type !== 'compaction') return;
        const result = openAiResponsesStrictCompactionSchema.safeParse(item);
        if (!result.success)
          for (const issue of result.error.issues)
            ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }),
    ),
  ),
  usage: openAiResponsesStrictUsageSchema,
});

export type OpenAiResponsesCompactionResponse = z.infer<typeof openAiResponsesStrictCompactionResponseSchema>;

/** A compact request -> IR (validated with the compact schema, then read as a Responses request). */
export function openAiResponsesCompactRequestToIr(wire: unknown): Result<IrRequest> {
  const body = parseOrThrow(openAiResponsesCompactRequestSchema, wire);
  const { stream: _stream, ...rest } = body;
  return openAiResponsesRequestToIr(rest);
}

/** What a compaction answer is built from. */
export interface OpenAiResponsesCompactionParts {
  id: string;
  /** Unix seconds. */
  created: number;
  /** The turns kept as they are (usually the user messages). */
  messages: IrMessage[];
  /** The opaque compacted state. */
  encryptedContent: string;
  compactionId?: string;
  usage?: IrUsage;
}

function asOutputMessage(item: Record<string, unknown>, id: string): Record<string, unknown> {
  if (typeof item.role !== 'string') return { ...item, id: typeof item.id === 'string' ? item.id : id };
  const textType = item.role === 'assistant' ? 'output_text' : 'input_text';
  const content =
    typeof item.content === 'string'
      ? [{ type: textType, text: item.content, ...(textType === 'output_text' ? { annotations: [] } : {}) }]
      : item.content;
  return {
    id: typeof item.id === 'string' ? item.id : id,
    type: 'message',
    status: 'completed',
    role: item.role,
    content,
  };
}

/** Builds the `/v1/responses/compact` answer: the kept messages, then one `compaction` item. */
export function openAiResponsesCompactionFromIr(
  parts: OpenAiResponsesCompactionParts,
): Result<OpenAiResponsesCompactionResponse> {
  const warnings: IrWarning[] = [];
  const { input } = irMessagesToOpenAiResponsesInput(parts.messages, {}, warnings);
  const output = input.map((item, i) =>
    asOutputMessage(item, generatedItemId('msg', parts.id, i)),
  ) as OpenAiResponsesCompactionResponse['output'];
  const compactionId = parts.compactionId ?? `cmp_${parts.id.replace(/^resp_/, '')}`;
  output.push({ type: 'compaction', id: compactionId, encrypted_content: parts.encryptedContent });
  const usage: OpenAiResponsesUsage = irToOpenAiResponsesUsage(
    parts.usage ?? { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
  );
  return { value: { id: parts.id, object: 'response.compaction', created_at: parts.created, output, usage }, warnings };
}

/** A `compaction` input item found in an IR request. */
export interface OpenAiResponsesCompactionPart {
  messageIndex: number;
  partIndex: number;
  /** The reasoning part holding the blob in `opaque.data` (origin `openai`, or `interlingua` for `ilg1.` blobs). */
  part: IrReasoningPart;
  /** The item id, when the input gave one. */
  id?: string;
}

/** The `compaction` input items of a request read by this codec, in order. */
export function findCompactionItems(ir: IrRequest): OpenAiResponsesCompactionPart[] {
  const out: OpenAiResponsesCompactionPart[] = [];
  for (const ref of readRequestExtensions(ir.extensions).compaction ?? []) {
    const part = ir.messages[ref.message]?.content[ref.part];
    if (part?.type !== 'reasoning' || part.opaque?.kind !== 'encrypted') continue;
    out.push({ messageIndex: ref.message, partIndex: ref.part, part, ...(ref.id ? { id: ref.id } : {}) });
  }
  return out;
}
