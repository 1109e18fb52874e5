import { once } from 'node:events';
import { createServer, request as send, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { BODY_TAIL_ROOM, bodyText, hasTailRoom, readBody } from './read-body.js';

const servers: Array<ReturnType<typeof createServer>> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** Sends `body` to a server that reads it with `readBody`; gives what it read and the request's `data` listeners left. */
async function readOnServer(body: Buffer, maxBytes: number): Promise<{ read: Buffer | Error; dataListeners: number }> {
  let seen: IncomingMessage | undefined;
  const result = new Promise<Buffer | Error>((resolve) => {
    const server = createServer((request, response) => {
      seen = request;
      readBody(request, maxBytes)
        .then(resolve, resolve)
        .finally(() => response.end());
    });
    servers.push(server);
    server.listen(0, '127.0.0.1');
  });
  const server = servers.at(-1) as ReturnType<typeof createServer>;
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const client = send({ host: '127.0.0.1', port, method: 'POST', headers: { 'transfer-encoding': 'chunked' } });
  client.on('error', () => undefined);
  client.on('response', (response) => response.resume());
  for (let at = 0; at < body.length; at += 1024) client.write(body.subarray(at, at + 1024));
  client.end();
  const read = await result;
  return { read, dataListeners: seen?.listenerCount('data') ?? -1 };
}

describe('readBody', () => {
  it('gives the whole body and leaves no data listener (nothing keeps its chunks for the rest of the answer)', async () => {
    const body = Buffer.from(JSON.stringify({ text: 'é'.repeat(5_000) }));
    const { read, dataListeners } = await readOnServer(body, 1_000_000);
    expect(Buffer.isBuffer(read) && read.equals(body)).toBe(true);
    expect(dataListeners).toBe(0);
  });

  it('refuses a body over the limit as soon as it is exceeded, and stops listening', async () => {
    const { read, dataListeners } = await readOnServer(Buffer.alloc(8_192, 0x61), 2_048);
    expect(read).toBeInstanceOf(Error);
    expect((read as Error).message).toContain('larger than the limit of 2048 bytes');
    expect(dataListeners).toBe(0);
  });

  it('keeps a body that came in one chunk owning its memory as it is, and copies a view into a larger buffer', async () => {
    const fromChunks = (chunks: Buffer[]): Promise<Buffer> =>
      readBody(
        Object.assign(Readable.from(chunks, { objectMode: false }), { headers: {} }) as unknown as IncomingMessage,
        1_000_000,
      );
    const owned = Buffer.from(new TextEncoder().encode('{"model":"m"}').buffer);
    expect(await fromChunks([owned])).toBe(owned);
    const view = Buffer.from('xx{"model":"m"}').subarray(2);
    const copied = await fromChunks([view]);
    expect(copied).not.toBe(view);
    expect(copied.equals(view)).toBe(true);
    const joined = await fromChunks([Buffer.from('{"model"'), Buffer.from(':"m"}')]);
    expect(joined.toString()).toBe('{"model":"m"}');
    expect(hasTailRoom(joined, 1)).toBe(false);
  });

  it('joins a large body into memory of its own with room after it', async () => {
    const text = JSON.stringify({ model: 'm', text: 'x'.repeat(40_000) });
    const { read } = await readOnServer(Buffer.from(text), 1_000_000);
    expect(Buffer.isBuffer(read) && read.toString()).toBe(text);
    const body = read as Buffer;
    expect(hasTailRoom(body, BODY_TAIL_ROOM)).toBe(true);
    expect(hasTailRoom(body, BODY_TAIL_ROOM + 1)).toBe(false);
    expect(hasTailRoom(body.subarray(1), 1)).toBe(false);
    expect(hasTailRoom(Buffer.from(text), 1)).toBe(false);
  });
});

describe('bodyText', () => {
  it('reads any UTF-8 body as UTF-8 does, ASCII or not (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme-ascii' })),
        (text) => {
          const body = Buffer.from(text, 'utf8');
          expect(bodyText(body)).toBe(body.toString('utf8'));
        },
      ),
      { numRuns: 500 },
    );
  });
});
