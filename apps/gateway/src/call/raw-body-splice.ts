import { CLOSE_OBJECT, JsonMembers, OPEN_OBJECT, trimJsonSpaceEnd } from '../http/json-lexer.js';
import { hasTailRoom } from '../http/read-body.js';

/*
 * On the fast path the caller's body goes upstream with at most the model replaced (and, for chat
 * streams, `stream_options.include_usage` added). Re-serialising the parsed body costs as much as
 * parsing it again (a 64 KB agent request: ~150 µs and a second 64 KB string), so the new values
 * are spliced into the caller's bytes instead. The splice is taken only when the body's top-level
 * layout is certain (one plain `"model"` key holding a string, no escaped key at the top level);
 * anything else is answered `undefined` and the caller serialises the parsed body as before.
 */

const MODEL_KEY = Buffer.from('model');
const STREAM_OPTIONS_KEY = Buffer.from('stream_options');
const INCLUDE_USAGE = Buffer.from(',"stream_options":{"include_usage":true}');

/** Where the top-level keys the fast path rewrites sit in a JSON object's bytes. */
interface TopLevelLayout {
  /** Byte range of the `model` value, quotes included. */
  model: { start: number; end: number };
  hasStreamOptions: boolean;
  /** Index of the closing brace of the top-level object. */
  close: number;
}

/**
 * Finds the top-level `model` value and whether `stream_options` is present, walking the bytes
 * once (strings are skipped with `indexOf`). Undefined when the layout is not certain: not an
 * object, an escaped top-level key (it could spell `model`), `model` twice or not a string.
 */
export function topLevelLayout(raw: Buffer): TopLevelLayout | undefined {
  const members = JsonMembers.ofObject(raw);
  if (!members) return undefined;
  let model: TopLevelLayout['model'] | undefined;
  let hasStreamOptions = false;
  while (members.next()) {
    if (members.keyEscaped()) return undefined;
    if (members.keyIs(MODEL_KEY)) {
      const end = members.stringValueEnd();
      if (model || end === -1) return undefined;
      model = { start: members.valueStart, end };
    } else if (members.keyIs(STREAM_OPTIONS_KEY)) hasStreamOptions = true;
  }
  return model && members.close !== -1 ? { model, hasStreamOptions, close: members.close } : undefined;
}

/**
 * Where the closing brace of `raw` (known to parse to a JSON object) is: its last byte that is
 * not white space, with a member before it; undefined for an empty object or any other last byte.
 */
function appendPoint(raw: Buffer): number | undefined {
  const close = trimJsonSpaceEnd(raw, raw.length) - 1;
  if (raw[close] !== CLOSE_OBJECT) return undefined;
  const last = trimJsonSpaceEnd(raw, close) - 1;
  return last < 0 || raw[last] === OPEN_OBJECT ? undefined : close;
}

/**
 * `raw` with `member` (`,"key":value`) added before the closing brace (see `appendPoint`). No
 * walk: the bytes are read from the end.
 */
function appendMember(raw: Buffer, member: Buffer): Buffer | undefined {
  const close = appendPoint(raw);
  return close === undefined ? undefined : Buffer.concat([raw.subarray(0, close), member, raw.subarray(close)]);
}

/** A body edited in place, and how to give the caller's bytes back. */
export interface EditedInPlace {
  body: Buffer;
  /** Puts the caller's bytes back: call it once nothing reads `body` any more (the upstream call settled). */
  restore(): void;
}

/**
 * `raw` with `"stream_options":{"include_usage":true}` added before its closing brace, written
 * in the free memory after it (`hasRoom`: memory of its own, see `hasTailRoom`) instead of a copy
 * of the whole body: the same bytes as `spliceFastPathBody` gives. Until `restore()` the caller's
 * buffer reads the edited bytes from the brace on. Undefined without room or an append point.
 */
export function appendIncludeUsageInPlace(raw: Buffer, hasRoom: boolean): EditedInPlace | undefined {
  const close = hasRoom ? appendPoint(raw) : undefined;
  if (close === undefined) return undefined;
  const tail = Buffer.from(raw.subarray(close));
  const body = Buffer.from(raw.buffer, raw.byteOffset, raw.length + INCLUDE_USAGE.length);
  INCLUDE_USAGE.copy(body, close);
  tail.copy(body, close + INCLUDE_USAGE.length);
  return { body, restore: () => void tail.copy(body, close) };
}

/**
 * The caller's body with `model` set to `upstreamModel` and, when `addIncludeUsage`,
 * `"stream_options":{"include_usage":true}` appended; undefined when the splice is not certain
 * to give what serialising the parsed body would (see `topLevelLayout`; `stream_options`
 * already present; the located model differs from the parsed `callerModel`).
 *
 * `callerHasStreamOptions` is what the parsed body says (whether it has a top-level
 * `stream_options`): given `false` when the model stays and only usage is added, the member is
 * appended at the closing brace without walking the body. Not given, the body is walked.
 */
export function spliceFastPathBody(
  raw: Buffer,
  callerModel: string,
  upstreamModel: string,
  addIncludeUsage: boolean,
  callerHasStreamOptions?: boolean,
): Buffer | undefined {
  if (upstreamModel === callerModel && addIncludeUsage && callerHasStreamOptions === false) {
    const appended = appendMember(raw, INCLUDE_USAGE);
    if (appended) return appended;
  }
  const layout = topLevelLayout(raw);
  if (!layout || (addIncludeUsage && layout.hasStreamOptions)) return undefined;
  const { start, end } = layout.model;
  if (JSON.parse(raw.toString('utf8', start, end)) !== callerModel) return undefined;
  const parts = [raw.subarray(0, start), Buffer.from(JSON.stringify(upstreamModel)), raw.subarray(end, layout.close)];
  if (addIncludeUsage) parts.push(INCLUDE_USAGE);
  parts.push(raw.subarray(layout.close));
  return Buffer.concat(parts);
}

/**
 * The caller's body (`json` parsed) with `model` set to `upstreamModel` and `include_usage` added when asked: in place
 * when only usage is added and `inPlace` allows it, else spliced; undefined when neither is certain.
 */
export function relayedBodyBytes(
  raw: Buffer,
  json: Record<string, unknown>,
  upstreamModel: string | undefined,
  addIncludeUsage: boolean,
  inPlace: boolean,
): Buffer | EditedInPlace | undefined {
  const hasStreamOptions = 'stream_options' in json;
  if (upstreamModel === undefined && addIncludeUsage && !hasStreamOptions && inPlace) {
    const edited = appendIncludeUsageInPlace(raw, hasTailRoom(raw, INCLUDE_USAGE.length));
    if (edited) return edited;
  }
  const callerModel = json.model;
  if (typeof callerModel !== 'string') return undefined;
  return spliceFastPathBody(raw, callerModel, upstreamModel ?? callerModel, addIncludeUsage, hasStreamOptions);
}
