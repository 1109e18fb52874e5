import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  JsonMembers,
  jsonContainerEnd,
  jsonStringEnd,
  jsonValueEnd,
  memberValueStart,
  skipJsonSpace,
  STRING_STOP,
  StringStops,
  trimJsonSpaceEnd,
} from './json-lexer.js';
import { anyJsonValue, anyText, spacedJson } from './json-texts.test-support.js';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

/** `raw` copied to start `offset` bytes into a buffer of its own (word reads start at the first aligned byte). */
function atOffset(raw: Uint8Array, offset: number): Buffer {
  const room = Buffer.alloc(raw.length + offset);
  room.set(raw, offset);
  return room.subarray(offset);
}

/** The first string stop from `from` on, one byte at a time: what the word scan must find. */
function stopByBytes(raw: Uint8Array, from: number): number {
  let at = from;
  while (at < raw.length && STRING_STOP[raw[at] as number] === 0) at++;
  return at;
}

/** Bytes a string scan can mistake: high bytes whose low seven bits are a quote, a backslash, a control character. */
const HARD_BYTES = [0x22, 0x5c, 0x00, 0x1f, 0x20, 0x7f, 0x80, 0x9c, 0xa2, 0xdc, 0xdd, 0xe2, 0xf0, 0xff, 0x61];

describe('skipJsonSpace, trimJsonSpaceEnd and memberValueStart', () => {
  it('skip exactly the four whitespace bytes of JSON, within bounds', () => {
    const raw = bytes(' \t\r\n\u000b x');
    expect(skipJsonSpace(raw, 0)).toBe(4);
    expect(skipJsonSpace(raw, 0, 2)).toBe(2);
    expect(trimJsonSpaceEnd(bytes('a \n\t'), 4)).toBe(1);
    expect(trimJsonSpaceEnd(bytes('  '), 2, 1)).toBe(1);
  });

  it('find a value after its key, or -1 without a colon', () => {
    const raw = bytes('"k" :\n {"a":1}');
    expect(memberValueStart(raw, 3)).toBe(7);
    expect(memberValueStart(bytes('"k" {'), 3)).toBe(-1);
    expect(memberValueStart(raw, 3, 4)).toBe(-1);
  });
});

describe('string ends', () => {
  it('count the backslashes before a quote', () => {
    const raw = bytes('"a\\"b\\\\" x');
    expect(jsonStringEnd(raw, 0)).toBe(8);
    expect(jsonStringEnd(bytes('"a\\"'), 0)).toBe(-1);
  });

  it('find the end of any string at any offset, by indexOf and four bytes at a time', () => {
    fc.assert(
      fc.property(anyText(24), fc.nat(3), (text, offset) => {
        const json = JSON.stringify(text);
        const raw = atOffset(bytes(`${json},1`), offset);
        expect(jsonStringEnd(raw, 0)).toBe(Buffer.byteLength(json));
        // The escapes aside, the word scan stops first at the closing quote.
        const plain = !json.slice(1, -1).includes('\\');
        if (plain) expect(new StringStops(raw).next(1)).toBe(Buffer.byteLength(json) - 1);
      }),
      { numRuns: 1500 },
    );
  });

  it('stops four bytes at a time exactly where a byte-by-byte scan stops, at any start and alignment', () => {
    const anyBytes = fc.oneof(
      fc.uint8Array({ maxLength: 40 }),
      fc.array(fc.constantFrom(...HARD_BYTES), { maxLength: 40 }).map((list) => Uint8Array.from(list)),
      anyText(16).map((text) => new Uint8Array(bytes(text))),
    );
    fc.assert(
      fc.property(anyBytes, fc.nat(3), fc.nat(), (raw, offset, start) => {
        const shifted = atOffset(raw, offset);
        const stops = new StringStops(shifted);
        const from = raw.length === 0 ? 0 : start % raw.length;
        for (let at = from; at <= raw.length; at++) expect(stops.next(at), `from ${at}`).toBe(stopByBytes(raw, at));
      }),
      { numRuns: 1500 },
    );
  });
});

describe('value and container ends', () => {
  it('end a value at the first delimiter outside strings and brackets', () => {
    const text = '{"a":["],", {"b":"}"}] , "c":1}';
    const raw = bytes(text);
    expect(jsonValueEnd(raw, 5)).toBe(text.indexOf(' , "c"') + 1);
    expect(jsonContainerEnd(raw, 0)).toBe(raw.length);
    expect(jsonContainerEnd(bytes('{"a":[1,2'), 0)).toBe(-1);
    expect(jsonContainerEnd(bytes('{"a":"}'), 0)).toBe(-1);
  });
});

describe('JsonMembers', () => {
  /** Each member's key and value as the walk reports them, parsed. */
  function walked(raw: Buffer, open: number): { members: Array<[unknown, unknown]>; close: number } {
    const members: Array<[unknown, unknown]> = [];
    const walk = new JsonMembers(raw, open);
    while (walk.next()) {
      const key =
        walk.keyStart === -1 ? undefined : (JSON.parse(raw.toString('utf8', walk.keyStart, walk.keyEnd)) as unknown);
      const value = JSON.parse(raw.toString('utf8', walk.valueStart, walk.valueEnd())) as unknown;
      expect(walk.valueEnd()).toBeLessThanOrEqual(walk.valueStop);
      members.push([key, value]);
    }
    return { members, close: walk.close };
  }

  it('walks the members of an object and the elements of an array, and where each closes', () => {
    expect(walked(bytes(' { "a" : [1, {"b":"]"}] ,"c":"\\"}" } '), 1)).toEqual({
      members: [
        ['a', [1, { b: ']' }]],
        ['c', '"}'],
      ],
      close: 35,
    });
    expect(walked(bytes('[ ]'), 0)).toEqual({ members: [], close: 2 });
    expect(walked(bytes('[1 , "x"]'), 0)).toEqual({
      members: [
        [undefined, 1],
        [undefined, 'x'],
      ],
      close: 8,
    });
  });

  it.each([
    ['a key that is no string', '{a:1}'],
    ['no colon', '{"a" 1}'],
    ['a trailing comma', '{"a":1,}'],
    ['the wrong closing bracket', '{"a":1]'],
    ['a cut text', '{"a":[1'],
  ])('cannot follow %s', (_name, text) => {
    const walk = new JsonMembers(bytes(text), 0);
    while (walk.next());
    expect(walk.close).toBe(-1);
  });

  it('reads any object of any Unicode text, written with any whitespace, as the parser does', () => {
    fc.assert(
      fc.property(
        fc.dictionary(anyText(8), anyJsonValue(3), { maxKeys: 6 }),
        fc.array(fc.constantFrom('', ' ', '\n', '\t', '\r\n  '), { minLength: 1, maxLength: 4 }),
        fc.nat(3),
        (object, gaps, offset) => {
          const raw = atOffset(bytes(spacedJson(object, gaps)), offset);
          const { members, close } = walked(raw, 0);
          expect(close).toBe(trimJsonSpaceEnd(raw, raw.length) - 1);
          expect(Object.fromEntries(members)).toEqual(JSON.parse(raw.toString('utf8')));
        },
      ),
      { numRuns: 800 },
    );
  });
});
