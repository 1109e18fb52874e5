import fc from 'fast-check';
import { anthropicStrictErrorBodySchema } from '@interlingua/anthropic-messages';
import { geminiStrictErrorBodySchema } from '@interlingua/gemini';
import { safeJsonParse } from '@interlingua/ir-utils';
import { openAiChatStrictErrorSchema } from '@interlingua/openai-chat';
import { GATEWAY_KEY } from './gateway-harness.test-support.js';

/** The error shape a path answers in (as the gateway picks it from the path). */
export type ErrorStyle = 'openai' | 'anthropic' | 'gemini';

/** A route that takes a JSON body, with a minimal valid body and what its errors must name. */
export interface JsonRoute {
  path: string;
  style: ErrorStyle;
  auth: Record<string, string>;
  /** A valid body for the `mock` model (for routes that read the model from the path, the path says `mock`). */
  valid: Record<string, unknown>;
  /** Which field an empty object `{}` must be told it lacks. */
  required: RegExp;
  /** A field of the valid body given the wrong type, and what the error must name. */
  wrongType: [field: string, value: unknown, names: RegExp];
  /** Where the model is read from: the body, or the path (Gemini). */
  model: 'body' | 'path';
}

const bearer = { authorization: `Bearer ${GATEWAY_KEY}` };
const anthropic = { 'x-api-key': GATEWAY_KEY, 'anthropic-version': '2023-06-01' };
const google = { 'x-goog-api-key': GATEWAY_KEY };
const userTurn = [{ role: 'user', content: 'hi' }];
const geminiTurn = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };

/** Every JSON route that reads a model, each as its clients call it. */
export const JSON_ROUTES: readonly JsonRoute[] = [
  {
    path: '/v1/chat/completions',
    style: 'openai',
    auth: bearer,
    valid: { model: 'mock', messages: userTurn },
    required: /model|messages/,
    wrongType: ['messages', 'hello', /messages/],
    model: 'body',
  },
  {
    path: '/v1/responses',
    style: 'openai',
    auth: bearer,
    valid: { model: 'mock', input: 'hi', store: false },
    required: /model|input/,
    wrongType: ['input', 42, /input/],
    model: 'body',
  },
  {
    path: '/v1/messages',
    style: 'anthropic',
    auth: anthropic,
    valid: { model: 'mock', max_tokens: 16, messages: userTurn },
    required: /model|messages|max_tokens/,
    wrongType: ['max_tokens', 'many', /max_tokens/],
    model: 'body',
  },
  {
    path: '/v1/messages/count_tokens',
    style: 'anthropic',
    auth: anthropic,
    valid: { model: 'mock', messages: userTurn },
    required: /model|messages/,
    wrongType: ['messages', 7, /messages/],
    model: 'body',
  },
  {
    path: '/v1beta/models/mock:generateContent',
    style: 'gemini',
    auth: google,
    valid: geminiTurn,
    required: /contents/,
    wrongType: ['contents', 'hi', /contents/],
    model: 'path',
  },
  {
    path: '/v1beta/models/mock:streamGenerateContent?alt=sse',
    style: 'gemini',
    auth: google,
    valid: geminiTurn,
    required: /contents/,
    wrongType: ['contents', 3, /contents/],
    model: 'path',
  },
  {
    path: '/v1beta/models/mock:countTokens',
    style: 'gemini',
    auth: google,
    valid: geminiTurn,
    required: /contents|generateContentRequest/,
    wrongType: ['contents', true, /contents/],
    model: 'path',
  },
  {
    path: '/v1/embeddings',
    style: 'openai',
    auth: bearer,
    valid: { model: 'mock', input: 'hi' },
    required: /model|input/,
    wrongType: ['input', { text: 'hi' }, /input/],
    model: 'body',
  },
];

/** Each style's strict error body; returns the message. Throws when the body is not one. */
export function styleErrorMessage(style: ErrorStyle, text: string): string {
  const parsed = safeJsonParse(text);
  if (!parsed.ok) throw new Error(`the error body is not JSON: ${text.slice(0, 200)}`);
  if (style === 'anthropic') return anthropicStrictErrorBodySchema.parse(parsed.value).error.message;
  if (style === 'gemini') return geminiStrictErrorBodySchema.parse(parsed.value).error.message;
  return openAiChatStrictErrorSchema.parse(parsed.value).error.message;
}

/** The error style the gateway answers a path in (as `errorCodecForPath` decides it). */
export function errorStyleOfPath(path: string): ErrorStyle {
  if (path.startsWith('/v1beta')) return 'gemini';
  if (path.startsWith('/v1/messages')) return 'anthropic';
  return 'openai';
}

/** A bad body case for a JSON route: the body to send, and the status and message the answer must have. */
export interface BadBody {
  name: string;
  body(route: JsonRoute): string;
  status: number;
  names(route: JsonRoute): RegExp;
}

