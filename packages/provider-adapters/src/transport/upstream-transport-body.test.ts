import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { IrError } from '@interlingua/ir';
import { sendJson, startLoopbackUpstream, type LoopbackUpstream } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsyncBodySink } from './body-consumers.js';
import { closeDefaultDispatcher, streamUpstream, streamUpstreamInto } from './upstream-transport.js';

/** Chunks the counted upstream writes: different sizes and contents, so order and completeness show. */
const CHUNKS = Array.from({ length: 120 }, (_, index) => `${index}:${'abcdefgh'.repeat(index % 37)}|`);
/** What the flooding upstream would write if nothing held it back: far more than every buffer on the way. */
const FLOOD_BYTES = 256 * 1024 * 1024;

interface Flood {
  written: number;
  waiting: boolean;
  closed: boolean;
}
let flood: Flood = { written: 0, waiting: false, closed: false };
let upstream: LoopbackUpstream;

async function writeFlood(response: ServerResponse): Promise<void> {
  const state: Flood = { written: 0, waiting: false, closed: false };
  flood = state;
  response.on('close', () => (state.closed = true));
  response.writeHead(200, { 'content-type': 'application/octet-stream' });
  const piece = Buffer.alloc(64 * 1024, 120);
  while (state.written < FLOOD_BYTES && !response.destroyed) {
    state.written += piece.length;
    if (!response.write(piece)) {
      state.waiting = true;
      await new Promise<void>((resolve) => {
        response.once('drain', resolve);
        response.once('close', resolve);
      });
      state.waiting = false;
    }
  }
  response.end();
}

/** Waits (boundedly) until the flooding upstream has been blocked on `drain` with nothing written for a few turns. */
async function untilFloodSettles(): Promise<void> {
  let last = -1;
  let still = 0;
  for (let check = 0; check < 400 && still < 3; check++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    still = flood.waiting && flood.written === last ? still + 1 : 0;
    last = flood.written;
  }
}

beforeAll(async () => {
  upstream = await startLoopbackUpstream((request, response) => {
    if (request.url === '/counted') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      for (const chunk of CHUNKS) response.write(chunk);
      response.end();
    } else if (request.url === '/flood') void writeFlood(response);
    else if (request.url === '/small-error') sendJson(response, 400, { error: { message: 'bad request' } });
    else sendJson(response, 500, { error: { message: 'x'.repeat(10_000) } });
  });
});
afterAll(async () => {
  await closeDefaultDispatcher();
  await upstream.close();
});

const request = (path: string, signal?: AbortSignal) => ({
  url: `${upstream.url}${path}`,
  headers: {},
  body: '{}',
  ...(signal ? { signal } : {}),
});

describe('a body streamed into an async sink', () => {
  it.each([
    ['every push completes later', () => true],
    ['every push completes at once', () => false],
    ['pushes completing at once and later', (index: number) => index % 3 === 1],
  ])(
    'hands every chunk to the sink in order, one push at a time, then ends it once (%s)',
    async (_name, later: (index: number) => boolean) => {
      const received: Buffer[] = [];
      let inFlight = 0;
      let mostInFlight = 0;
      let ends = 0;
      const sink: AsyncBodySink = {
        push: (chunk) => {
          if (!later(received.length)) {
            expect(inFlight).toBe(0);
            received.push(chunk);
            return;
          }
          inFlight++;
          mostInFlight = Math.max(mostInFlight, inFlight);
          return new Promise<void>((resolve) =>
            setImmediate(() => {
              received.push(chunk);
              inFlight--;
              resolve();
            }),
          );
        },
        end: async () => {
          ends++;
          expect(inFlight).toBe(0);
        },
      };
      await expect(streamUpstreamInto(request('/counted'), sink)).resolves.toBeUndefined();
      expect(Buffer.concat(received).toString('utf8')).toBe(CHUNKS.join(''));
      expect(mostInFlight).toBeLessThanOrEqual(1);
      expect(ends).toBe(1);
    },
  );

  it('pauses the upstream while the sink is busy, instead of buffering its answer', async () => {
    let pushes = 0;
    const leaving = new AbortController();
    const sink: AsyncBodySink = {
      push: () => (pushes++, new Promise<void>(() => undefined)),
      end: async () => undefined,
    };
    const streaming = streamUpstreamInto(request('/flood', leaving.signal), sink);
    streaming.catch(() => undefined);
    await untilFloodSettles();
    expect(flood.waiting).toBe(true);
    expect(flood.written).toBeLessThan(FLOOD_BYTES / 2);
    expect(pushes).toBe(1);
    const aborted = upstream.nextAbort();
    leaving.abort();
    await expect(streaming).rejects.toMatchObject({ data: { message: 'The upstream request was aborted' } });
    await aborted;
  });

  it.each([
    ['rejects', async () => Promise.reject(new Error('the caller went away'))],
    [
      'throws',
      () => {
        throw new Error('the caller went away');
      },
    ],
  ])(
    'fails with the error of a push that %s and aborts the upstream request',
    async (_how, broken: () => Promise<void> | void) => {
      let pushes = 0;
      const sink: AsyncBodySink = {
        push: () => {
          pushes++;
          return pushes === 3 ? broken() : Promise.resolve();
        },
        end: async () => undefined,
      };
      const aborted = upstream.nextAbort();
      const error = await streamUpstreamInto(request('/flood'), sink).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(IrError);
      expect((error as IrError).data.message).toBe('Upstream request failed: the caller went away');
      await aborted;
      expect(pushes).toBe(3);
    },
  );

  it('reads an error answer whole instead of streaming it', async () => {
    let pushes = 0;
    const sink: AsyncBodySink = { push: async () => void pushes++, end: async () => undefined };
    const answer = await streamUpstreamInto(request('/small-error'), sink);
    expect(answer?.head.status).toBe(400);
    expect(JSON.parse(answer?.body.toString('utf8') ?? '')).toEqual({ error: { message: 'bad request' } });
    expect(pushes).toBe(0);
  });

  it('refuses an error answer over maxErrorBytes', async () => {
    const sink: AsyncBodySink = { push: async () => undefined, end: async () => undefined };
    const error = await streamUpstreamInto(request('/big-error'), sink, 1000).catch((e: unknown) => e);
    expect((error as IrError).data).toMatchObject({
      kind: 'upstream-error',
      message: 'The upstream response was larger than the gateway accepts',
    });
  });
});

describe('a body streamed into a writable', () => {
  it('fails with what the head callback throws', async () => {
    const refusal = new IrError({ kind: 'upstream-error', message: 'refused by the head callback', source: 'gateway' });
    await expect(
      streamUpstream(request('/counted'), () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
  });

  it('fails with the writable error and stops reading', async () => {
    const writable = new Writable({ write: (_chunk, _encoding, done) => done(new Error('disk full')) });
    const aborted = upstream.nextAbort();
    await expect(streamUpstream(request('/flood'), () => writable)).rejects.toMatchObject({
      data: { message: 'Upstream request failed: disk full' },
    });
    await aborted;
  });

  it('never sends the request of a caller that had already left', async () => {
    const before = upstream.requests.length;
    const error = await streamUpstream(request('/counted', AbortSignal.abort()), () => new Writable()).catch(
      (e: unknown) => e,
    );
    expect((error as IrError).data.message).toBe('The upstream request was aborted');
    await streamUpstream(request('/counted'), () => new Writable({ write: (_chunk, _encoding, done) => done() }));
    expect(upstream.requests.length).toBe(before + 1);
  });
});
