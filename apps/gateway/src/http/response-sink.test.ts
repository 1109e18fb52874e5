import { once } from 'node:events';
import { createServer, get, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponseSink } from './response-sink.js';
import { countSocketWrites } from './socket-writes.test-support.js';

const servers: Array<ReturnType<typeof createServer>> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function serve(
  handler: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
): Promise<{ status: number; headers: IncomingMessage['headers']; body: string }> {
  const server = createServer((request, response) => void handler(request, response));
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const response = await new Promise<IncomingMessage>((resolve) =>
    get({ host: '127.0.0.1', port, path: '/' }, resolve),
  );
  let body = '';
  for await (const chunk of response) body += String(chunk);
  return { status: response.statusCode ?? 0, headers: response.headers, body };
}

describe('ResponseSink streams', () => {
  it('offers chunks without a promise while the socket takes them, and a promise once it is full', async () => {
    const seen: string[] = [];
    const answer = await serve(async (_request, response) => {
      const sink = new ResponseSink(response);
      sink.startStream(200, 'text/event-stream');
      seen.push(sink.offer('data: small\n\n') === undefined ? 'taken' : 'wait');
      let waited: Promise<void> | undefined;
      for (let i = 0; i < 64 && !waited; i++) waited = sink.offer(`data: ${'x'.repeat(64 * 1024)}\n\n`);
      seen.push(waited ? 'wait' : 'never full');
      await waited;
      seen.push(sink.write('data: last\n\n') instanceof Promise ? 'write gives a promise' : 'write gives nothing');
      sink.end();
    });
    expect(seen).toEqual(['taken', 'wait', 'write gives a promise']);
    expect(answer.body.endsWith('data: last\n\n')).toBe(true);
  });

  it('sends the head of a stream with its first event in one socket write', async () => {
    let writesForHeadAndFirstEvent = -1;
    const answer = await serve(async (_request, response) => {
      const writes = countSocketWrites(response.socket as Socket);
      const sink = new ResponseSink(response);
      sink.setHeader('x-test', 'yes');
      sink.startStream(200, 'text/event-stream');
      expect(sink.committed).toBe(true);
      await sink.write('data: first\n\n');
      await nextTurn();
      writesForHeadAndFirstEvent = writes();
      await sink.write('data: second\n\n');
      sink.end();
    });
    expect(writesForHeadAndFirstEvent).toBe(1);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/event-stream');
    expect(answer.headers['x-test']).toBe('yes');
    expect(answer.body).toBe('data: first\n\ndata: second\n\n');
  });

  it('sends the head of a committed stream by itself when no bytes follow in the same tick', async () => {
    let clientSawHead: () => void = () => undefined;
    const headSeen = new Promise<void>((resolve) => (clientSawHead = resolve));
    const server = createServer((_request, response) => {
      const sink = new ResponseSink(response);
      sink.startStream(200, 'text/event-stream');
      void headSeen.then(async () => {
        await sink.write('data: later\n\n');
        sink.end();
      });
    });
    servers.push(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const response = await new Promise<IncomingMessage>((resolve) =>
      get({ host: '127.0.0.1', port, path: '/' }, resolve),
    );
    expect(response.statusCode).toBe(200);
    clientSawHead();
    let body = '';
    for await (const chunk of response) body += String(chunk);
    expect(body).toBe('data: later\n\n');
  });

  it('sends the head of a stream that ends without an event', async () => {
    const answer = await serve(async (_request, response) => {
      const sink = new ResponseSink(response);
      sink.startStream(200, 'text/event-stream');
      sink.end();
      await Promise.resolve();
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body).toBe('');
  });
});

describe('ResponseSink last bytes', () => {
  const gate = (): { promise: Promise<void>; open: () => void; fail: () => void } => {
    let open: () => void = () => undefined;
    let fail: () => void = () => undefined;
    const promise = new Promise<void>((resolve, reject) => {
      open = resolve;
      fail = () => reject(new Error('journal write failed'));
    });
    return { promise, open, fail };
  };

  it('holds a whole answer until what beforeLastBytes gives settles, counting it as sent meanwhile', async () => {
    const seen: unknown[] = [];
    const answer = await serve(async (_request, response) => {
      const sink = new ResponseSink(response);
      const held = gate();
      sink.beforeLastBytes = (status) => {
        seen.push(status);
        return held.promise;
      };
      sink.sendJson(201, { ok: true });
      sink.sendJson(500, { ok: false });
      seen.push(response.headersSent, sink.committed, sink.ended);
      held.open();
      await held.promise;
      await nextTurn();
      seen.push(response.writableEnded);
    });
    expect(seen).toEqual([201, false, true, true, true]);
    expect([answer.status, answer.body]).toEqual([201, '{"ok":true}']);
  });

  it("holds a stream's end (once) and ends it even when the promise rejects", async () => {
    const calls: number[] = [];
    const seen: boolean[] = [];
    const answer = await serve(async (_request, response) => {
      const sink = new ResponseSink(response);
      const held = gate();
      sink.beforeLastBytes = (status) => {
        calls.push(status);
        return held.promise;
      };
      sink.startStream(200, 'text/event-stream');
      await sink.write('data: first\n\n');
      sink.end('data: last\n\n');
      sink.end();
      seen.push(response.writableEnded, sink.offer('data: late\n\n') === undefined);
      held.fail();
      await held.promise.catch(() => undefined);
      await nextTurn();
      seen.push(response.writableEnded);
    });
    expect(calls).toEqual([200]);
    expect(seen).toEqual([false, true, true]);
    expect(answer.body).toBe('data: first\n\ndata: last\n\n');
  });
});