/** The per-endpoint body limit the bad-input harness sets (`limits.maxBodyBytes`). */
export const BODY_LIMIT = 64 * 1024;

export const BAD_BODIES: readonly BadBody[] = [
  { name: 'malformed JSON', body: () => '{"model":', status: 400, names: () => /JSON/ },
  { name: 'an empty body', body: () => '', status: 400, names: () => /JSON|empty|body/i },
  { name: 'JSON that is not an object', body: () => '[1,2,3]', status: 400, names: () => /object/i },
  {
    name: 'nesting 300 levels deep',
    body: () => `${'['.repeat(300)}${']'.repeat(300)}`,
    status: 400,
    names: () => /nest|deep/i,
  },
  {
    name: 'a body over the limit',
    body: (route) => JSON.stringify({ ...route.valid, padding: 'x'.repeat(BODY_LIMIT) }),
    status: 413,
    names: () => new RegExp(`${BODY_LIMIT}`),
  },
  { name: 'missing fields', body: () => '{}', status: 400, names: (route) => route.required },
  {
    name: 'a field of the wrong type',
    body: (route) => JSON.stringify({ ...route.valid, [route.wrongType[0]]: route.wrongType[1] }),
    status: 400,
    names: (route) => route.wrongType[2],
  },
];

/** Bytes that never occur in UTF-8. */
const NEVER_UTF8 = [0xc0, 0xc1, 0xf5, 0xf8, 0xfe, 0xff] as const;

/** A hostile body for a JSON route: its bytes, the status it must get, and what the error must name. */
export interface HostileBody {
  bytes: Buffer;
  status: number;
  names: RegExp;
}

/** Hostile bodies of one kind for a route, as a fast-check arbitrary. */
export type HostileKind = (route: JsonRoute) => fc.Arbitrary<HostileBody>;

const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

/** Marks where hostile bytes go in a serialised body. */
const SLOT = 'HOSTILE-SLOT-7f3a';

/** The route's valid body with `field` set to the slot, serialised and split around it. */
function aroundSlot(route: JsonRoute, field: string): [string, string] {
  const [head = '', tail = ''] = JSON.stringify({ ...route.valid, [field]: SLOT }).split(`"${SLOT}"`);
  return [head, tail];
}

/**
 * Kinds of hostile JSON bodies, each always invalid: bytes that are not UTF-8 inside a string,
 * nesting past the parser's depth limit inside a field, a field of the wrong type beside a huge
 * string, and JSON cut at any point.
 */
export const HOSTILE_BODIES: ReadonlyArray<readonly [string, HostileKind]> = [
  [
    'bytes that are not UTF-8',
    (route) =>
      fc
        .tuple(fc.string({ maxLength: 20 }), fc.array(fc.constantFrom(...NEVER_UTF8), { minLength: 1, maxLength: 6 }))
        .map(([text, bad]) => {
          const [head, tail] = aroundSlot(route, 'note');
          const inside = Buffer.concat([
            Buffer.from(JSON.stringify(text).slice(0, -1)),
            Buffer.from(bad),
            Buffer.from('"'),
          ]);
          return { bytes: Buffer.concat([Buffer.from(head), inside, Buffer.from(tail)]), status: 400, names: /UTF-8/ };
        }),
  ],
  [
    'nesting past the depth limit inside a field',
    (route) =>
      fc.integer({ min: 260, max: 5000 }).map((depth) => {
        const [head, tail] = aroundSlot(route, route.wrongType[0]);
        return {
          bytes: Buffer.from(`${head}${'['.repeat(depth)}${']'.repeat(depth)}${tail}`),
          status: 400,
          names: /nest|deep/i,
        };
      }),
  ],
  [
    'a field of the wrong type beside a huge string',
    (route) =>
      fc
        .tuple(
          fc.oneof(fc.boolean(), fc.array(fc.boolean(), { minLength: 1, maxLength: 3 })),
          fc.integer({ min: 1_000, max: BODY_LIMIT - 2_000 }),
        )
        .map(([value, size]) => ({
          bytes: json({ ...route.valid, [route.wrongType[0]]: value, padding: 'y'.repeat(size) }),
          status: 400,
          names: route.wrongType[2],
        })),
  ],
  [
    'JSON cut short',
    (route) =>
      fc.integer({ min: 1, max: 10_000 }).map((cut) => {
        const whole = JSON.stringify(route.valid);
        return { bytes: Buffer.from(whole.slice(0, cut % whole.length)), status: 400, names: /JSON|empty/i };
      }),
  ],
];

/** One part of a multipart body. */
export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  /** Extra header lines of the part. */
  headers?: string;
}

/** A multipart body with `boundary`, parts in order. */
export function multipartBody(boundary: string, parts: readonly FormPart[]): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const file =
      part.filename === undefined ? '' : `; filename="${part.filename}"\r\nContent-Type: application/octet-stream`;
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}${part.headers ?? ''}\r\n\r\n`,
      ),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(pieces);
}
