import { IrError, type IrRequest } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { mediaSchema } from '../config/config-schema.js';
import type { Gateway } from '../gateway.js';
import { inlineRemoteImages, isRemoteImage } from './inline-remote-media.js';
import type { FetchedMedia } from './media-fetcher.js';
import { TINY_PNG } from './media-fetcher.test-support.js';
import { remoteMediaStep, setMediaFetcher } from './remote-media-step.js';
import { RequestStop } from '../context/request-stop.js';

const PNG = TINY_PNG.toString('base64');
const LIMITS = { maxUrls: 32, concurrency: 4 };

/** A request naming `count` distinct image URLs. */
function manyImages(count: number): IrRequest {
  const parts = Array.from({ length: count }, (_, i) => ({
    type: 'file' as const,
    mediaType: 'image/png',
    source: { kind: 'url' as const, url: `https://images.example/${i}.png` },
  }));
  return { model: 'm', stream: false, sampling: {}, messages: [{ role: 'user', content: parts }] };
}

function request(): IrRequest {
  return {
    model: 'm',
    stream: false,
    sampling: {},
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'file', mediaType: 'image/*', source: { kind: 'url', url: 'https://images.example/a.png' } },
          { type: 'file', mediaType: 'image/png', source: { kind: 'url', url: 'data:image/png;base64,AAAA' } },
          { type: 'file', mediaType: 'application/pdf', source: { kind: 'url', url: 'https://docs.example/a.pdf' } },
          { type: 'file', mediaType: 'image/jpeg', source: { kind: 'url', url: 'gs://bucket/a.jpg' } },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool-call', id: 'c1', name: 'snap', argumentsJson: '{}' }] },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'snap',
            content: [
              { type: 'file', mediaType: 'image/webp', source: { kind: 'url', url: 'https://images.example/a.png' } },
            ],
          },
        ],
      },
    ],
  };
}

function counting(answer: Partial<FetchedMedia> = {}): {
  fetch: (url: string) => Promise<FetchedMedia>;
  urls: string[];
} {
  const urls: string[] = [];
  return { urls, fetch: async (url) => (urls.push(url), { url, data: TINY_PNG, mediaType: 'image/png', ...answer }) };
}

describe('isRemoteImage', () => {
  it('takes http(s) image URLs only', () => {
    const parts = request().messages[0]?.content ?? [];
    expect(parts.map(isRemoteImage)).toEqual([false, true, false, false, false]);
  });
});

describe('inlineRemoteImages', () => {
  it('downloads each distinct URL once, in messages and tool results', async () => {
    const fetcher = counting();
    const out = await inlineRemoteImages(request(), fetcher.fetch, LIMITS);
    expect(fetcher.urls).toEqual(['https://images.example/a.png']);
    expect(out.messages[0]?.content[1]).toEqual({
      type: 'file',
      mediaType: 'image/png',
      source: { kind: 'base64', data: PNG },
    });
    expect(out.messages[0]?.content.slice(2)).toEqual(request().messages[0]?.content.slice(2));
    const result = out.messages[2]?.content[0];
    expect(result?.type === 'tool-result' && result.content[0]).toEqual({
      type: 'file',
      mediaType: 'image/png',
      source: { kind: 'base64', data: PNG },
    });
  });

  it('leaves a request without remote images as it is', async () => {
    const plain: IrRequest = {
      model: 'm',
      stream: false,
      sampling: {},
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    };
    const fetcher = counting();
    expect(await inlineRemoteImages(plain, fetcher.fetch, LIMITS)).toBe(plain);
    expect(fetcher.urls).toEqual([]);
  });

  it("keeps the part's exact type when the server does not say", async () => {
    const untyped = counting({ mediaType: 'application/octet-stream' }).fetch;
    const typed = request();
    typed.messages = typed.messages.slice(1);
    const out = await inlineRemoteImages(typed, untyped, LIMITS);
    const result = out.messages[1]?.content[0];
    expect(result?.type === 'tool-result' && result.content[0]).toMatchObject({
      type: 'file',
      mediaType: 'image/webp',
    });
    await expect(inlineRemoteImages(request(), untyped, LIMITS)).rejects.toThrow(
      'did not answer with an image (content-type: application/octet-stream)',
    );
    await expect(inlineRemoteImages(typed, counting({ mediaType: 'text/html' }).fetch, LIMITS)).rejects.toThrow(
      'did not answer with an image',
    );
  });

  it('passes a failed download on as the error', async () => {
    const failure = new IrError({ kind: 'invalid-request', message: 'nope', source: 'gateway' });
    await expect(inlineRemoteImages(request(), () => Promise.reject(failure), LIMITS)).rejects.toBe(failure);
  });
});

describe('inlineRemoteImages limits', () => {
  it('refuses more distinct URLs than maxUrls before downloading any', async () => {
    const fetcher = counting();
    const error = await inlineRemoteImages(manyImages(40), fetcher.fetch, LIMITS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IrError);
    expect((error as IrError).data).toMatchObject({ kind: 'invalid-request', code: 'media_limit_exceeded' });
    expect((error as IrError).message).toContain('40 distinct image URLs');
    expect((error as IrError).message).toContain('media.maxUrls');
    expect(fetcher.urls).toEqual([]);
  });

  it('runs at most `concurrency` downloads at once', async () => {
    let running = 0;
    let most = 0;
    const fetch = async (url: string): Promise<FetchedMedia> => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running--;
      return { url, data: TINY_PNG, mediaType: 'image/png' };
    };
    const out = await inlineRemoteImages(manyImages(20), fetch, { maxUrls: 20, concurrency: 3 });
    expect(most).toBe(3);
    expect(out.messages[0]?.content.every((part) => part.type === 'file' && part.source.kind === 'base64')).toBe(true);
  });

  it('stops taking URLs and aborts the running downloads at the first failure', async () => {
    const failure = new IrError({ kind: 'invalid-request', message: 'nope', source: 'gateway' });
    const started: string[] = [];
    const aborted: string[] = [];
    const fetch = (url: string, signal: AbortSignal): Promise<FetchedMedia> => {
      started.push(url);
      if (url.endsWith('/1.png')) return Promise.reject(failure);
      return new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => (aborted.push(url), reject(signal.reason))),
      );
    };
    await expect(inlineRemoteImages(manyImages(10), fetch, { maxUrls: 10, concurrency: 2 })).rejects.toBe(failure);
    expect(started).toEqual(['https://images.example/0.png', 'https://images.example/1.png']);
    expect(aborted).toEqual(['https://images.example/0.png']);
  });
});

describe('remoteMediaStep', () => {
  const gateway = { config: { media: mediaSchema.parse({}) } } as Gateway;

  it('downloads for Gemini targets only, once per call whatever the number of attempts', async () => {
    const fetcher = counting();
    setMediaFetcher(gateway, fetcher.fetch);
    const step = remoteMediaStep(gateway);
    const signal = new RequestStop();
    const ir = request();
    expect(await step(ir, 'openai-chat', signal)).toBe(ir);
    expect(await step(ir, 'anthropic-messages', signal)).toBe(ir);
    expect(fetcher.urls).toEqual([]);
    await step(ir, 'gemini', signal);
    await step(ir, 'gemini', signal);
    expect(fetcher.urls).toEqual(['https://images.example/a.png']);
    await remoteMediaStep(gateway)(ir, 'gemini', signal);
    expect(fetcher.urls).toHaveLength(2);
  });
});
