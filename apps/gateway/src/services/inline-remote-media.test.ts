import { IrError, type IrRequest } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import type { Gateway } from '../gateway.js';
import { inlineRemoteImages, isRemoteImage } from './inline-remote-media.js';
import type { FetchedMedia } from './media-fetcher.js';
import { TINY_PNG } from './media-fetcher.test-support.js';
import { remoteMediaStep, setMediaFetcher } from './remote-media-step.js';
import { RequestStop } from '../context/request-stop.js';

const PNG = TINY_PNG.toString('base64');

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
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'snap', content: [{ type: 'file', mediaType: 'image/webp', source: { kind: 'url', url: 'https://images.example/a.png' } }] }] },
    ],
  };
}

function counting(answer: Partial<FetchedMedia> = {}): { fetch: (url: string) => Promise<FetchedMedia>; urls: string[] } {
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
    const out = await inlineRemoteImages(request(), fetcher.fetch);
    expect(fetcher.urls).toEqual(['https://images.example/a.png']);
    expect(out.messages[0]?.content[1]).toEqual({ type: 'file', mediaType: 'image/png', source: { kind: 'base64', data: PNG } });
    expect(out.messages[0]?.content.slice(2)).toEqual(request().messages[0]?.content.slice(2));
    const result = out.messages[2]?.content[0];
    expect(result?.type === 'tool-result' && result.content[0]).toEqual({ type: 'file', mediaType: 'image/png', source: { kind: 'base64', data: PNG } });
  });

  it('leaves a request without remote images as it is', async () => {
    const plain: IrRequest = { model: 'm', stream: false, sampling: {}, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] };
    const fetcher = counting();
    expect(await inlineRemoteImages(plain, fetcher.fetch)).toBe(plain);
    expect(fetcher.urls).toEqual([]);
  });

  it("keeps the part's exact type when the server does not say", async () => {
    const untyped = counting({ mediaType: 'application/octet-stream' }).fetch;
    const typed = request();
    typed.messages = typed.messages.slice(1);
    const out = await inlineRemoteImages(typed, untyped);
    const result = out.messages[1]?.content[0];
    expect(result?.type === 'tool-result' && result.content[0]).toMatchObject({ type: 'file', mediaType: 'image/webp' });
    await expect(inlineRemoteImages(request(), untyped)).rejects.toThrow('did not answer with an image (content-type: application/octet-stream)');
    await expect(inlineRemoteImages(typed, counting({ mediaType: 'text/html' }).fetch)).rejects.toThrow('did not answer with an image');
  });

  it('passes a failed download on as the error', async () => {
    const failure = new IrError({ kind: 'invalid-request', message: 'nope', source: 'gateway' });
    await expect(inlineRemoteImages(request(), () => Promise.reject(failure))).rejects.toBe(failure);
  });
});

describe('remoteMediaStep', () => {
  const gateway = {} as Gateway;

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
