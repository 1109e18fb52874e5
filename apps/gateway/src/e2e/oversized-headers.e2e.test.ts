import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../config/config-schema.js';
import { startGateway, type RunningGateway } from '../server.js';

/**
 * A query string or headers over Node's header limit used to get Node's bare 431 with an empty
 * body; the answer is now a JSON error in the style the path implies, on a closed connection.
 */
let running: RunningGateway;

beforeAll(async () => {
  const config = configSchema.parse({
    server: { host: '127.0.0.1', port: 0 },
    keys: [{ name: 'k', secret: 'oversized-headers-key' }],
    providers: [{ id: 'mock', type: 'mock' }],
    models: [{ name: 'mock', targets: [{ provider: 'mock' }] }],
  });
  running = await startGateway(config, { logDestination: { write: () => undefined } });
});

afterAll(() => running?.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const url = new URL(running.url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
      },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (body += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end('{}');
  });
}

const huge = 'x'.repeat(40_000);

describe('request heads over the limit', () => {
  it('an over-long query string on a Messages path gets an Anthropic 431', async () => {
    const answer = await send(`/v1/messages?pad=${huge}`);
    expect(answer.status).toBe(431);
    expect(answer.headers.connection).toBe('close');
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    const body = JSON.parse(answer.body) as { type: string; error: { type: string; message: string } };
    expect(body).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    expect(body.error.message).toMatch(/larger than the \d+ bytes this server accepts/);
  });

  it('an oversized header on a Gemini path gets a Gemini 431', async () => {
    const answer = await send('/v1beta/models/mock:generateContent', { 'x-padding': huge });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: { code: 431, message: expect.stringContaining('shorten the query string or the headers') },
    });
  });

  it('an oversized header on a chat path gets an OpenAI 431', async () => {
    const answer = await send('/v1/chat/completions', { 'x-padding': huge });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: { type: 'invalid_request_error', code: 'HPE_HEADER_OVERFLOW' },
    });
  });

  it('a request that is not HTTP gets a 400 with a JSON body', async () => {
    const { connect } = await import('node:net');
    const url = new URL(running.url);
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () =>
        socket.write('GET /v1/models HTTP/1.1\r\nHost: x\r\nbad header line\r\n\r\n'),
      );
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(text).toMatch(/\r\n\r\n\{"error":\{/);
  });
});
