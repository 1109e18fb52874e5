import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { encodeMultipart, withField } from './multipart-body.js';
import { readMultipart, type MultipartEntry, type MultipartSpec } from './multipart.js';

const LIMITS = { maxFileBytes: 1000, maxTotalBytes: 10_000 };
const SPEC: MultipartSpec = { files: { image: { required: true, maxCount: 4 }, mask: {} }, limits: LIMITS };

/** A request stream carrying `body` in pieces of `chunk` bytes. */
function fakeRequest(
  body: Buffer,
  contentType: string,
  chunk = 64,
  declareLength = false,
): IncomingMessage & { consumed(): number } {
  const pieces: Buffer[] = [];
  for (let i = 0; i < body.length; i += chunk) pieces.push(body.subarray(i, i + chunk));
  let consumed = 0;
  const stream = Readable.from(pieces, { objectMode: false }).on('data', (piece: Buffer) => (consumed += piece.length));
  const headers: Record<string, string> = {
    'content-type': contentType,
    ...(declareLength ? { 'content-length': String(body.length) } : {}),
  };
  return Object.assign(stream, { headers, consumed: () => consumed }) as unknown as IncomingMessage & {
    consumed(): number;
  };
}

function file(name: string, bytes: number, filename = 'a.png'): MultipartEntry {
  return {
    name,
    file: { field: name.replace('[]', ''), filename, contentType: 'image/png', data: Buffer.alloc(bytes, 7) },
  };
}

async function failure(promise: Promise<unknown>): Promise<IrError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(IrError);
  return error as IrError;
}

describe('readMultipart', () => {
  it('reads fields, key[] arrays, repeated names and several files in order (round trip with encodeMultipart)', async () => {
    const entries: MultipartEntry[] = [
      { name: 'prompt', value: 'Add a "hat"\r\nplease' },
      { name: 'timestamp_granularities[]', value: 'word' },
      { name: 'chunking_strategy[type]', value: 'server_vad' },
      file('image[]', 10, 'a.png'),
      file('image[]', 20, 'b "quoted".png'),
      { name: 'tag', value: 'one' },
      { name: 'tag', value: 'two' },
      { name: 'stream', value: 'true' },
    ];
    const { body, contentType } = encodeMultipart(entries);
    const form = await readMultipart(fakeRequest(body, contentType), SPEC);
    expect(form.fields).toEqual({
      prompt: 'Add a "hat"\r\nplease',
      timestamp_granularities: ['word'],
      'chunking_strategy[type]': 'server_vad',
      tag: ['one', 'two'],
      stream: 'true',
    });
    expect(form.files.image?.map((f) => [f.filename, f.data.length, f.contentType])).toEqual([
      ['a.png', 10, 'image/png'],
      ['b %22quoted%22.png', 20, 'image/png'],
    ]);
    expect(form.entries.map((entry) => entry.name)).toEqual(entries.map((entry) => entry.name));
  });

  it('refuses a file over the per-file limit (below the total limit) while reading', async () => {
    const { body, contentType } = encodeMultipart([
      file('image', 5000),
      { name: 'prompt', value: 'x' },
      file('mask', 10),
      ...Array.from({ length: 4 }, () => file('image', 5)),
    ]);
    const request = fakeRequest(body, contentType);
    const error = await failure(
      readMultipart(request, { ...SPEC, limits: { maxFileBytes: 1000, maxTotalBytes: 100_000 } }),
    );
    expect(error.data).toMatchObject({ kind: 'request-too-large', param: 'image' });
    expect(error.message).toBe('File "a.png" in "image" is larger than the limit of 1000 bytes');
  });

  it('refuses a body over the total limit as soon as it passes it', async () => {
    const { body, contentType } = encodeMultipart([
      file('image', 900),
      file('image', 900),
      file('image', 900),
      file('image', 900),
    ]);
    const request = fakeRequest(body, contentType, 256);
    const error = await failure(
      readMultipart(request, { ...SPEC, limits: { maxFileBytes: 1000, maxTotalBytes: 2000 } }),
    );
    expect(error.message).toBe('The request body is larger than the limit of 2000 bytes');
    expect(error.status).toBe(413);
  });

  it('refuses a declared length over the total limit before reading', async () => {
    const { body, contentType } = encodeMultipart([file('image', 3000)]);
    const error = await failure(
      readMultipart(fakeRequest(body, contentType, 64, true), {
        ...SPEC,
        limits: { maxFileBytes: 5000, maxTotalBytes: 2000 },
      }),
    );
    expect(error.message).toContain(`(${body.length} bytes) is larger than the limit of 2000 bytes`);
  });

  it('refuses a text field over its limit', async () => {
    const { body, contentType } = encodeMultipart([{ name: 'prompt', value: 'x'.repeat(300) }, file('image', 1)]);
    const error = await failure(
      readMultipart(fakeRequest(body, contentType), { ...SPEC, limits: { ...LIMITS, maxFieldBytes: 100 } }),
    );
    expect(error.message).toBe('Form field "prompt" is larger than the limit of 100 bytes');
  });

  it.each([
    [
      'a body that is not multipart',
      Buffer.from('{}'),
      'application/json',
      /multipart\/form-data .*not "application\/json"/,
      415,
    ],
    ['multipart without a boundary', Buffer.from(''), 'multipart/form-data', /with a boundary/, 415],
  ])('refuses %s', async (_name, body, type, message, status) => {
    const error = await failure(readMultipart(fakeRequest(body, type), SPEC));
    expect(error.message).toMatch(message);
    expect(error.status).toBe(status);
  });

  it.each([
    ['a missing required file', [{ name: 'prompt', value: 'x' }], 'Missing file: "image" is required'],
    ['a file in a field the endpoint does not take', [file('file', 5)], 'Unexpected file field "file"'],
    ['a text value where a file belongs', [{ name: 'mask', value: 'x' }], '"mask" must be a file upload'],
    ['too many files in one field', [file('mask', 1), file('mask', 1)], 'Too many files in "mask": at most 1'],
  ] as Array<[string, MultipartEntry[], string]>)('refuses %s', async (_name, entries, message) => {
    const { body, contentType } = encodeMultipart(entries);
    expect((await failure(readMultipart(fakeRequest(body, contentType), SPEC))).message).toContain(message);
  });

  it('refuses a truncated body', async () => {
    const { body, contentType } = encodeMultipart([file('image', 500)]);
    const error = await failure(readMultipart(fakeRequest(body.subarray(0, 300), contentType), SPEC));
    expect(error.message).toMatch(/^The multipart body is malformed: Unexpected end of (form|file)/);
  });
});

describe('withField', () => {
  it('replaces every value of a text field in place, keeping files of that name', () => {
    const image = file('model', 1);
    expect(
      withField(
        [{ name: 'model', value: 'a' }, image, { name: 'model', value: 'b' }, { name: 'x', value: '1' }],
        'model',
        'up',
      ),
    ).toEqual([{ name: 'model', value: 'up' }, image, { name: 'x', value: '1' }]);
    expect(withField([{ name: 'x', value: '1' }], 'model', 'up')).toEqual([
      { name: 'x', value: '1' },
      { name: 'model', value: 'up' },
    ]);
  });
});
