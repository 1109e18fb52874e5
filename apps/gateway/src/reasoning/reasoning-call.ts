import type { IrRequest, IrStreamEvent, IrResponse, IrWarning } from '@interlingua/ir';
import type { CarrierCounts } from '../context/carrier-counts.js';
import type { ForeignReasoningPolicy } from './foreign-reasoning-policy.js';
import { applyForeignReasoningPolicy } from './foreign-reasoning-policy.js';
import { openCarriers } from './open-carriers.js';
import { callerFamilyOf, reasoningFamilyOf } from './reasoning-family.js';
import { sealAnswer, type CarrierSealing } from './seal-answer.js';
import { CarrierStreamSealer } from './seal-stream.js';
import type { SealKey } from './sealed-bytes.js';

/** What a generation call needs to keep reasoning across providers. */
export interface ReasoningContext {
  /** The gateway's sealing secret and the caller's API key name. */
  seal: SealKey;
  /** The route's `reasoning.foreign` setting. */
  policy: ForeignReasoningPolicy;
  /** The caller's style. */
  callerWire: string;
  /** The caller's request body: Responses callers get carriers only when they ask for encrypted reasoning. */
  callerBody: Record<string, unknown>;
  /** The carriers this request sealed, opened and dropped (for its trace). */
  carriers: CarrierCounts;
}

/**
 * The request for one target and how its answer is sealed for the caller (`sealingFor`): carriers
 * opened (the original artefacts back in place), then the policy for the target's family applied.
 * Bedrock-style wires (not named by a string) keep their own check in their encoder.
 */
export function reasoningForTarget(
  ir: IrRequest,
  targetWire: unknown,
  context: ReasoningContext,
): { ir: IrRequest; warnings: IrWarning[]; sealing: CarrierSealing | undefined } {
  const opened = openCarriers(ir.messages, context.seal);
  // Each attempt opens the same history again: the request's counts are those of the last one.
  context.carriers.opened = opened.opened;
  context.carriers.dropped = opened.dropped;
  const sealing = sealingFor(context, targetWire);
  if (typeof targetWire !== 'string')
    return { ir: { ...ir, messages: opened.messages }, warnings: opened.warnings, sealing };
  const policed = applyForeignReasoningPolicy(opened.messages, reasoningFamilyOf(targetWire), context.policy);
  return { ir: { ...ir, messages: policed.messages }, warnings: [...opened.warnings, ...policed.warnings], sealing };
}

function asksForEncryptedReasoning(body: Record<string, unknown>): boolean {
  return Array.isArray(body.include) && body.include.includes('reasoning.encrypted_content');
}

/** How answers from `upstreamWire` are sealed for this caller; undefined when its style has no field for them. */
export function sealingFor(context: ReasoningContext, upstreamWire: unknown): CarrierSealing | undefined {
  const callerFamily = callerFamilyOf(context.callerWire);
  if (!callerFamily) return undefined;
  if (callerFamily === 'openai' && !asksForEncryptedReasoning(context.callerBody)) return undefined;
  const upstreamFamily =
    reasoningFamilyOf(upstreamWire) ?? (typeof upstreamWire === 'string' ? upstreamWire : 'bedrock-converse');
  // Only the answering attempt's carriers reach the caller.
  context.carriers.sealed = 0;
  return { callerFamily, seal: context.seal, upstreamFamily, counts: context.carriers };
}

/** A whole answer sealed for the caller (unchanged when the caller's style has no field). */
export function sealAnswerFor(response: IrResponse, sealing: CarrierSealing | undefined): IrResponse {
  return sealing ? sealAnswer(response, sealing) : response;
}

/** Seals stream events for the caller; undefined when the caller's style has no field (nothing to do). */
export function streamSealerFor(
  sealing: CarrierSealing | undefined,
): ((events: readonly IrStreamEvent[]) => IrStreamEvent[]) | undefined {
  if (!sealing) return undefined;
  const sealer = new CarrierStreamSealer(sealing);
  return (events) => sealer.push(events);
}
