import Anthropic from '@anthropic-ai/sdk';
import { geminiUpstreamRequestSchema } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMediaFetcher } from '../services/media-fetcher.js';
import {
  TINY_PNG,
  startImageServer,
  testMediaOptions,
  type ImageServer,
} from '../services/media-fetcher.test-support.js';
import { setMediaFetcher } from '../services/remote-media-step.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { lastUpstreamBody, replayJson } from './gemini-e2e.test-support.js';

let images: ImageServer;
let harness: Harness;
let connects: string[];
let openai: OpenAI;

const inlinePng = { inlineData: { mimeType: 'image/png', data: TINY_PNG.toString('base64') } };
const lastGemini = () => lastUpstreamBody(harness, ':generateContent', geminiUpstreamRequestSchema);

beforeAll(async () => {
  images = await startImageServer();
  harness = await startHarness(replayJson('gemini/01-text.json'), { upstreamProvider: { type: 'gemini' } });
  openai = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
});

afterAll(async () => {
  await harness.close();
  await images.close();
});

beforeEach(() => {
  const options = testMediaOptions();
  connects = options.connects;
  setMediaFetcher(harness.gateway.gateway, createMediaFetcher(options));
});

describe('image URLs for a Gemini upstream are downloaded and sent inline', () => {
  it('from a chat image_url', async () => {
    await openai.chat.completions.create({
      model: 'up/gemini-2.5-flash',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: `${images.base}/cat.png` } },
          ],
        },
      ],
    });
    expect(lastGemini().contents[0]?.parts).toEqual([{ text: 'What is this?' }, inlinePng]);
    expect(connects).toEqual([`127.0.0.1:${images.port}`]);
  });

  it('from an Anthropic url image source, following a redirect', async () => {
    const anthropic = new Anthropic({ baseURL: harness.url, apiKey: GATEWAY_KEY, maxRetries: 0 });
    await anthropic.messages.create({
      model: 'up/gemini-2.5-flash',
      max_tokens: 100,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'url', url: `${images.base}/to-cat` } },
            { type: 'text', text: 'What is this?' },
          ],
        },
      ],
    });
    expect(lastGemini().contents[0]?.parts).toEqual([inlinePng, { text: 'What is this?' }]);
    expect(connects).toHaveLength(2);
  });

  it('from a Responses input_image, each URL fetched once', async () => {
    const url = `${images.base}/cat.png`;
    await openai.responses.create({
      model: 'up/gemini-2.5-flash',
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_image', image_url: url, detail: 'auto' },
            { type: 'input_image', image_url: url, detail: 'auto' },
          ],
        },
      ],
    });
    expect(lastGemini().contents[0]?.parts).toEqual([inlinePng, inlinePng]);
    expect(connects).toHaveLength(1);
  });

  it('refuses a URL that resolves to the metadata address, in the caller style, without calling upstream', async () => {
    const before = harness.upstream.requests.length;
    const error = await openai.chat.completions
      .create({
        model: 'up/gemini-2.5-flash',
        messages: [
          {
            role: 'user',
            content: [{ type: 'image_url', image_url: { url: 'http://meta.example/latest/meta-data/iam' } }],
          },
        ],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).message).toContain('metadata address');
    expect(harness.upstream.requests.length).toBe(before);
    expect(connects).toEqual([]);
  });

  it('refuses a redirect to a private address', async () => {
    const error = await openai.chat.completions
      .create({
        model: 'up/gemini-2.5-flash',
        messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: `${images.base}/to-private` } }] }],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as Error).message).toContain('private address');
  });

  it('refuses a URL that does not answer with an image', async () => {
    const error = await openai.chat.completions
      .create({
        model: 'up/gemini-2.5-flash',
        messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: `${images.base}/page.html` } }] }],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as Error).message).toContain('did not answer with an image');
  });
});

describe('the media config', () => {
  it('refuses loopback by default', async () => {
    const defaults = await startHarness(replayJson('gemini/01-text.json'), { upstreamProvider: { type: 'gemini' } });
    try {
      const client = new OpenAI({ baseURL: `${defaults.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0 });
      const hits = images.hits.length;
      const error = await client.chat.completions
        .create({
          model: 'up/gemini-2.5-flash',
          messages: [
            {
              role: 'user',
              content: [{ type: 'image_url', image_url: { url: `http://127.0.0.1:${images.port}/cat.png` } }],
            },
          ],
        })
        .catch((e: unknown) => e);
      expect((error as Error).message).toContain('loopback address');
      expect(images.hits.length).toBe(hits);
    } finally {
      await defaults.close();
    }
  });

  it('applies allowPrivate and maxBytes', async () => {
    const configured = await startHarness(replayJson('gemini/01-text.json'), {
      upstreamProvider: { type: 'gemini' },
      sections: { media: { allowPrivate: true, maxBytes: 2048, timeoutMs: 5_000 } },
    });
    try {
      const client = new OpenAI({ baseURL: `${configured.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0 });
      const ask = (path: string) =>
        client.chat.completions.create({
          model: 'up/gemini-2.5-flash',
          messages: [
            {
              role: 'user',
              content: [{ type: 'image_url', image_url: { url: `http://127.0.0.1:${images.port}${path}` } }],
            },
          ],
        });
      await ask('/cat.png');
      expect(lastUpstreamBody(configured, ':generateContent', geminiUpstreamRequestSchema).contents[0]?.parts).toEqual([
        inlinePng,
      ]);
      await expect(ask('/big-chunked.png')).rejects.toThrow('larger than the gateway');
    } finally {
      await configured.close();
    }
  });
});
