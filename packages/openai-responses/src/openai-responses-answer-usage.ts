import type { IrUsage } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';
import { openAiResponsesUsageSchema } from './openai-responses-response-schema.js';
import { openAiResponsesUsageToIr } from './openai-responses-usage-to-ir.js';

const isOptionalText = (value: unknown): boolean => value === undefined || value === null || typeof value === 'string';

/** Absent, null, or an object whose listed fields are absent, null or strings. */
function isOptionalTextRecord(value: unknown, fields: readonly string[]): boolean {
  if (value === undefined || value === null) return true;
  const record = asRecord(value);
  return record !== undefined && fields.every((field) => isOptionalText(record[field]));
}

/** The top-level shape `openAiResponsesResponseToIr` accepts, checked field by field. */
function isResponseShape(body: Record<string, unknown>): boolean {
  if (typeof body.id !== 'string' || typeof body.model !== 'string') return false;
  if (typeof body.created_at !== 'number' || !Number.isFinite(body.created_at)) return false;
  if (!isOptionalText(body.object) || !isOptionalText(body.status)) return false;
  if (
    !isOptionalTextRecord(body.incomplete_details, ['reason']) ||
    !isOptionalTextRecord(body.error, ['code', 'message'])
  )
    return false;
  return Array.isArray(body.output) && body.output.every((item) => typeof asRecord(item)?.type === 'string');
}

/**
 * The usage of a whole Responses answer, read without converting its output items: the body must
 * have the response's top-level shape and a `usage` object. Undefined otherwise: the caller then
 * converts the answer, which gives the same usage or none.
 */
export function openAiResponsesAnswerUsage(wire: unknown): IrUsage | undefined {
  const body = asRecord(wire);
  if (!body || asRecord(body.usage) === undefined || !isResponseShape(body)) return undefined;
  const usage = openAiResponsesUsageSchema.safeParse(body.usage);
  if (!usage.success) return undefined;
  const ir = openAiResponsesUsageToIr(usage.data);
  // Each `web_search_call` item is a billed search, as the full conversion counts them.
  const searches = (body.output as unknown[]).filter((item) => asRecord(item)?.type === 'web_search_call').length;
  if (searches > 0) ir.webSearchRequests = searches;
  return ir;
}
