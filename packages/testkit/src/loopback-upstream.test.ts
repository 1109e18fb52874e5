import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sendSse, startLoopbackUpstream } from './loopback-upstream.js';

/** The pieces a client reads from a loopback stream, one per socket read. */
async function readPieces(url: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const pieces: string[] = [];
    request(url, (response) => {
      response.setEncoding('utf8');
      response.on('data', (piece: string) => pieces.push(piece));
      response.on('end', () => resolve(pieces));
    })
      .on('error', reject)
      .end();
  });
}

describe('sendSse', () => {
  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
  ])('sends one event per piece when events end with %s blank lines', async (_name, eol) => {
    const events = ['data: {"a":1}', 'data: {"a":2}', 'data: {"a":3}'].map((line) => `${line}${eol}${eol}`);
    // The pause between pieces lets each reach the client in its own read.
    const upstream = await startLoopbackUpstream((_request, response) =>
      sendSse(response, events.join(''), { delayMs: 20 }),
    );
    try {
      expect(await readPieces(upstream.url)).toEqual(events);
    } finally {
      await upstream.close();
    }
  });
});
