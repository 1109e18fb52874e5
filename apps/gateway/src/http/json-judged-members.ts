import {
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COMMA,
  holdsBackslash,
  isWordAt,
  jsonStringEnd,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
} from './json-lexer.js';

/**
 * The members the gateway judges a request on: the top-level `model` (the key's allow-list, the
 * route) and each object's `type` (a content part's kind, which decides the media checks). A
 * parser keeps the last of two members of one name, an upstream's parser may keep the first: a
 * body relayed as sent would be judged on one and served on the other, so naming either twice in
 * one object (however spelled: `"\u006dodel"` is `model`) is refused.
 */
export type JudgedMember = 'model' | 'type';

const MODEL = Buffer.from('model');
const TYPE = Buffer.from('type');
/** Marks in an open object's entry: which judged names it has held. */
const HOLDS_MODEL = 1;
const HOLDS_TYPE = 2;
/** An open array's entry: it has no keys. */
const ARRAY = -1;

/** The judged name the key between the quotes at `open` and `end - 1` spells, if any. */
function judgedName(raw: Buffer, open: number, end: number, topLevel: boolean): JudgedMember | undefined {
  const start = open + 1;
  const stop = end - 1;
  if (holdsBackslash(raw, start, stop)) {
    let key: unknown;
    try {
      key = JSON.parse(raw.toString('utf8', open, end));
    } catch {
      return undefined;
    }
    return key === 'type' || (topLevel && key === 'model') ? key : undefined;
  }
  if (isWordAt(raw, start, stop, TYPE)) return 'type';
  return topLevel && isWordAt(raw, start, stop, MODEL) ? 'model' : undefined;
}

/**
 * The judged member named twice in one object of the JSON text `raw`, found in one walk over its
 * bytes (strings skipped with `indexOf`); undefined when there is none. The text is known to be
 * JSON (it parsed).
 */
export function judgedMemberTwice(raw: Buffer): JudgedMember | undefined {
  /** One entry per open container: `ARRAY`, or an object's marks. */
  const open: number[] = [];
  let expectKey = false;
  for (let at = 0; at < raw.length; at++) {
    const byte = raw[at];
    if (byte === QUOTE) {
      const end = jsonStringEnd(raw, at);
      if (end === -1) return undefined;
      if (expectKey) {
        expectKey = false;
        const name = judgedName(raw, at, end, open.length === 1);
        if (name !== undefined) {
          const mark = name === 'model' ? HOLDS_MODEL : HOLDS_TYPE;
          const marks = open[open.length - 1] as number;
          if ((marks & mark) !== 0) return name;
          open[open.length - 1] = marks | mark;
        }
      }
      at = end - 1;
    } else if (byte === OPEN_OBJECT) {
      open.push(0);
      expectKey = true;
    } else if (byte === OPEN_ARRAY) open.push(ARRAY);
    else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) open.pop();
    else if (byte === COMMA) expectKey = open[open.length - 1] !== ARRAY;
  }
  return undefined;
}
