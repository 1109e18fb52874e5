import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import OpenAI, { toFile } from 'openai';
import { readWav } from '@interlingua/provider-adapters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../config/config-schema.js';
import { defaultConfig } from '../config/default-config.js';
import { setRequestLogging } from '../observe/request-log.js';
import { startGateway, type RunningGateway } from '../server.js';

/** The gateway on the defaults (no config file): the mock is the only provider. */
const KEY = 'defaults-gateway-key-01';
let running: RunningGateway;
let client: OpenAI;

beforeAll(async () => {
  setRequestLogging(false);
  const env = {
    INTERLINGUA_API_KEY: KEY,
    INTERLINGUA_ADMIN_SECRET: 'defaults-admin-secret-01',
    INTERLINGUA_DATA_DIR: mkdtempSync(join(tmpdir(), 'interlingua-defaults-')),
  };
  const config = configSchema.parse({ ...defaultConfig(env), server: { host: '127.0.0.1', port: 0 } });
  running = await startGateway(config);
  client = new OpenAI({ apiKey: KEY, baseURL: `${running.url}/v1`, maxRetries: 0 });
});
afterAll(async () => running.close());

/** Width, height and the inflated scanlines of a PNG, read chunk by chunk. */
function readPng(png: Buffer): { width: number; height: number; pixels: Buffer } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
    }
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  return { width, height, pixels: inflateSync(Buffer.concat(data)) };
}

describe('the mock answers every media path on the defaults', () => {
  it('draws a real PNG from the prompt: the same prompt the same image, another prompt another', async () => {
    const first = await client.images.generate({ model: 'mock', prompt: 'a red fox in the snow', size: '256x128' });
    const again = await client.images.generate({ model: 'mock', prompt: 'a red fox in the snow', size: '256x128' });
    const other = await client.images.generate({ model: 'mock', prompt: 'a blue whale', size: '256x128' });
    const png = Buffer.from(first.data?.[0]?.b64_json ?? '', 'base64');
    const image = readPng(png);
    expect([image.width, image.height]).toEqual([256, 128]);
    expect(image.pixels.length).toBe((256 * 3 + 1) * 128);
    expect(again.data?.[0]?.b64_json).toBe(first.data?.[0]?.b64_json);
    expect(other.data?.[0]?.b64_json).not.toBe(first.data?.[0]?.b64_json);
  });

  it('names only a size the images API has for answers, and streams every field of the completed event', async () => {
    const small = await client.images.generate({ model: 'mock', prompt: 'a red fox', size: '256x256' });
    expect(small).not.toHaveProperty('size');
    expect(readPng(Buffer.from(small.data?.[0]?.b64_json ?? '', 'base64')).width).toBe(256);
    const square = await client.images.generate({ model: 'mock', prompt: 'a red fox', size: '1024x1024' });
    expect(square).toMatchObject({ size: '1024x1024', output_format: 'png' });
    const refused = await client.images
      .generate({ model: 'mock', prompt: 'a red fox', size: '256x256', stream: true })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect(refused).toMatchObject({ param: 'size' });
    const events = [];
    for await (const event of await client.images.generate({ model: 'mock', prompt: 'a red fox', stream: true }))
      events.push(event);
    expect(events).toEqual([
      {
        type: 'image_generation.completed',
        b64_json: expect.any(String),
        created_at: expect.any(Number),
        output_format: 'png',
        size: 'auto',
        quality: 'auto',
        background: 'opaque',
        usage: {
          input_tokens: 0,
          input_tokens_details: { image_tokens: 0, text_tokens: 0 },
          output_tokens: 0,
          total_tokens: 0,
        },
      },
    ]);
  });

  it('edits and variations answer PNGs too', async () => {
    const upload = await toFile(Buffer.from('not really an image'), 'photo.png', { type: 'image/png' });
    const edited = await client.images.edit({ model: 'mock', prompt: 'add a hat', image: upload, n: 2 });
    expect(edited.data).toHaveLength(2);
    expect(readPng(Buffer.from(edited.data?.[1]?.b64_json ?? '', 'base64')).width).toBe(256);
    const varied = await client.images.createVariation({
      model: 'mock',
      image: await toFile(Buffer.from('x'), 'photo.png', { type: 'image/png' }),
    });
    expect(varied.data?.[0]?.b64_json).toBeTruthy();
  });

  it('speaks a real WAV, and transcribes and translates it by describing the upload', async () => {
    const speech = Buffer.from(
      await (
        await client.audio.speech.create({
          model: 'mock',
          voice: 'alloy',
          input: 'Hello there',
          response_format: 'wav',
        })
      ).arrayBuffer(),
    );
    const wav = readWav(speech);
    expect(wav).toMatchObject({ channels: 1, sampleRate: 24_000, bitsPerSample: 16 });
    expect(wav?.durationSeconds).toBeCloseTo(0.66, 2);

    const transcript = await client.audio.transcriptions.create({
      model: 'mock',
      file: await toFile(speech, 'hello.wav', { type: 'audio/wav' }),
    });
    expect(transcript.text).toBe(
      `Mock transcription of "hello.wav": ${speech.length} bytes of WAV audio, mono, 24000 Hz, 16-bit, 0.66 seconds.`,
    );
    const verbose = await client.audio.transcriptions.create({
      model: 'mock',
      file: await toFile(speech, 'hello.wav'),
      response_format: 'verbose_json',
    });
    expect(verbose.duration).toBeCloseTo(0.66, 2);
    const srt = await client.audio.translations.create({
      model: 'mock',
      file: await toFile(Buffer.from('abc'), 'note.mp3'),
      response_format: 'srt',
    });
    expect(String(srt)).toContain('Mock translation of "note.mp3": 3 bytes of audio (not a WAV file');
  });

  it('compacts a conversation with the per-process secret', async () => {
    const compacted = await client.responses.compact({
      model: 'mock',
      input: [{ role: 'user', content: 'Remember the number 42' }],
    });
    const item = compacted.output.find((entry) => entry.type === 'compaction');
    expect(item).toBeDefined();
    const next = await client.responses.create({
      model: 'mock',
      input: [...compacted.output, { role: 'user', content: 'What number?' }] as OpenAI.Responses.ResponseInputItem[],
    });
    expect(next.status).toBe('completed');
  });
});
