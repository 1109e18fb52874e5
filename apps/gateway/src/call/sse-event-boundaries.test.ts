import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSseText } from '@interlingua/ir-utils';
import { eventMessages, findEventEnd, UsageObjectScan } from './sse-event-boundaries.js';

describe('findEventEnd', () => {
  it('finds LF LF and CRLF CRLF boundaries and waits for incomplete events', () => {
    const buffer = Buffer.from('data: a\n\ndata: b\r\n\r\ndata: c\n');
    const first = findEventEnd(buffer, 0);
    expect(buffer.subarray(0, first).toString()).toBe('data: a\n\n');
    const second = findEventEnd(buffer, first);
    expect(buffer.subarray(first, second).toString()).toBe('data: b\r\n\r\n');
    expect(findEventEnd(buffer, second)).toBe(-1);
  });
});

/** The scan asked about one event that is the whole buffer. */
function holdsUsageObject(event: Buffer): boolean {
  const scan = new UsageObjectScan();
  scan.reset(event);
  return scan.holds(0, event.length);
}

/**
 * The reading it must agree with: a quote, the name, anything up to the next quote, a colon and a
 * brace, with JSON whitespace (space, tab, line feed, carriage return) allowed around the colon.
 */
const usageReference = (event: Buffer): boolean => /"usage[^"]*"[ \t\n\r]*:[ \t\n\r]*\{/.test(event.toString('latin1'));

const usagePiece = fc.constantFrom(
  '"',
  'usage',
  'xusage',
  '"usage"',
  '"usageMetadata"',
  '":{',
  '": {',
  'x',
  ':',
  ' ',
  '\t',
  '{',
  '}',
  'null',
  ',',
  '\n\n',
  '\r',
  'é',
);

describe('UsageObjectScan', () => {
  it('sees usage objects and ignores null usage', () => {
    expect(holdsUsageObject(Buffer.from('data: {"usage":null,"choices":[]}'))).toBe(false);
    expect(holdsUsageObject(Buffer.from('data: {"choices":[],"usage" : {"prompt_tokens":1}}'))).toBe(true);
    expect(holdsUsageObject(Buffer.from('data: {"usageMetadata":{"promptTokenCount":1}}'))).toBe(true);
  });

  it('needs the quote before the name: a name inside another key or at the very start is no key', () => {
    expect(holdsUsageObject(Buffer.from('data: {"x_usage":{"a":1}}'))).toBe(false);
    expect(holdsUsageObject(Buffer.from('usage":{}'))).toBe(false);
    expect(holdsUsageObject(Buffer.from('"usage":{}'))).toBe(true);
    expect(holdsUsageObject(Buffer.from('data: {"usage":null,"a":"usage","usage" :\t{}}'))).toBe(true);
  });

  it('finds what a search for every `"usage…": {` finds, in any text', () => {
    fc.assert(
      fc.property(fc.array(usagePiece, { maxLength: 14 }), (pieces) => {
        const event = Buffer.from(pieces.join(''));
        expect(holdsUsageObject(event)).toBe(usageReference(event));
      }),
      { numRuns: 1000 },
    );
  });

  it('reads each event of a buffer as if it were alone: nothing of one event counts for another', () => {
    fc.assert(
      fc.property(fc.array(usagePiece, { maxLength: 30 }), (pieces) => {
        const buffer = Buffer.from(pieces.join(''));
        const scan = new UsageObjectScan();
        scan.reset(buffer);
        for (let start = 0, end = findEventEnd(buffer, 0); end !== -1; start = end, end = findEventEnd(buffer, start)) {
          expect(scan.holds(start, end)).toBe(usageReference(buffer.subarray(start, end)));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('tells events apart in one buffer, whichever holds the usage', () => {
    const buffer = Buffer.from(
      'data: {"a":"usage"}\n\ndata: {"usage":null}\n\ndata: {"x":1}\n\ndata: {"usage":{"n":1}}\n\ndata: {"usage"\n\n:{}}\n\ndata: "usage\n\ndata: ":{}\n\n',
    );
    const scan = new UsageObjectScan();
    scan.reset(buffer);
    const seen: boolean[] = [];
    for (let start = 0, end = findEventEnd(buffer, 0); end !== -1; start = end, end = findEventEnd(buffer, start))
      seen.push(scan.holds(start, end));
    expect(seen).toEqual([false, false, false, true, false, false, false, false]);
  });
});

describe('eventMessages', () => {
  it('reads a lone data line directly, with LF or CRLF line ends', () => {
    expect(eventMessages(Buffer.from('data: {"a":"é"}\n\n'))).toEqual([{ data: '{"a":"é"}' }]);
    expect(eventMessages(Buffer.from('data:{"a":1}\r\n\r\n'))).toEqual([{ data: '{"a":1}' }]);
    expect(eventMessages(Buffer.from('data:  two spaces\n\n'))).toEqual([{ data: ' two spaces' }]);
  });

  it('leaves every other event to the parser', () => {
    expect(eventMessages(Buffer.from('event: ping\ndata: {}\n\n'))).toEqual([{ event: 'ping', data: '{}' }]);
    expect(eventMessages(Buffer.from('data: a\ndata: b\n\n'))).toEqual([{ data: 'a\nb' }]);
    expect(eventMessages(Buffer.from('data: a\rb\n\n'))).toEqual([{ data: 'a' }]);
    expect(eventMessages(Buffer.from(': keep-alive\n\n'))).toEqual([]);
  });

  it('reads any event as the SSE parser does', () => {
    const line = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 8 }).map((text) => `data: ${text}`),
      fc.string({ unit: 'grapheme', maxLength: 8 }).map((text) => `data:${text}`),
      fc.constantFrom('event: ping', ': comment', 'id: 7', 'retry: 10', 'data', 'data: a\rb', 'data: a\nb', 'data:  x'),
    );
    const end = fc.constantFrom('\n', '\r\n', '\r');
    fc.assert(
      fc.property(fc.array(fc.tuple(line, end), { minLength: 1, maxLength: 3 }), end, (lines, blank) => {
        const text = lines.map(([content, lineEnd]) => content + lineEnd).join('') + blank;
        expect(eventMessages(Buffer.from(text))).toEqual(parseSseText(text));
      }),
      { numRuns: 1000 },
    );
  });
});
