import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { IrError } from '@interlingua/ir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher, streamUpstream, type UpstreamRequest } from './upstream-transport.js';

/**
 * A loopback upstream that answers every request with a head and one chunk, then holds the
 * connection open (a long stream), so a small pool fills up.
 */
let server: Server;
let origin: string;
const held: ServerResponse[] = [];
let heads = 0;
const headWaiters: Array<() => void> = [];

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('data: first\n\n');
    held.push(response);
    heads++;
    for (const wake of headWaiters.splice(0)) wake();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of held) response.end();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function headsReached(count: number): Promise<void> {
  while (heads < count) await new Promise<void>((resolve) => headWaiters.push(resolve));
}

/** Starts a streamed request; resolves when its body ends. */
function open(request: Partial<UpstreamRequest>): Promise<void> {
  return streamUpstream(
    { url: `${origin}/v1/stream`, headers: {}, body: '{}', ...request },
    () => new Writable({ write: (_chunk, _encoding, done) => done() }),
  );
}

describe('a provider connection pool that is full', () => {
  it('fails a request that found no free connection within the first-byte timeout, naming the provider and its pool', async () => {
    const dispatcher = createDispatcher({ connections: 2, name: 'busy-provider' });
    const streams = [open({ dispatcher }), open({ dispatcher })];
    for (const stream of streams) stream.catch(() => undefined);
    await headsReached(2);
    const error = await open({ dispatcher, timeouts: { firstByteMs: 200 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IrError);
    expect((error as IrError).data).toMatchObject({
      kind: 'timeout',
      code: 'connection_pool_exhausted',
      source: 'gateway',
    });
    expect((error as IrError).data.message).toMatch(
      /^No connection to provider "busy-provider" was free within the first-byte timeout of 200 ms: all its 2 connections were busy/,
    );
    await dispatcher.destroy();
  });

  it('serves a waiting request once a connection frees within the timeout', async () => {
    const dispatcher = createDispatcher({ connections: 1, name: 'one-connection' });
    const before = heads;
    const first = open({ dispatcher });
    await headsReached(before + 1);
    const second = open({ dispatcher, timeouts: { firstByteMs: 30_000 } });
    held.at(-1)?.end();
    await first;
    await headsReached(before + 2);
    held.at(-1)?.end();
    await expect(second).resolves.toBeUndefined();
    await dispatcher.close();
  });

  it('lets a caller who leaves while waiting for a connection go at once', async () => {
    const dispatcher = createDispatcher({ connections: 1, name: 'left' });
    const before = heads;
    open({ dispatcher }).catch(() => undefined);
    await headsReached(before + 1);
    const leaving = new AbortController();
    const waiting = open({ dispatcher, signal: leaving.signal, timeouts: { firstByteMs: 600_000 } });
    leaving.abort();
    await expect(waiting).rejects.toMatchObject({
      data: { kind: 'upstream-unavailable', message: 'The upstream request was aborted' },
    });
    await dispatcher.destroy();
  });

  it('still ends a request whose caller leaves after the response head arrived', async () => {
    const dispatcher = createDispatcher({ connections: 1, name: 'mid-body' });
    const before = heads;
    const leaving = new AbortController();
    const streaming = open({ dispatcher, signal: leaving.signal, timeouts: { firstByteMs: 200 } });
    await headsReached(before + 1);
    leaving.abort();
    await expect(streaming).rejects.toMatchObject({ data: { message: 'The upstream request was aborted' } });
    await dispatcher.destroy();
  });

  it('still gives a connected request that the upstream leaves unanswered the plain first-byte timeout', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1/x`;
    const dispatcher = createDispatcher({ connections: 4, name: 'silent' });
    const error = await streamUpstream(
      { url, headers: {}, body: '{}', dispatcher, timeouts: { firstByteMs: 150 } },
      () => new Writable(),
    ).catch((e: unknown) => e);
    expect((error as IrError).data).toMatchObject({ kind: 'timeout', code: 'UND_ERR_HEADERS_TIMEOUT' });
    await dispatcher.destroy();
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });
});
