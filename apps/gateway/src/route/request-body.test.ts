import fc from 'fast-check';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import { describe, expect, it } from 'vitest';
import { anyJsonValue, anyText } from '../http/json-texts.test-support.js';
import { pendingField } from '../http/lazy-json-body.js';
import { checkForwardedMediaUrls } from '../services/forwarded-media-urls.js';
import { bodyTarget } from './generation-route.js';
import { LAZY_FROM_BYTES, parseJsonObject, parseRequestBody, SCAN_FROM_BYTES } from './request-body.js';
import { checkRequiredFields } from './required-fields.js';

const POLICY = {};
const STYLES: GenerationStyle[] = ['openai-chat', 'openai-responses', 'anthropic-messages', 'gemini'];

/**
 * What a generation route makes of a body before routing it: the model and stream flag, the
 * required fields and limits, the media-URL policy; then what the relay reads and sends (the
 * object as a spread and as JSON). An error is compared by its message and field.
 */
function routeReading(wire: GenerationStyle, raw: Buffer, parse: (raw: Buffer) => Record<string, unknown>): unknown {
  try {
    const json = parse(raw);
    const target = bodyTarget(undefined as never, json);
    checkRequiredFields(wire, json);
    checkForwardedMediaUrls(wire, json, POLICY);
    return {
      model: target.model,
      stream: target.stream,
      hasStreamOptions: 'stream_options' in json,
      keys: Object.keys(json),
      spread: JSON.stringify({ ...json, model: 'upstream-model' }),
      text: JSON.stringify(json),
    };
  } catch (error) {
    const { message, param } = error as { message: string; param?: string };
    return { error: message, param };
  }
}

const URLS = [
  'https://example.com/a.png',
  'http://10.0.0.1/a.png',
  'http://127.0.0.1/x',
  'data:image/png;base64,AA',
  'gs://b/o',
];
const part = fc.oneof(
  fc.record({ type: fc.constant('text'), text: anyText() }),
  fc.record({ type: fc.constant('image_url'), image_url: fc.record({ url: fc.constantFrom(...URLS) }) }),
  fc.record({
    type: fc.constantFrom('input_image', 'input_file'),
    image_url: fc.constantFrom(...URLS),
    file_url: fc.constantFrom(...URLS),
  }),
  fc.record({
    type: fc.constantFrom('image', 'document'),
    source: fc.record({ type: fc.constant('url'), url: fc.constantFrom(...URLS) }),
  }),
  fc.record({ fileData: fc.record({ fileUri: fc.constantFrom(...URLS) }) }),
  fc.record({ file_data: fc.record({ file_uri: fc.constantFrom(...URLS) }) }),
  fc.record({
    type: fc.constantFrom('text', 'function'),
    text: fc.constantFrom('"type":"image_url"', 'fileData image document', '{"type":"input_file"}'),
  }),
  anyJsonValue(2),
);
/** A long turn, so that the content passes the sizes from which it waits. */
const padding = { role: 'user', content: [{ type: 'text', text: 'x'.repeat(SCAN_FROM_BYTES) }] };
const content = fc.array(
  fc.record({
    role: fc.constantFrom('user', 'assistant'),
    content: fc.array(part, { maxLength: 3 }),
    parts: fc.array(part, { maxLength: 2 }),
  }),
  { maxLength: 4 },
);
const body = fc.record(
  {
    model: fc.oneof(fc.constantFrom('gpt-4.1-mini', 'claude-x', ''), fc.integer()),
    stream: fc.oneof(fc.boolean(), fc.constant('yes'), fc.constant(null)),
    stream_options: fc.record({ include_usage: fc.boolean() }),
    messages: fc.oneof(
      content.map((turns) => [padding, ...turns]),
      fc.constant({ turn: padding }),
      fc.constant([]),
    ),
    input: fc.oneof(
      anyText(),
      content.map((turns) => [padding, ...turns]),
    ),
    contents: content.map((turns) => [...turns, padding]),
    system: fc.oneof(anyText(), content),
    max_tokens: fc.oneof(fc.integer({ min: -1, max: 9 }), fc.constant('8')),
    temperature: fc.oneof(fc.double({ min: -1, max: 3, noNaN: true }), fc.constant(null)),
    metadata: anyJsonValue(2),
  },
  { requiredKeys: [] },
);

/** Rewrites letters of the media names (and the key `type`) as \u escapes, which a byte search cannot see. */
const escapeNames = (text: string): string =>
  text.replace(
    /"(image_url|input_image|input_file|image|document|fileData|file_data|type)"/g,
    (_m, name: string) => `"\\u00${name.charCodeAt(0).toString(16)}${name.slice(1)}"`,
  );

describe('parseRequestBody', () => {
  it('waits to parse a large content value and parses it on first read', () => {
    const raw = Buffer.from(JSON.stringify({ model: 'm', messages: [padding], stream: true }));
    const json = parseRequestBody(raw, 'openai-chat', (model) => model === 'm');
    expect(pendingField(json, 'messages')?.field.end).toBeGreaterThan(LAZY_FROM_BYTES);
    expect(json.messages).toEqual([padding]);
    expect(pendingField(json, 'messages')).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(json, 'messages')?.value).toEqual([padding]);
  });

  it('parses a body to be translated whole', () => {
    const raw = Buffer.from(JSON.stringify({ model: 'm', messages: [padding], stream: true }));
    expect(
      pendingField(
        parseRequestBody(raw, 'openai-chat', () => false),
        'messages',
      ),
    ).toBeUndefined();
  });

  it('parses a small body whole', () => {
    const json = parseRequestBody(
      Buffer.from('{"model":"m","messages":[{"role":"user","content":"hi"}]}'),
      'openai-chat',
      () => true,
    );
    expect(pendingField(json, 'messages')).toBeUndefined();
  });

  it('gives the route the same reading as parsing the whole body, for any body of any style', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STYLES),
        body,
        fc.boolean(),
        fc.option(fc.nat(), { nil: undefined }),
        fc.boolean(),
        (wire, value, escaped, cutAt, relayed) => {
          let text = JSON.stringify(value, null, cutAt !== undefined && cutAt % 3 === 0 ? 1 : undefined);
          if (escaped) text = escapeNames(text);
          if (cutAt !== undefined && cutAt % 5 === 1) text = text.slice(0, text.length - 1 - (cutAt % 7));
          const raw = Buffer.from(text);
          expect(routeReading(wire, raw, (bytes) => parseRequestBody(bytes, wire, () => relayed))).toEqual(
            routeReading(wire, raw, parseJsonObject),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
