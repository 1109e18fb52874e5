import type { IrOpaque, OpaqueOrigin } from '@interlingua/ir';
import { asRecord, safeJsonParse } from '@interlingua/ir-utils';
import { openBytes, sealBytes, type SealKey, type SealOpenFailure, type SealPurpose } from './sealed-bytes.js';

/**
 * How every carrier starts: 8 characters of the base64 alphabet, so a carrier is plain base64
 * (clients that decode a Gemini `thoughtSignature` as bytes and encode it again keep it intact)
 * and a raw request body can be scanned for it cheaply.
 */
export const CARRIER_PREFIX = 'iLgRsN01';
const MAGIC = Buffer.from(CARRIER_PREFIX, 'base64');
/**
 * The prefix without its first character, searched for in raw bodies: Node searches a needle of
 * up to 7 bytes with `memchr` on its first byte (a rare `L` here), and a longer one by a path that
 * is about 30 times slower on a 64 KB request of English and code.
 */
const PREFIX_TAIL = Buffer.from(CARRIER_PREFIX.slice(1), 'utf8');
const PREFIX_HEAD = CARRIER_PREFIX.charCodeAt(0);

const CARRIER: SealPurpose = {
  format: Buffer.from('interlingua-reasoning-carrier-1', 'utf8'),
  bindingLabel: 'reasoning',
};

/** What a carrier holds: reasoning from another provider, kept for the caller to send back. */
export interface CarrierContents {
  /** The family the reasoning came from. */
  origin: OpaqueOrigin;
  /** The provider's opaque artefact, byte for byte; absent when the reasoning had visible text only. */
  opaque?: IrOpaque;
  /** The artefact belonged to the tool call right after the carrier (a Gemini function-call signature). */
  toolCall?: boolean;
  /** The visible reasoning text, for callers whose style keeps it apart from the carrier (chat). */
  text?: string;
  /**
   * On the first function call of a Gemini caller's turn from another provider: the turn's signed
   * reasoning before the call, again. Gemini clients that keep the calls' `thoughtSignature` but
   * drop thought parts from the history they send back (Gemini CLI) bring it back this way.
   */
  turn?: TurnReasoning[];
}

/** A reasoning part of a turn, as a call carrier holds it: its text and the provider's artefact. */
export interface TurnReasoning {
  text: string;
  opaque: IrOpaque;
}

export type OpenedCarrier = { ok: true; contents: CarrierContents } | { ok: false; reason: SealOpenFailure };

/** True when an opaque value is a gateway carrier (whether or not it opens). */
export function isCarrier(data: string): boolean {
  return data.startsWith(CARRIER_PREFIX);
}

/** A cheap look at a raw request body: could it hold a carrier? */
export function bodyMayHoldCarrier(raw: Buffer): boolean {
  for (let at = raw.indexOf(PREFIX_TAIL, 1); at !== -1; at = raw.indexOf(PREFIX_TAIL, at + 1)) {
    if (raw[at - 1] === PREFIX_HEAD) return true;
  }
  return false;
}

/** Seals contents for the API key in `seal`: `CARRIER_PREFIX` then base64 (with padding). */
export function sealCarrier(contents: CarrierContents, seal: SealKey): string {
  return Buffer.concat([MAGIC, sealBytes(JSON.stringify(contents), CARRIER, seal)]).toString('base64');
}

/** Opens a carrier made by `sealCarrier` under the same secret and API key. */
export function openCarrier(data: string, seal: SealKey): OpenedCarrier {
  if (!isCarrier(data)) return { ok: false, reason: 'unreadable' };
  const opened = openBytes(Buffer.from(data, 'base64').subarray(MAGIC.length), CARRIER, seal);
  if (!opened.ok) return opened;
  const parsed = safeJsonParse(opened.plaintext);
  const record = parsed.ok ? asRecord(parsed.value) : undefined;
  if (!record || typeof record.origin !== 'string') return { ok: false, reason: 'unreadable' };
  const contents: CarrierContents = { origin: record.origin };
  const opaque = opaqueOf(record.opaque);
  if (opaque) contents.opaque = opaque;
  if (record.toolCall === true) contents.toolCall = true;
  if (typeof record.text === 'string') contents.text = record.text;
  if (Array.isArray(record.turn)) contents.turn = record.turn.flatMap(turnReasoningOf);
  return { ok: true, contents };
}

function opaqueOf(value: unknown): IrOpaque | undefined {
  const opaque = asRecord(value);
  if (!opaque || typeof opaque.origin !== 'string' || typeof opaque.data !== 'string' || !isOpaqueKind(opaque.kind))
    return undefined;
  return {
    origin: opaque.origin,
    kind: opaque.kind,
    data: opaque.data,
    ...(typeof opaque.itemId === 'string' ? { itemId: opaque.itemId } : {}),
  };
}

function turnReasoningOf(value: unknown): TurnReasoning[] {
  const record = asRecord(value);
  const opaque = opaqueOf(record?.opaque);
  return record && typeof record.text === 'string' && opaque ? [{ text: record.text, opaque }] : [];
}

function isOpaqueKind(kind: unknown): kind is IrOpaque['kind'] {
  return kind === 'signature' || kind === 'encrypted' || kind === 'redacted';
}
