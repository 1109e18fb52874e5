import type { IrUsage } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';
import { geminiUsageToIr } from './gemini-usage-to-ir.js';

/**
 * The usage of a whole `GenerateContentResponse`, read without converting the answer: the body
 * must be an object without `error` whose `candidates` (when present) is an array, with a
 * `usageMetadata` object. Undefined otherwise: the caller then converts the answer, which gives
 * the same usage or none.
 */
export function geminiAnswerUsage(wire: unknown): IrUsage | undefined {
  const body = asRecord(wire);
  if (!body || body.error !== undefined || asRecord(body.usageMetadata) === undefined) return undefined;
  if (body.candidates !== undefined && !Array.isArray(body.candidates)) return undefined;
  return geminiUsageToIr(body.usageMetadata);
}
