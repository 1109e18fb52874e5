import type { ServerResponse } from 'node:http';
import { readUpstreamForm, sendJson, type ReceivedRequest, type UpstreamFormValue } from '@interlingua/testkit';
import OpenAI from 'openai';
import type { ZodType } from 'zod';
import { GATEWAY_KEY, type Harness } from './gateway-harness.test-support.js';

export { TINY_PNG } from '../services/media-fetcher.test-support.js';

/** How a loopback upstream answers one request. */
export type Reply = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;

/** The official `openai` client pointed at the gateway, without retries. */
export function openAiClient(harness: Harness, apiKey = GATEWAY_KEY): OpenAI {
  return new OpenAI({ baseURL: `${harness.url}/v1`, apiKey, maxRetries: 0, timeout: 10_000 });
}

/**
 * A small valid WAV file built here, independent of the gateway's code: a RIFF header and
 * `milliseconds` of a 440 Hz tone, 16 kHz, 16-bit mono little-endian.
 */
export function tinyWav(milliseconds = 100): Buffer {
  const sampleRate = 16_000;
  const samples = Math.round((sampleRate * milliseconds) / 1000);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** The last upstream request whose path ends with `pathEnd` (query aside). */
export function lastUpstreamRequest(harness: Harness, pathEnd: string): ReceivedRequest {
  const request = harness.upstream.requests.filter((r) => (r.url.split('?')[0] ?? '').endsWith(pathEnd)).at(-1);
  if (!request) throw new Error(`the upstream saw no request to ${pathEnd}`);
  return request;
}

/** The JSON body of the last upstream request to `pathEnd`, checked against the provider's documented schema. */
export function lastUpstreamJson<T>(harness: Harness, pathEnd: string, schema: ZodType<T>): T {
  return schema.parse(lastUpstreamRequest(harness, pathEnd).json());
}

/** The multipart form of the last upstream request to `pathEnd`, checked against the provider's documented schema. */
export async function lastUpstreamForm(
  harness: Harness,
  pathEnd: string,
  schema: ZodType,
): Promise<Record<string, UpstreamFormValue | UpstreamFormValue[]>> {
  const request = lastUpstreamRequest(harness, pathEnd);
  const form = await readUpstreamForm(request.body, String(request.headers['content-type']));
  schema.parse(form);
  return form;
}

/** A Gemini `GenerateContentResponse` whose one candidate holds `parts`, shaped as Google documents it. */
export function geminiAnswer(parts: unknown[], finishReason = 'STOP'): Record<string, unknown> {
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason, index: 0 }],
    usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 48, totalTokenCount: 56 },
    modelVersion: 'gemini-test',
    responseId: 'resp-media-1',
  };
}

/** Replies with a JSON body. */
export function json(body: unknown, status = 200): Reply {
  return (_request, response) => sendJson(response, status, body);
}
