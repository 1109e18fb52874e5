import { request as httpRequest } from 'node:http';
import { sendJson } from '@interlingua/testkit';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { TINY_PNG, openAiClient, tinyWav } from './media-e2e.test-support.js';

const LIMIT = 4096;

let harness: Harness;
let client: OpenAI;

beforeAll(async () => {
  harness = await startHarness(
    (_request, response) => sendJson(response, 200, { created: 1, data: [{ b64_json: TINY_PNG.toString('base64') }] }),
    {
      sections: { limits: { maxBodyBytes: { images: LIMIT, audio: LIMIT } } },
    },
  );
  client = openAiClient(harness);
});
afterAll(() => harness.close());

interface Answer {
  status: number;
  contentType: string | undefined;
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** Posts a raw body to the gateway (chunked when no length is given) and reads the JSON error answer. */
function post(path: string, body: Buffer, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${harness.url}${path}`,
      { method: 'POST', headers: { authorization: `Bearer ${GATEWAY_KEY}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error: Answer['error'] };
          resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], error: parsed.error });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A hand-built multipart body; `close: false` leaves out the final boundary (a truncated form). */
function multipart(
  parts: Array<{ name: string; value: string | Buffer; filename?: string }>,
  close = true,
): { body: Buffer; type: string } {
  const boundary = 'test-boundary-1234';
  const pieces = parts.map((part) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"\r\nContent-Type: image/png` : ''}\r\n\r\n`,
      ),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    ]),
  );
  if (close) pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(pieces), type: `multipart/form-data; boundary=${boundary}` };
}

function expectOpenAiError(answer: Answer, status: number, message: string | RegExp): void {
  expect(answer.status).toBe(status);
  expect(answer.contentType).toContain('application/json');
  expect(Object.keys(answer.error).sort()).toEqual(['code', 'message', 'param', 'type']);
  expect(answer.error.message).toMatch(message);
}

describe('upload limits', () => {
  it('answers 413 to an SDK upload over the limit', async () => {
    const big = Buffer.alloc(LIMIT * 2, 1);
    for (const call of [
      async () =>
        client.images.edit({
          model: 'up/gpt-image-1',
          prompt: 'x',
          image: await toFile(big, 'big.png', { type: 'image/png' }),
        }),
      async () => client.audio.transcriptions.create({ model: 'up/whisper-1', file: await toFile(big, 'big.wav') }),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.APIError);
      expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(413);
    }
  });

  it('stops reading a chunked upload (no declared length) as soon as it passes the limit', async () => {
    const { body, type } = multipart([
      { name: 'prompt', value: 'x' },
      { name: 'model', value: 'up/gpt-image-1' },
      { name: 'image', value: Buffer.alloc(LIMIT * 4, 1), filename: 'big.png' },
    ]);
    const before = harness.upstream.requests.length;
    const answer = await post('/v1/images/edits', body, { 'content-type': type, 'transfer-encoding': 'chunked' });
    expectOpenAiError(answer, 413, new RegExp(`larger than the limit of ${LIMIT} bytes`));
    expect(harness.upstream.requests.length).toBe(before);
  });
});

describe('bad uploads get a 4xx in OpenAI error shape naming the problem', () => {
  const png = { name: 'image', value: TINY_PNG, filename: 'a.png' };

  it('refuses a JSON body where multipart belongs with a 415', async () => {
    expectOpenAiError(
      await post('/v1/images/edits', Buffer.from('{"prompt":"x"}'), { 'content-type': 'application/json' }),
      415,
      /multipart\/form-data/,
    );
  });

  type Part = { name: string; value: string | Buffer; filename?: string };
  it.each([
    [
      'a missing image',
      [
        { name: 'prompt', value: 'x' },
        { name: 'model', value: 'up/m' },
      ],
      /Missing file: "image" is required/,
    ],
    [
      'a file in the wrong field',
      [
        { name: 'prompt', value: 'x' },
        { name: 'file', value: TINY_PNG, filename: 'a.png' },
      ],
      /Unexpected file field "file"/,
    ],
    [
      'an image sent as text',
      [
        { name: 'prompt', value: 'x' },
        { name: 'model', value: 'up/m' },
        { name: 'image', value: 'not a file' },
      ],
      /"image" must be a file upload/,
    ],
    [
      'too many images',
      [
        { name: 'prompt', value: 'x' },
        { name: 'model', value: 'up/m' },
        ...Array.from({ length: 17 }, () => ({ ...png, name: 'image[]' })),
      ],
      /Too many files in "image": at most 16/,
    ],
    ['a missing prompt', [{ name: 'model', value: 'up/m' }, png], /^prompt: /],
    ['a missing model', [{ name: 'prompt', value: 'x' }, png], /model: a model name is required/],
    [
      'a bad number',
      [{ name: 'prompt', value: 'x' }, { name: 'model', value: 'up/m' }, { name: 'n', value: 'two' }, png],
      /^n: /,
    ],
  ] as Array<[string, Part[], RegExp]>)('refuses %s with a 400', async (_name, parts, message) => {
    const { body, type } = multipart(parts);
    expectOpenAiError(await post('/v1/images/edits', body, { 'content-type': type }), 400, message);
  });

  it('refuses a truncated form with a 400', async () => {
    const { body, type } = multipart([{ name: 'prompt', value: 'x' }, png], false);
    expectOpenAiError(
      await post('/v1/images/edits', body, { 'content-type': type }),
      400,
      /multipart body is malformed: Unexpected end of form/,
    );
  });

  it('refuses a transcription without its file', async () => {
    const { body, type } = multipart([{ name: 'model', value: 'up/whisper-1' }]);
    expectOpenAiError(
      await post('/v1/audio/transcriptions', body, { 'content-type': type }),
      400,
      /Missing file: "file" is required/,
    );
  });

  it('checks the key before reading any upload', async () => {
    const error = await openAiClient(harness, 'wrong-key')
      .audio.transcriptions.create({ model: 'up/whisper-1', file: await toFile(tinyWav(), 'a.wav') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('refuses variations on OpenAI itself (it retired the only model that made them)', async () => {
    const error = await client.images
      .createVariation({ model: 'up/dall-e-2', image: await toFile(TINY_PNG, 'a.png', { type: 'image/png' }) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as Error).message).toContain(
      'POST /v1/images/variations is not supported by provider "upstream" (openai)',
    );
  });
});
