import type { ServerResponse } from 'node:http';
import { GoogleGenAI } from '@google/genai';
import { loadRecording, recordingSseBody, sendJson, sendSse, type ReceivedRequest } from '@interlingua/testkit';
import type { ZodType } from 'zod';
import { GATEWAY_KEY, type Harness } from './gateway-harness.test-support.js';

/** How a loopback upstream answers one request. */
export type Reply = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;

/** A `@google/genai` client pointed at the gateway (no retries unless asked). */
export function geminiClient(harness: Harness, apiKey = GATEWAY_KEY): GoogleGenAI {
  return new GoogleGenAI({ apiKey, httpOptions: { baseUrl: harness.url, timeout: 10_000 } });
}

/** Replays a recorded non-streaming answer. */
export function replayJson(file: string): Reply {
  const recording = loadRecording(file);
  return (_request, response) => sendJson(response, recording.http_status, recording.body);
}

/** Replays a recorded stream as SSE. */
export function replaySse(file: string): Reply {
  const body = recordingSseBody(loadRecording(file));
  return (_request, response) => sendSse(response, body);
}

/** Answers each call with the next reply (two-turn conversations). */
export function replies(...sequence: Reply[]): Reply {
  let next = 0;
  return (request, response) => {
    const reply = sequence[Math.min(next++, sequence.length - 1)];
    if (!reply) throw new Error('no reply');
    return reply(request, response);
  };
}

/** The JSON body of the last upstream request whose path (query aside) ends with `pathEnd`, checked against the provider's documented schema. */
export function lastUpstreamBody<T>(harness: Harness, pathEnd: string, schema: ZodType<T>): T {
  const request = harness.upstream.requests.filter((r) => (r.url.split('?')[0] ?? '').endsWith(pathEnd)).at(-1);
  if (!request) throw new Error(`the upstream saw no request to ${pathEnd}`);
  return schema.parse(request.json());
}

/** The recording's sidecar (`expect.json`) fields. */
export function expected(file: string): Record<string, unknown> {
  return loadRecording(file).expect;
}

/**
 * An SSE upstream that sends `first`, waits until `release` is called, then sends `rest`: a test
 * reads the gateway's first element before releasing, which proves nothing is buffered.
 */
export function gatedSse(first: string, rest: string): { reply: Reply; release(): void } {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    release: () => release(),
    reply: async (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(first);
      await gate;
      response.end(rest);
    },
  };
}
