import type { IrUsage } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';
import { anthropicUsageLenientSchema } from './anthropic-messages-response-schema.js';
import { anthropicUsageToIr } from './anthropic-messages-usage-to-ir.js';

/**
 * The usage of a whole Anthropic message, read without converting the answer: the body must be a
 * `type: "message"` object whose `content` is an array of typed blocks, with a `usage` object.
 * Undefined otherwise: the caller then converts the answer, which gives the same usage or none.
 */
export function anthropicMessagesAnswerUsage(wire: unknown): IrUsage | undefined {
  const body = asRecord(wire);
  if (!body || body.type !== 'message' || !Array.isArray(body.content)) return undefined;
  if (!body.content.every((block) => typeof asRecord(block)?.type === 'string')) return undefined;
  if (typeof body.id !== 'string' || typeof body.model !== 'string' || asRecord(body.usage) === undefined)
    return undefined;
  const usage = anthropicUsageLenientSchema.safeParse(body.usage);
  return usage.success ? anthropicUsageToIr(usage.data) : undefined;
}
