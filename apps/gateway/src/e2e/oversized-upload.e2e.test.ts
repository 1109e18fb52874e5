import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/** Body limit of the endpoints under test: far below the uploads. */
const LIMIT = 256 * 1024;
/** What each client means to send (it never gets that far: the answer comes first). */
const UPLOAD_BYTES = 50 * 1024 * 1024;
const PIECE = Buffer.alloc(64 * 1024, 0x61);
const CLIENTS = 24;

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness(() => undefined, {
    sections: { limits: { maxBodyBytes: { chat: LIMIT, images: LIMIT } } },
  });
});

afterAll(() => harness.close());

/** What one client read: the answer's status, `connection` header and body, or the error that kept it from reading one. */
type Read = { status: number; connection: string | undefined; body: string } | { error: string };

/**
 * A client that streams a 50 MB body (chunked, or with its length declared) as fast as the
 * socket takes it, whatever the server answers meanwhile, as naive clients do; it reads the
 * answer whenever it comes. A write error after the answer was read is the expected close.
 */
function upload(path: string, contentType: string, chunked: boolean, written: { bytes: number }): Promise<Read> {
  const url = new URL(harness.url);
  return new Promise((resolve) => {
    let answer: Read | undefined;
    const headers: Record<string, string | number> = {
      authorization: `Bearer ${GATEWAY_KEY}`,
      'content-type': contentType,
    };
    if (!chunked) headers['content-length'] = UPLOAD_BYTES;
    const request = httpRequest({ host: url.hostname, port: url.port, method: 'POST', path, headers, agent: false });
    request.on('response', (response: IncomingMessage) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => {
        answer = { status: response.statusCode ?? 0, connection: response.headers.connection, body };
        resolve(answer);
      });
      response.on('error', (error) => resolve(answer ?? { error: String(error) }));
    });
    request.on('error', (error) => {
      if (!answer) setTimeout(() => resolve(answer ?? { error: String(error) }), 50);
    });
    const writeMore = (sent: number): void => {
      let total = sent;
      while (total < UPLOAD_BYTES && !request.destroyed) {
        total += PIECE.length;
        written.bytes = total;
        if (!request.write(PIECE)) return void request.once('drain', () => writeMore(total));
      }
      if (!request.destroyed) request.end();
    };
    writeMore(0);
  });
}

describe('many concurrent 50 MB uploads over the limit', () => {
  it.each([
    ['chat, chunked', '/v1/chat/completions', 'application/json', true],
    ['chat, declared length', '/v1/chat/completions', 'application/json', false],
    ['images edits (multipart), chunked', '/v1/images/edits', 'multipart/form-data; boundary=x', true],
  ] as const)(
    '%s: every client reads the 413 and its JSON error, and the gateway stops taking the body soon after',
    async (_name, path, contentType, chunked) => {
      const written = Array.from({ length: CLIENTS }, () => ({ bytes: 0 }));
      const reads = await Promise.all(written.map((counter) => upload(path, contentType, chunked, counter)));
      const failures = reads.filter((read) => !('status' in read) || read.status !== 413);
      expect(failures, JSON.stringify(failures.slice(0, 3))).toEqual([]);
      for (const read of reads) {
        if (!('status' in read)) continue;
        expect(read.connection).toBe('close');
        const parsed = JSON.parse(read.body) as { error: { message: string; type: string } };
        expect(parsed.error.message).toMatch(/larger than the limit of 262144 bytes/);
      }
      // The rest of each body is drained within a bound, then the connection closes: no client got to send it all.
      expect(Math.max(...written.map((counter) => counter.bytes))).toBeLessThan(UPLOAD_BYTES);
    },
  );
});

/** What a raw client got: the answer's text (or an error) and how much of its body it wrote. */
interface RawUpload {
  answer: string;
  written: number;
}

/**
 * A client on a raw socket that streams a 50 MB chunked body on, whatever comes back, until the
 * connection closes. A `busy` one reads nothing until it has written `LIMIT + 2 MB` (closing the
 * connection as soon as the 413 went out resets it under those writes, and the reset takes the
 * unread 413 with it); the others read as the answer arrives.
 */
function rawUpload(path: string, busy: boolean): Promise<RawUpload> {
  const url = new URL(harness.url);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const received: Buffer[] = [];
    let written = 0;
    let answer = '';
    const done = (): void => resolve({ answer: answer || Buffer.concat(received).toString('latin1'), written });
    if (busy) socket.pause();
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      const text = Buffer.concat(received).toString('latin1');
      const length = /content-length: (\d+)/i.exec(text);
      const bodyAt = text.indexOf('\r\n\r\n');
      if (length && bodyAt !== -1 && text.length >= bodyAt + 4 + Number(length[1])) answer = text;
      if (answer && busy) socket.destroy();
    });
    socket.on('error', (error) => {
      if (!answer) answer = `error: ${error.message}`;
    });
    socket.on('close', done);
    const head = `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${GATEWAY_KEY}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const chunk = Buffer.concat([Buffer.from(`${PIECE.length.toString(16)}\r\n`), PIECE, Buffer.from('\r\n')]);
    const writeMore = (): void => {
      while (written < UPLOAD_BYTES && !socket.destroyed) {
        written += PIECE.length;
        if (busy && written >= LIMIT + 2 * 1024 * 1024) socket.resume();
        if (!socket.write(chunk)) return void socket.once('drain', writeMore);
      }
      if (!socket.destroyed) socket.end('0\r\n\r\n');
    };
    socket.write(head, writeMore);
  });
}

const TOO_LARGE_ANSWER =
  /^HTTP\/1\.1 413 [^]*\r\n\r\n\{"error":\{"message":"Request body is larger than the limit of 262144 bytes"/;

describe('raw clients that keep sending after the 413', () => {
  it('read the 413, and the gateway closes the connection after a bounded drain instead of taking all 50 MB', async () => {
    const uploads = await Promise.all(Array.from({ length: CLIENTS }, () => rawUpload('/v1/chat/completions', false)));
    const lost = uploads.filter((upload) => !TOO_LARGE_ANSWER.test(upload.answer));
    expect(
      lost.map((upload) => upload.answer.slice(0, 120)),
      `${lost.length} of ${CLIENTS} lost the answer`,
    ).toEqual([]);
    expect(Math.max(...uploads.map((upload) => upload.written))).toBeLessThan(UPLOAD_BYTES);
  });

  it('a busy client that reads only after writing 2 MB more still reads the 413', async () => {
    const uploads = await Promise.all(Array.from({ length: CLIENTS }, () => rawUpload('/v1/chat/completions', true)));
    const lost = uploads.filter((upload) => !TOO_LARGE_ANSWER.test(upload.answer));
    expect(
      lost.map((upload) => upload.answer.slice(0, 120)),
      `${lost.length} of ${CLIENTS} lost the answer`,
    ).toEqual([]);
  });
});
