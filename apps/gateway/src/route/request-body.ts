import { isAscii } from 'node:buffer';
import { invalidRequest } from '@interlingua/ir';
import { asRecord, safeJsonParse } from '@interlingua/ir-utils';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import { topLevelLayout } from '../call/raw-body-splice.js';
import type { ResolvedRoute } from '../context/route-target.js';
import { bodyText } from '../http/read-body.js';
import { parseJsonObjectInPieces } from '../http/json-object-pieces.js';
import { scanJsonObject } from '../http/json-body-scan.js';
import { judgedMemberTwice } from '../http/json-judged-members.js';
import {
  holdsBackslash,
  isWordAt,
  jsonStringEnd,
  memberValueStart,
  OPEN_OBJECT,
  QUOTE,
  skipJsonSpace,
} from '../http/json-lexer.js';
import { lazyJsonObject } from '../http/lazy-json-body.js';
import { byStyle, STYLE_BODY_FIELDS } from '../http/request-styles.js';

/**
 * Bodies from this size on are scanned instead of parsed whole: an agent conversation. The scan
 * reads string bytes four at a time (about 1 ns a byte); below this size the parse, its tree and
 * the lazy object's own cost are about even (see docs/performance.md, "Agent-sized requests").
 */
export const SCAN_FROM_BYTES = 16 * 1024;
/** A content value from this size on waits to be parsed until something reads it. */
export const LAZY_FROM_BYTES = 4 * 1024;

const LAZY_KEYS = byStyle((style): ReadonlySet<string> => new Set(STYLE_BODY_FIELDS[style].contentFields));

/**
 * A generation request's body as an object. A large body whose model's route relays it as it is
 * (`relayedAsIs`: the first target speaks the caller's style) is scanned over its bytes
 * (`scanJsonObject`): when the scan is sure of it, its conversation (the style's content fields)
 * is parsed only if something reads it — the same-style relay forwards the bytes and never does.
 * A body to be translated, and any body the scan is not sure of, is parsed whole (with the
 * parser's 400 for bad JSON): a translated body is read whole anyway, and a plain object is
 * cheaper for the translators to read than one with values still waiting.
 */
export function parseRequestBody(
  rawBody: Buffer,
  wire: GenerationStyle,
  relayedAsIs: (model: string) => boolean,
): Record<string, unknown> {
  if (rawBody.length >= SCAN_FROM_BYTES) {
    const model = peekModel(rawBody);
    const fields = model !== undefined && relayedAsIs(model) ? scanJsonObject(rawBody) : undefined;
    if (fields?.some((field) => field.typeTwice)) throw memberTwice('type');
    if (fields) return lazyJsonObject(rawBody, fields, LAZY_KEYS[wire], LAZY_FROM_BYTES);
  }
  return parseJsonObject(rawBody);
}

/**
 * The top-level model named by the bytes, found without parsing them (undefined when unsure). It
 * only chooses the branch: a body scanned after it is refused when it names `model` twice.
 */
export function peekModel(rawBody: Buffer): string | undefined {
  const model = leadingModel(rawBody) ?? topLevelLayout(rawBody)?.model;
  if (!model) return undefined;
  const parsed = safeJsonParse(rawBody.toString('utf8', model.start, model.end));
  return parsed.ok && typeof parsed.value === 'string' ? parsed.value : undefined;
}

const MODEL_KEY = Buffer.from('model');

/**
 * Where the model string lies when it is the body's first member (as SDKs and agents write it):
 * read from the first bytes, no walk. Undefined for any other layout, or a value with escapes.
 */
function leadingModel(raw: Buffer): { start: number; end: number } | undefined {
  const open = skipJsonSpace(raw, 0);
  if (raw[open] !== OPEN_OBJECT) return undefined;
  const key = skipJsonSpace(raw, open + 1);
  const keyEnd = key + MODEL_KEY.length + 2;
  if (raw[key] !== QUOTE || raw[keyEnd - 1] !== QUOTE || !isWordAt(raw, key + 1, keyEnd - 1, MODEL_KEY))
    return undefined;
  const start = memberValueStart(raw, keyEnd);
  const end = start === -1 || raw[start] !== QUOTE ? -1 : jsonStringEnd(raw, start);
  if (end === -1 || holdsBackslash(raw, start + 1, end - 1)) return undefined;
  return { start, end };
}

/** Whether the route's first target takes the caller's style as it is (the same-style relay). */
export function firstTargetSpeaks(route: ResolvedRoute | undefined, wire: GenerationStyle): boolean {
  const target = route?.targets[0];
  return (
    target !== undefined &&
    target.adapter.kind !== 'local' &&
    target.adapter.wire(target.settings, target.upstreamModel) === wire
  );
}

/**
 * V8 keeps a string of more than about 128 KB of memory in its large-object space, where making
 * one from bytes costs a millisecond or more whatever its size: a body whose text would be that
 * large (64 K characters once one of them is not Latin-1) is parsed in pieces instead.
 */
const LARGE_TEXT_BYTES = 128 * 1024;

/** Whether the text of `rawBody` would be a large V8 string (two bytes a character unless it is ASCII). */
function largeText(rawBody: Buffer): boolean {
  return rawBody.length >= LARGE_TEXT_BYTES || (rawBody.length >= LARGE_TEXT_BYTES / 2 && !isAscii(rawBody));
}

/** The body as a JSON object; 400 naming the problem otherwise. */
export function parseJsonObject(rawBody: Buffer): Record<string, unknown> {
  if (rawBody.length === 0) throw invalidRequest('The request body is empty: send a JSON object');
  const pieces = largeText(rawBody) ? parseJsonObjectInPieces(rawBody) : undefined;
  if (pieces) {
    refuseJudgedMembersTwice(rawBody);
    return pieces;
  }
  const parsed = safeJsonParse(bodyText(rawBody));
  if (!parsed.ok) throw invalidRequest(`The request body is not valid JSON: ${parsed.error}`);
  const object = asRecord(parsed.value);
  if (!object) throw invalidRequest('The request body must be a JSON object');
  refuseJudgedMembersTwice(rawBody);
  return object;
}

/** 400 for a body that names `model` (at the top level) or a part's `type` twice: the gateway would judge one and relay both. */
function refuseJudgedMembersTwice(rawBody: Buffer): void {
  const twice = judgedMemberTwice(rawBody);
  if (twice) throw memberTwice(twice);
}

const memberTwice = (name: string): Error =>
  invalidRequest(
    name === 'model'
      ? 'The request body names "model" twice: send one model member'
      : 'The request body names "type" twice in one object: send one type member per part',
    name,
  );
