import {
  loadRecording,
  openAiImageEditUpstreamFormSchema,
  openAiImageGenerationUpstreamSchema,
  openAiImageVariationUpstreamFormSchema,
  sendJson,
  sendSse,
  upstreamFormFileBytes,
} from '@interlingua/testkit';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import {
  TINY_PNG,
  lastUpstreamForm,
  lastUpstreamJson,
  lastUpstreamRequest,
  openAiClient,
  type Reply,
} from './media-e2e.test-support.js';

const URL_ANSWER = 'images/01-openai-url.json';
const ERROR_ANSWER = 'images/03-openai-error-400.json';

let harness: Harness;
let client: OpenAI;
let reply: Reply;

function replay(file: string): Reply {
  const recording = loadRecording(file);
  return (_request, response) => sendJson(response, recording.http_status, recording.body);
}

beforeAll(async () => {
  harness = await startHarness((request, response) => reply(request, response), {
    upstreamProvider: { type: 'openai-compatible' },
  });
  client = openAiClient(harness);
});
afterAll(() => harness.close());
beforeEach(() => {
  reply = replay(URL_ANSWER);
});

describe('images through an OpenAI-compatible upstream with the openai SDK', () => {
  it('generates: the JSON body goes up with only the model rewritten, the recorded answer comes back', async () => {
    const { data: images, response } = await client.images
      .generate({
        model: 'up/dall-e-2',
        prompt: 'A cute baby sea otter',
        n: 1,
        size: '256x256',
        response_format: 'url',
        user: 'u-1',
      })
      .withResponse();
    const recorded = loadRecording(URL_ANSWER);
    expect(images.data?.map((image) => image.url)).toEqual(
      (JSON.parse(recorded.body) as { data: Array<{ url: string }> }).data.map((image) => image.url),
    );
    expect(recorded.expect.images).toBe(1);
    const upstream = lastUpstreamJson(harness, '/v1/images/generations', openAiImageGenerationUpstreamSchema);
    expect(upstream).toEqual({
      model: 'dall-e-2',
      prompt: 'A cute baby sea otter',
      n: 1,
      size: '256x256',
      response_format: 'url',
      user: 'u-1',
    });
    expect(lastUpstreamRequest(harness, '/v1/images/generations').headers.authorization).toBe('Bearer upstream-secret');
    expect(response.headers.get('x-interlingua-route')).toBe(
      'provider=upstream; model=dall-e-2; attempts=1; path=fast',
    );
  });

  it("passes the upstream's error on in OpenAI's shape", async () => {
    reply = replay(ERROR_ANSWER);
    const error = await client.images
      .generate({ model: 'up/gpt-image-1', prompt: 'x', response_format: 'url' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const expected = loadRecording(ERROR_ANSWER).expect.error as { code: string; param: string; message: string };
    expect(error).toMatchObject({ status: 400, code: expected.code, param: expected.param });
    expect((error as Error).message).toContain(expected.message);
  });

  it('edits one image with a mask: the form is rebuilt with the same files and the model rewritten', async () => {
    const mask = Buffer.from(TINY_PNG);
    await client.images.edit({
      model: 'up/dall-e-2',
      image: await toFile(TINY_PNG, 'otter.png', { type: 'image/png' }),
      mask: await toFile(mask, 'mask.png', { type: 'image/png' }),
      prompt: 'Add a hat',
      n: 2,
      size: '256x256',
    });
    const form = await lastUpstreamForm(harness, '/v1/images/edits', openAiImageEditUpstreamFormSchema);
    expect(form).toMatchObject({
      model: 'dall-e-2',
      prompt: 'Add a hat',
      n: '2',
      size: '256x256',
      image: { filename: 'otter.png', type: 'image/png' },
      mask: { filename: 'mask.png' },
    });
    const request = lastUpstreamRequest(harness, '/v1/images/edits');
    expect(await upstreamFormFileBytes(request.body, String(request.headers['content-type']), 'image')).toEqual([
      TINY_PNG,
    ]);
  });

  it('edits several images sent as image[], keeping their order, and booleans as strings', async () => {
    const second = Buffer.concat([TINY_PNG, Buffer.from([0])]);
    await client.images.edit({
      model: 'up/gpt-image-1',
      image: [
        await toFile(TINY_PNG, 'a.png', { type: 'image/png' }),
        await toFile(second, 'b.png', { type: 'image/png' }),
      ],
      prompt: 'Combine them',
      background: 'opaque',
      input_fidelity: 'high',
    });
    const form = await lastUpstreamForm(harness, '/v1/images/edits', openAiImageEditUpstreamFormSchema);
    expect(form['image[]']).toMatchObject([{ filename: 'a.png' }, { filename: 'b.png' }]);
    expect(form).toMatchObject({ model: 'gpt-image-1', background: 'opaque', input_fidelity: 'high' });
    const request = lastUpstreamRequest(harness, '/v1/images/edits');
    expect(await upstreamFormFileBytes(request.body, String(request.headers['content-type']), 'image[]')).toEqual([
      TINY_PNG,
      second,
    ]);
  });

  it('makes variations on a server that implements them', async () => {
    const result = await client.images.createVariation({
      model: 'up/dall-e-2',
      image: await toFile(TINY_PNG, 'otter.png', { type: 'image/png' }),
      n: 1,
      size: '256x256',
    });
    expect(result.data?.[0]?.url).toMatch(/^https:\/\//);
    const form = await lastUpstreamForm(harness, '/v1/images/variations', openAiImageVariationUpstreamFormSchema);
    expect(form).toMatchObject({ model: 'dall-e-2', n: '1', size: '256x256', image: { filename: 'otter.png' } });
  });

  it('passes streamed partial images on as the upstream sends them', async () => {
    const b64 = TINY_PNG.toString('base64');
    const events = [
      {
        type: 'image_generation.partial_image',
        b64_json: b64,
        partial_image_index: 0,
        created_at: 1,
        size: '1024x1024',
        quality: 'low',
        background: 'opaque',
        output_format: 'png',
      },
      {
        type: 'image_generation.completed',
        b64_json: b64,
        created_at: 2,
        size: '1024x1024',
        quality: 'low',
        background: 'opaque',
        output_format: 'png',
        usage: {
          input_tokens: 5,
          output_tokens: 10,
          total_tokens: 15,
          input_tokens_details: { text_tokens: 5, image_tokens: 0 },
        },
      },
    ];
    reply = (_request, response) =>
      sendSse(response, events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join(''));
    const stream = await client.images.generate({
      model: 'up/gpt-image-1',
      prompt: 'otter',
      stream: true,
      partial_images: 1,
    });
    const received: unknown[] = [];
    for await (const event of stream) received.push(event);
    expect(received).toEqual(events);
    expect(lastUpstreamJson(harness, '/v1/images/generations', openAiImageGenerationUpstreamSchema)).toMatchObject({
      model: 'gpt-image-1',
      stream: true,
      partial_images: 1,
    });
  });

  it('answers the mock provider in process with PNG images on all three endpoints', async () => {
    for (const call of [
      () => client.images.generate({ model: 'mock', prompt: 'x' }),
      async () =>
        client.images.edit({
          model: 'mock',
          prompt: 'x',
          image: await toFile(TINY_PNG, 'a.png', { type: 'image/png' }),
        }),
      async () =>
        client.images.createVariation({ model: 'mock', image: await toFile(TINY_PNG, 'a.png', { type: 'image/png' }) }),
    ]) {
      const answer = await call();
      expect(
        Buffer.from(answer.data?.[0]?.b64_json ?? '', 'base64')
          .subarray(1, 4)
          .toString('latin1'),
      ).toBe('PNG');
    }
  });
});
