import { describe, expect, it } from 'vitest';
import { findEventEnd, holdsUsageObject } from './sse-event-boundaries.js';

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

describe('holdsUsageObject', () => {
  it('sees usage objects and ignores null usage', () => {
    expect(holdsUsageObject(Buffer.from('data: {"usage":null,"choices":[]}'))).toBe(false);
    expect(holdsUsageObject(Buffer.from('data: {"choices":[],"usage" : {"prompt_tokens":1}}'))).toBe(true);
    expect(holdsUsageObject(Buffer.from('data: {"usageMetadata":{"promptTokenCount":1}}'))).toBe(true);
  });
});
