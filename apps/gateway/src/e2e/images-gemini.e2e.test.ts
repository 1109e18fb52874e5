import { geminiImageGenerationUpstreamSchema } from '@interlingua/testkit';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import { TINY_PNG, geminiAnswer, json, lastUpstreamJson, openAiClient, type Reply } from './media-e2e.test-support.js';

const PNG_B64 = TINY_PNG.toString('base64');
const imageAnswer = geminiAnswer([
  { text: 'Here is your otter.' },
  { inlineData: { mimeType: 'image/png', data: PNG_B64 } },
]);

let harness: Harness;
let client: OpenAI;
let reply: Reply;

const lastGemini = () =>
  lastUpstreamJson(harness, '/models/gemini-2.5-flash-image:generateContent', geminiImageGenerationUpstreamSchema);

beforeAll(async () => {
  harness = await startHarness((request, response) => reply(request, response), {
    upstreamProvider: { type: 'gemini' },
  });
  client = openAiClient(harness);
});
afterAll(() => harness.close());
beforeEach(() => {
  reply = json(imageAnswer);
});

async function badRequest(promise: Promise<unknown>): Promise<InstanceType<typeof OpenAI.BadRequestError>> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(OpenAI.BadRequestError);
  return error as InstanceType<typeof OpenAI.BadRequestError>;
}

describe('image generation and edits through Gemini with the openai SDK', () => {
  it('generates with generateContent (IMAGE modality, aspect ratio of the size) and answers b64_json', async () => {
    const { data: result, response } = await client.images
      .generate({
        model: 'up/gemini-2.5-flash-image',
        prompt: 'A cute baby sea otter',
        size: '1536x1024',
        style: 'vivid',
      })
      .withResponse();
    expect(result.data).toEqual([{ b64_json: PNG_B64 }]);
    expect(result).toMatchObject({
      output_format: 'png',
      usage: { input_tokens: 8, output_tokens: 48, total_tokens: 56 },
    });
    const upstream = lastGemini();
    expect(upstream.contents).toEqual([{ role: 'user', parts: [{ text: 'A cute baby sea otter' }] }]);
    expect(upstream.generationConfig).toMatchObject({
      responseModalities: ['TEXT', 'IMAGE'],
      imageConfig: { aspectRatio: '3:2' },
    });
    expect(response.headers.get('x-interlingua-route')).toBe(
      'provider=upstream; model=gemini-2.5-flash-image; attempts=1; path=translated:images>gemini',
    );
    expect(response.headers.get('x-interlingua-warnings')).toContain('dropped style');
  });

  it('edits: the uploaded images go inline before the prompt', async () => {
    const result = await client.images.edit({
      model: 'up/gemini-2.5-flash-image',
      image: [await toFile(TINY_PNG, 'a.png', { type: 'image/png' }), await toFile(TINY_PNG, 'b.png')],
      prompt: 'Put them side by side',
    });
    expect(result.data?.[0]?.b64_json).toBe(PNG_B64);
    const parts = lastGemini().contents[0]?.parts;
    expect(parts).toEqual([
      { inlineData: { mimeType: 'image/png', data: PNG_B64 } },
      { inlineData: { mimeType: 'image/png', data: PNG_B64 } },
      { text: 'Put them side by side' },
    ]);
  });

  it.each([
    [
      'response_format url',
      { response_format: 'url' as const },
      /response_format: url is not supported by gemini \(provider "upstream"\)/,
    ],
    ['n > 1', { n: 2 }, /n: gemini \(provider "upstream"\) draws one image per request/],
    ['a transparent background', { background: 'transparent' as const }, /background/],
    ['jpeg output', { output_format: 'jpeg' as const }, /output_format: jpeg is not supported/],
    ['a size of no Gemini aspect ratio', { size: '1024x256' as '1024x1024' }, /size: 1024x256 is not supported/],
  ])('refuses %s with a 400 naming it, without calling Gemini', async (_name, extra, message) => {
    const before = harness.upstream.requests.length;
    const error = await badRequest(
      client.images.generate({ model: 'up/gemini-2.5-flash-image', prompt: 'x', ...extra }),
    );
    expect(error.message).toMatch(message);
    expect(harness.upstream.requests.length).toBe(before);
  });

  it('refuses a masked edit and variations', async () => {
    const image = await toFile(TINY_PNG, 'a.png', { type: 'image/png' });
    const masked = await badRequest(
      client.images.edit({
        model: 'up/gemini-2.5-flash-image',
        image,
        mask: await toFile(TINY_PNG, 'm.png'),
        prompt: 'x',
      }),
    );
    expect(masked.message).toContain('mask: masked edits are not supported by gemini');
    const variation = await badRequest(
      client.images.createVariation({ model: 'up/gemini-2.5-flash-image', image: await toFile(TINY_PNG, 'a.png') }),
    );
    expect(variation.message).toContain('POST /v1/images/variations is not supported by provider "upstream" (gemini)');
  });

  it('never makes up an image: an answer without one is an error naming the finish reason', async () => {
    reply = json(geminiAnswer([{ text: 'I cannot draw that.' }], 'IMAGE_SAFETY'));
    const blocked = await badRequest(client.images.generate({ model: 'up/gemini-2.5-flash-image', prompt: 'x' }));
    expect(blocked.message).toContain('returned no image (finish reason IMAGE_SAFETY): I cannot draw that.');
    expect(blocked.code).toBe('content_policy_violation');
    reply = json(geminiAnswer([{ text: 'Only words.' }]));
    const error = await client.images
      .generate({ model: 'up/gemini-2.5-flash-image', prompt: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect((error as Error).message).toContain('returned no image (finish reason STOP): Only words.');
  });

  it("passes Gemini's own errors on in OpenAI's shape", async () => {
    reply = json({ error: { code: 400, message: 'Unsupported aspect ratio', status: 'INVALID_ARGUMENT' } }, 400);
    const error = await badRequest(client.images.generate({ model: 'up/gemini-2.5-flash-image', prompt: 'x' }));
    expect(error.message).toContain('Unsupported aspect ratio');
  });
});
