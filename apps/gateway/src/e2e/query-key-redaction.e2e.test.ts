import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../config/config-schema.js';
import { setRequestLogging } from '../observe/request-log.js';
import { startGateway, type RunningGateway } from '../server.js';

/**
 * A Gemini client's key in the query string, its name spelled any way the gateway accepts it:
 * the request is let in, and the request log never holds the key. Before one parse served both,
 * `?%6bey=` was accepted as `key` and logged as sent.
 */
const SECRET = 'query-key-redaction-secret';
const lines: string[] = [];
let running: RunningGateway;

beforeAll(async () => {
  setRequestLogging(true);
  const config = configSchema.parse({
    server: { host: '127.0.0.1', port: 0 },
    keys: [{ name: 'gemini-client', secret: SECRET }],
    providers: [{ id: 'mock', type: 'mock' }],
    models: [{ name: 'mock', targets: [{ provider: 'mock' }] }],
  });
  running = await startGateway(config, { logDestination: { write: (line: string) => void lines.push(line) } });
});
afterAll(async () => {
  await running?.close();
  setRequestLogging(false);
});

async function logLineOf(requestId: string): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const line = lines.find((text) => text.includes(requestId));
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no log line for ${requestId}`);
}

describe('the key in the query string', () => {
  it.each(['key', '%6bey', 'k%65y', '%6B%65%79'])(
    '?%s= is accepted and redacted from the request log',
    async (name) => {
      const requestId = `redaction-${name.replace(/%/g, '')}`;
      const response = await fetch(`${running.url}/v1beta/models/mock:generateContent?alt=json&${name}=${SECRET}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': requestId },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      const line = await logLineOf(requestId);
      expect(line).not.toContain(SECRET);
      expect(line).toContain(`${name}=[redacted]`);
    },
  );
});
