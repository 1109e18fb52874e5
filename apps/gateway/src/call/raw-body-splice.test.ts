import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyJsonValue, anyText } from '../http/json-texts.test-support.js';
import { appendIncludeUsageInPlace, spliceFastPathBody, topLevelLayout } from './raw-body-splice.js';

/** What the fast path sent before splicing: the parsed body with its model (and usage) replaced. */
function reserialised(raw: Buffer, upstreamModel: string, addIncludeUsage: boolean): unknown {
  const body: Record<string, unknown> = {
    ...(JSON.parse(raw.toString('utf8')) as Record<string, unknown>),
    model: upstreamModel,
  };
  if (addIncludeUsage) body.stream_options = { include_usage: true };
  return body;
}

const json = (text: string): Buffer => Buffer.from(text, 'utf8');

/** `raw` in memory of its own with 64 free bytes after it, as a large body is read. */
function withRoom(raw: Buffer): Buffer {
  const memory = Buffer.allocUnsafeSlow(raw.length + 64).fill(0x78);
  raw.copy(memory);
  return memory.subarray(0, raw.length);
}

describe('spliceFastPathBody (hand-written splice)', () => {
  it('replaces the model in the caller bytes, leaving the rest byte for byte', () => {
    const raw = json(
      '{ "messages": [{"role":"user","content":"say \\"model\\": \\\\"}], "model" : "alias", "stream": true }',
    );
    const spliced = spliceFastPathBody(raw, 'alias', 'gpt-4.1-mini', false);
    expect(spliced?.toString('utf8')).toBe(
      '{ "messages": [{"role":"user","content":"say \\"model\\": \\\\"}], "model" : "gpt-4.1-mini", "stream": true }',
    );
  });

  it('appends stream_options.include_usage at the end of the top-level object', () => {
    const raw = json('{"model":"a","messages":[{"model":"nested"}],"stream":true}\n');
    const spliced = spliceFastPathBody(raw, 'a', 'b', true);
    expect(JSON.parse(spliced?.toString('utf8') ?? 'null')).toEqual({
      model: 'b',
      messages: [{ model: 'nested' }],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it.each([
    ['an escaped top-level key that could spell model', '{"model":"a","mod\\u0065l":"a"}'],
    ['model twice', '{"model":"a","x":1,"model":"a"}'],
    ['a model that is not a string', '{"model":7}'],
    ['no model at the top level', '{"messages":[{"model":"a"}]}'],
    ['an array body', '[{"model":"a"}]'],
  ])('leaves %s to serialisation', (_what, text) => {
    expect(spliceFastPathBody(json(text), 'a', 'b', false)).toBeUndefined();
  });

  it('leaves a body that already has stream_options to serialisation when usage must be added', () => {
    const raw = json('{"model":"a","stream_options":{"include_obfuscation":false}}');
    expect(topLevelLayout(raw)?.hasStreamOptions).toBe(true);
    expect(spliceFastPathBody(raw, 'a', 'b', true)).toBeUndefined();
    expect(JSON.parse(spliceFastPathBody(raw, 'a', 'b', false)?.toString('utf8') ?? 'null')).toEqual({
      model: 'b',
      stream_options: { include_obfuscation: false },
    });
  });

  it('refuses a located model that differs from the parsed one', () => {
    expect(spliceFastPathBody(json('{"model":"a"}'), 'other', 'b', false)).toBeUndefined();
  });

  it('appends include_usage at the closing brace without a walk when the model stays and the parsed body has no stream_options', () => {
    const raw = json('{"model":"a","messages":[{"content":"}"}]} \n');
    expect(spliceFastPathBody(raw, 'a', 'a', true, false)?.toString('utf8')).toBe(
      '{"model":"a","messages":[{"content":"}"}],"stream_options":{"include_usage":true}} \n',
    );
    // A layout the walk refuses (an escaped key) is no obstacle to appending: the model is not touched.
    const escaped = json('{"model":"a","mod\\u0065l":"a"}');
    expect(spliceFastPathBody(escaped, 'a', 'a', true)).toBeUndefined();
    expect(JSON.parse(spliceFastPathBody(escaped, 'a', 'a', true, false)?.toString('utf8') ?? 'null')).toEqual({
      model: 'a',
      stream_options: { include_usage: true },
    });
  });

  it('walks the body when appending is not for it: a model to replace, stream_options present, an empty object', () => {
    const raw = json('{"model":"a","x":1}');
    expect(JSON.parse(spliceFastPathBody(raw, 'a', 'b', true, false)?.toString('utf8') ?? 'null')).toEqual({
      model: 'b',
      x: 1,
      stream_options: { include_usage: true },
    });
    expect(spliceFastPathBody(json('{"model":"a","stream_options":{}}'), 'a', 'a', true, true)).toBeUndefined();
    expect(spliceFastPathBody(json(' { } '), 'a', 'a', true, false)).toBeUndefined();
  });

  it('appends the same bytes as the walking splice, for any body and layout (property)', () => {
    const key = fc.oneof(fc.constantFrom('model', 'messages', 'stream', 'tools', 'm"odel'), anyText(6));
    const body = fc.tuple(fc.dictionary(key, anyJsonValue(3), { maxKeys: 6 }), anyText(8), fc.nat(5));
    fc.assert(
      fc.property(
        body,
        fc.constantFrom(undefined, 1, '\t'),
        fc.constantFrom('', ' ', '\n\t '),
        ([fields, model, position], space, trailing) => {
          const entries = Object.entries(fields).filter(([name]) => name !== 'model' && name !== 'stream_options');
          entries.splice(Math.min(position, entries.length), 0, ['model', model]);
          const raw = json(JSON.stringify(Object.fromEntries(entries), null, space) + trailing);
          const appended = spliceFastPathBody(raw, model, model, true, false);
          expect(appended).toBeDefined();
          expect(JSON.parse(appended?.toString('utf8') ?? 'null')).toEqual(reserialised(raw, model, true));
          const walked = spliceFastPathBody(raw, model, model, true);
          if (walked) expect(appended?.equals(walked)).toBe(true);
          // In place, in the room after the bytes: the same bytes, and the caller's back after restore().
          const roomy = withRoom(raw);
          const edited = appendIncludeUsageInPlace(roomy, true);
          expect(edited?.body.equals(appended as Buffer)).toBe(true);
          edited?.restore();
          expect(roomy.equals(raw)).toBe(true);
          expect(appendIncludeUsageInPlace(roomy, false)).toBeUndefined();
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('edits in place only where it would append, and puts the caller bytes back', () => {
    expect(appendIncludeUsageInPlace(withRoom(json('{}')), true)).toBeUndefined();
    expect(appendIncludeUsageInPlace(withRoom(json('{"a":1} x')), true)).toBeUndefined();
    const raw = withRoom(json('{"model":"m","stream":true} \n'));
    const edited = appendIncludeUsageInPlace(raw, true);
    expect(edited?.body.toString()).toBe('{"model":"m","stream":true,"stream_options":{"include_usage":true}} \n');
    expect(edited?.body.buffer).toBe(raw.buffer);
    edited?.restore();
    expect(raw.toString()).toBe('{"model":"m","stream":true} \n');
  });

  it('gives what serialising the parsed body gives, for any body and layout (property)', () => {
    const key = fc.oneof(
      fc.constantFrom('model', 'messages', 'stream', 'stream_options', 'tools', 'mode', 'models', 'm"odel'),
      anyText(6),
    );
    const value = anyJsonValue(3);
    const body = fc.tuple(fc.dictionary(key, value, { maxKeys: 6 }), anyText(8), fc.nat(5));
    const spacing = fc.constantFrom(undefined, 1, 2, '\t');
    fc.assert(
      fc.property(
        body,
        spacing,
        anyText(8),
        fc.boolean(),
        ([fields, model, position], space, upstreamModel, addIncludeUsage) => {
          const entries = Object.entries(fields).filter(([name]) => name !== 'model');
          entries.splice(Math.min(position, entries.length), 0, ['model', model]);
          const raw = json(JSON.stringify(Object.fromEntries(entries), null, space));
          const spliced = spliceFastPathBody(raw, model, upstreamModel, addIncludeUsage);
          const hasStreamOptions = entries.some(([name]) => name === 'stream_options');
          const escapedKey = entries.some(([name]) => JSON.stringify(name).includes('\\'));
          if (!(addIncludeUsage && hasStreamOptions) && !escapedKey) expect(spliced).toBeDefined();
          if (spliced)
            expect(JSON.parse(spliced.toString('utf8'))).toEqual(reserialised(raw, upstreamModel, addIncludeUsage));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
