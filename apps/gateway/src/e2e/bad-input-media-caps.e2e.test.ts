import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TINY_PNG } from '../services/media-fetcher.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { replayJson } from './gemini-e2e.test-support.js';

/** A request of about 4 KB naming this many distinct image URLs, as in the attack. */
const URL_COUNT = 40;
/** Each image the media server answers: a PNG padded to 1 KiB. */
const IMAGE = Buffer.concat([TINY_PNG, Buffer.alloc(1024 - TINY_PNG.length)]);
/** How long the media server holds each answer, so downloads overlap when they can. */
const HOLD_MS = 25;

/** A loopback media server that counts downloads and how many ran at once. */
interface MediaServer {
  url: string;
  hits: number;
  running: number;
  mostAtOnce: number;
  close(): Promise<void>;
}

let media: MediaServer;

async function startMediaServer(): Promise<MediaServer> {
  const state = { hits: 0, running: 0, mostAtOnce: 0 };
  const server: Server = createServer((_request, response) => {
    state.hits++;
    state.mostAtOnce = Math.max(state.mostAtOnce, ++state.running);
    setTimeout(() => {
      state.running--;
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': IMAGE.length }).end(IMAGE);
    }, HOLD_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** Chat content naming URL_COUNT distinct images on the media server. */
function chatImages(): OpenAI.ChatCompletionContentPart[] {
  return [
    { type: 'text', text: 'Compare these.' },
    ...Array.from({ length: URL_COUNT }, (_, i) => ({
      type: 'image_url' as const,
      image_url: { url: `${media.url}/img/${i}.png` },
    })),
  ];
}

/** A gateway routing `up/*` to a Gemini upstream, with loopback downloads allowed and `limits` added to `media`. */
function gatewayWith(limits: Record<string, number>): Promise<Harness> {
  return startHarness(replayJson('gemini/01-text.json'), {
    upstreamProvider: { type: 'gemini' },
    sections: { media: { allowPrivate: true, ...limits } },
  });
}

beforeAll(async () => {
  media = await startMediaServer();
});

afterAll(async () => media.close());

beforeEach(() => {
  Object.assign(media, { hits: 0, running: 0, mostAtOnce: 0 });
});

describe('a request naming many image URLs for a Gemini upstream', () => {
  it(`with the defaults, ${URL_COUNT} distinct URLs are refused (400 naming media.maxUrls) before any download or upstream call`, async () => {
    const harness = await gatewayWith({});
    try {
      const client = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
      const error = await client.chat.completions
        .create({ model: 'up/gemini-2.5-flash', messages: [{ role: 'user', content: chatImages() }] })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      const message = (error as Error).message;
      expect(message).toContain(`${URL_COUNT} distinct image URLs`);
      expect(message).toContain('media.maxUrls');
      expect(media.hits).toBe(0);
      expect(harness.upstream.requests).toHaveLength(0);
    } finally {
      await harness.close();
    }
  });

  it('allowed by maxUrls, they are downloaded by a pool of `media.concurrency` at a time', async () => {
    const harness = await gatewayWith({ maxUrls: 64, concurrency: 4 });
    try {
      const client = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
      await client.chat.completions.create({
        model: 'up/gemini-2.5-flash',
        messages: [{ role: 'user', content: chatImages() }],
      });
      expect(media.hits).toBe(URL_COUNT);
      expect(media.mostAtOnce).toBeLessThanOrEqual(4);
      expect(media.mostAtOnce).toBeGreaterThan(1);
      expect(harness.upstream.requests).toHaveLength(1);
    } finally {
      await harness.close();
    }
  });

  it('past media.maxTotalBytes the downloads stop and the caller gets a 400 in its style naming the limit', async () => {
    const harness = await gatewayWith({ maxUrls: 64, concurrency: 4, maxTotalBytes: 8 * 1024 });
    try {
      const anthropic = new Anthropic({ baseURL: harness.url, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
      const content: Anthropic.ContentBlockParam[] = Array.from({ length: URL_COUNT }, (_, i) => ({
        type: 'image',
        source: { type: 'url', url: `${media.url}/img/${i}.png` },
      }));
      const error = await anthropic.messages
        .create({
          model: 'up/gemini-2.5-flash',
          max_tokens: 50,
          messages: [{ role: 'user', content: [...content, { type: 'text', text: 'Compare these.' }] }],
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Anthropic.BadRequestError);
      expect((error as Error).message).toContain('limit of 8192 bytes per request (media.maxTotalBytes)');
      // Eight fit; the ninth passes the budget, and at most the pool's other downloads were under way.
      expect(media.hits).toBeLessThanOrEqual(9 + 3);
      expect(harness.upstream.requests).toHaveLength(0);
    } finally {
      await harness.close();
    }
  });
});
