import type { IrContentPart, IrOpaque, IrResponse, OpaqueOrigin } from '@interlingua/ir';
import { sealCarrier, type CarrierContents, type TurnReasoning } from './reasoning-carrier.js';
import type { CarrierCounts } from '../context/carrier-counts.js';
import { callerReasoningOf, carrierKindOf } from './reasoning-family.js';
import type { SealKey } from './sealed-bytes.js';

/** How reasoning going to a caller is sealed: the caller's family, its key, and the upstream's family. */
export interface CarrierSealing {
  /** The family whose opaque field the caller's style has. */
  callerFamily: OpaqueOrigin;
  seal: SealKey;
  /** The family of the upstream that answered: the origin of reasoning that came without an artefact. */
  upstreamFamily: OpaqueOrigin;
  /** The request's carrier counts: each carrier made is counted as sealed. */
  counts?: CarrierCounts;
}

/** The caller-style opaque value holding sealed contents. */
export function carrierOpaque(contents: CarrierContents, sealing: CarrierSealing): IrOpaque {
  if (sealing.counts) sealing.counts.sealed++;
  return {
    origin: sealing.callerFamily,
    kind: carrierKindOf(sealing.callerFamily),
    data: sealCarrier(contents, sealing.seal),
  };
}

/** Whether an opaque artefact needs a carrier to reach this caller (it is not the caller's own family's). */
export function isForeign(opaque: IrOpaque | undefined, sealing: CarrierSealing): opaque is IrOpaque {
  return opaque !== undefined && opaque.origin !== sealing.callerFamily && opaque.origin !== 'interlingua';
}

/**
 * Whether visible reasoning without any artefact gets a carrier: Anthropic callers need one, as
 * their style shows reasoning only in a signed thinking block; chat callers get every reasoning
 * part as a carrier, as their `reasoning_content` merges the parts into one text.
 */
export function needsTextCarrier(text: string, sealing: CarrierSealing): boolean {
  return text !== '' && callerReasoningOf(sealing.callerFamily)?.textCarriers === true;
}

/** What a carrier holds for a reasoning part: its text too, for chat callers (see `needsTextCarrier`). */
export function reasoningContents(
  origin: string,
  text: string,
  opaque: IrOpaque | undefined,
  sealing: CarrierSealing,
): CarrierContents {
  const withText = callerReasoningOf(sealing.callerFamily)?.carrierHoldsText === true;
  return { origin, ...(opaque ? { opaque } : {}), ...(withText ? { text } : {}) };
}

/**
 * Reasoning parts with another provider's artefact -> the same part with a carrier in the caller's
 * family; a signed tool call -> the call with a carrier in place (see `signsCalls`) or, for styles
 * whose tool calls have no opaque field, an empty reasoning part holding the carrier right before
 * the call. Everything else is unchanged.
 */
export function sealPart(part: IrContentPart, sealing: CarrierSealing): IrContentPart[] {
  if (part.type === 'reasoning') {
    if (isForeign(part.opaque, sealing))
      return [
        {
          type: 'reasoning',
          text: part.text,
          opaque: carrierOpaque(reasoningContents(part.opaque.origin, part.text, part.opaque, sealing), sealing),
        },
      ];
    if (!part.opaque && needsTextCarrier(part.text, sealing))
      return [
        {
          type: 'reasoning',
          text: part.text,
          opaque: carrierOpaque(reasoningContents(sealing.upstreamFamily, part.text, undefined, sealing), sealing),
        },
      ];
    return [part];
  }
  if (part.type === 'tool-call' && isForeign(part.opaque, sealing)) {
    const { opaque, ...call } = part;
    if (signsCalls(sealing)) return [{ ...call, opaque: carrierOpaque({ origin: opaque.origin, opaque }, sealing) }];
    return [
      {
        type: 'reasoning',
        text: '',
        opaque: carrierOpaque({ origin: opaque.origin, opaque, toolCall: true }, sealing),
      },
      call,
    ];
  }
  return [part];
}

/**
 * Whether the caller's style has a field on the tool call itself for its carrier: Gemini's
 * `thoughtSignature`, and for chat callers `extra_content.google.thought_signature` (the field
 * Gemini's OpenAI-compatible API uses, which OpenAI-compatible clients keep on the calls they
 * send back). Other styles get the carrier in a reasoning part right before the call.
 */
export function signsCalls(sealing: CarrierSealing): boolean {
  return callerReasoningOf(sealing.callerFamily)?.signsCalls === true;
}

/**
 * Gemini 3 wants a signature on the first function call of each model turn. A Gemini caller whose
 * turn came from another provider gets a carrier there, holding no artefact of the call: sent back,
 * it tells the gateway the turn is foreign (never relayed as is), and the documented bypass is sent
 * instead. It also holds the turn's signed reasoning, for clients that drop thought parts.
 */
export function needsCallCarrier(sealing: CarrierSealing): boolean {
  return (
    callerReasoningOf(sealing.callerFamily)?.firstCallCarrier === true &&
    sealing.upstreamFamily !== sealing.callerFamily
  );
}

/** The contents of the bare carrier on a Gemini caller's first call (see `needsCallCarrier`). */
export function callCarrierContents(turn: readonly TurnReasoning[], sealing: CarrierSealing): CarrierContents {
  return { origin: sealing.upstreamFamily, ...(turn.length > 0 ? { turn: [...turn] } : {}) };
}

function sealContent(content: readonly IrContentPart[], sealing: CarrierSealing): IrContentPart[] {
  const sealed = content.flatMap((part) => sealPart(part, sealing));
  const first = content.findIndex((part) => part.type === 'tool-call');
  const at = sealed.findIndex((part) => part.type === 'tool-call');
  const call = sealed[at];
  if (call?.type === 'tool-call' && call.opaque === undefined && needsCallCarrier(sealing)) {
    const turn = content
      .slice(0, first)
      .flatMap((part) => (part.type === 'reasoning' && isForeign(part.opaque, sealing) ? [part] : []))
      .map((part) => ({ text: part.text, opaque: part.opaque as IrOpaque }));
    sealed[at] = { ...call, opaque: carrierOpaque(callCarrierContents(turn, sealing), sealing) };
  }
  return sealed;
}

/** A complete answer with every foreign artefact sealed for the caller (see `sealPart`). */
export function sealAnswer(response: IrResponse, sealing: CarrierSealing): IrResponse {
  return {
    ...response,
    choices: response.choices.map((choice) => ({ ...choice, content: sealContent(choice.content, sealing) })),
  };
}
