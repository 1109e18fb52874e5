import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import {
  loadRecording,
  recordingSseBody,
  sendJson,
  sendSse,
  startLoopbackUpstream,
  type LoopbackUpstream,
} from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { receivedSpans, spansOfTrace, type ReceivedSpan } from '../observe/tracing/otlp-receiver.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/*
 * Traces exported over OTLP/HTTP to a loopback receiver that decodes them (JSON and protobuf):
 * one SERVER span per request, one CLIENT span per upstream attempt, GenAI attributes, the
 * gateway's own, and the W3C trace context passed to the upstream.
 */

const RECORDING = loadRecording('openai-chat/03-text-stream-after-tool.sse');
const STREAM = recordingSseBody(RECORDING);
/** The recorded stream up to its last event, and its last event (`data: [DONE]`). */
const LAST_EVENT_AT = STREAM.trimEnd().lastIndexOf('\n\n') + 2;
/** The usage the recording reports: 78 prompt and 9 completion tokens. */
const RECORDED_USAGE = RECORDING.expect.usage as { prompt_tokens: number; completion_tokens: number };
const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SERVER = 2;
const CLIENT = 3;

for (const protocol of ['http/json', 'http/protobuf'] as const) {
  describe(`traces over OTLP ${protocol}`, () => {
    let receiver: LoopbackUpstream;
    let harness: Harness;
    /** While set, the upstream holds its stream's last event until the test releases it. */
    let lastEventGate: Promise<void> | undefined;

    beforeAll(async () => {
      receiver = await startLoopbackUpstream((_request, response) => sendJson(response, 200, {}));
      harness = await startHarness(
        async (request, response) => {
          const body = request.json() as { model: string };
          if (request.url.endsWith('/embeddings')) {
            if (body.model === 'embed-fails')
              return sendJson(response, 503, { error: { message: 'overloaded', type: 'server_error' } });
            return sendJson(response, 200, {
              object: 'list',
              model: body.model,
              data: [{ object: 'embedding', index: 0, embedding: [0.25, -0.5, 0.75] }],
              usage: { prompt_tokens: 3, total_tokens: 3 },
            });
          }
          if (body.model === 'fails')
            return sendJson(response, 503, { error: { message: 'overloaded', type: 'server_error' } });
          if (body.model === 'refuses')
            return sendJson(response, 400, {
              error: { message: 'bad temperature', type: 'invalid_request_error', param: 'temperature' },
            });
          if (!lastEventGate) return sendSse(response, STREAM);
          response.writeHead(200, { 'content-type': 'text/event-stream' });
          response.write(STREAM.slice(0, LAST_EVENT_AT));
          await lastEventGate;
          response.end(STREAM.slice(LAST_EVENT_AT));
        },
        {
          models: [
            {
              name: 'embed-chain',
              targets: [
                { provider: 'upstream', model: 'embed-fails' },
                { provider: 'upstream', model: 'embed-works', priority: 1 },
              ],
            },
            {
              name: 'chain',
              targets: [
                { provider: 'upstream', model: 'fails' },
                { provider: 'upstream', model: 'works', priority: 1 },
              ],
            },
          ],
          sections: {
            routing: { retries: 0, cooldown: { failures: 0 } },
            telemetry: { endpoint: receiver.url, protocol, serviceName: 'gateway-under-test' },
          },
        },
      );
    });
    afterAll(async () => {
      await harness?.close();
      await receiver?.close();
    });

    const spansOf = (traceId: string): Promise<ReceivedSpan[]> =>
      spansOfTrace(receiver, harness.gateway.gateway.ops.runtime.tracer!, traceId);

    it('traces a translated stream: the request span ends after the last byte, with usage and styles; the upstream gets the attempt span as parent', async () => {
      const parentSpan = '00f067aa0ba902b7';
      const client = new Anthropic({
        baseURL: harness.url,
        apiKey: GATEWAY_KEY,
        maxRetries: 0,
        defaultHeaders: { traceparent: `00-${CALLER_TRACE}-${parentSpan}-01` },
      });
      let releaseLastEvent = (): void => undefined;
      lastEventGate = new Promise((resolve) => (releaseLastEvent = resolve));
      const stream = client.messages.stream({
        model: 'up/gpt-4o-mini',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'hi' }],
      });
      let text = '';
      stream.on('text', (delta) => void (text += delta));
      try {
        // The caller has read the whole text while the upstream still holds its last event: the
        // exported spans hold no request span of this trace yet (a span ended at the commit point would be there).
        await vi.waitFor(() => expect(text).toBe(RECORDING.expect.text));
        await harness.gateway.gateway.ops.runtime.tracer!.flush();
        expect(receivedSpans(receiver).spans.filter((span) => span.traceId === CALLER_TRACE)).toEqual([]);
      } finally {
        releaseLastEvent();
        lastEventGate = undefined;
      }
      await stream.finalMessage();
      const spans = await spansOf(CALLER_TRACE);
      const request = spans.find((span) => span.kind === SERVER)!;
      const attempt = spans.find((span) => span.kind === CLIENT)!;
      expect(request.parentSpanId).toBe(parentSpan);
      expect(attempt.parentSpanId).toBe(request.spanId);
      expect(request.name).toBe('chat up/gpt-4o-mini');
      expect(attempt.name).toBe('chat gpt-4o-mini');
      expect(request.attributes).toMatchObject({
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': 'up/gpt-4o-mini',
        'gen_ai.provider.name': 'openai',
        'http.response.status_code': 200,
        'interlingua.caller.style': 'anthropic-messages',
        'interlingua.upstream.style': 'openai-chat',
        'interlingua.stream': true,
        'interlingua.fallback.chain': ['upstream/gpt-4o-mini'],
      });
      expect(request.attributes['gen_ai.usage.input_tokens']).toBe(RECORDED_USAGE.prompt_tokens);
      expect(request.attributes['gen_ai.usage.output_tokens']).toBe(RECORDED_USAGE.completion_tokens);
      expect(request.attributes['gen_ai.response.finish_reasons']).toEqual(['stop']);
      expect(attempt.attributes).toMatchObject({
        'gen_ai.request.model': 'gpt-4o-mini',
        'server.address': '127.0.0.1',
        'gen_ai.usage.input_tokens': RECORDED_USAGE.prompt_tokens,
        'gen_ai.usage.output_tokens': RECORDED_USAGE.completion_tokens,
      });
      // The upstream saw the attempt span as its parent, in the caller's trace.
      const upstreamHeaders = harness.upstream.requests.at(-1)!.headers;
      expect(upstreamHeaders.traceparent).toBe(`00-${CALLER_TRACE}-${attempt.spanId}-01`);
      expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain('"hi"');
      // Contents are recorded only on an explicit opt-in.
      for (const span of spans) {
        expect(span.attributes['gen_ai.input.messages']).toBeUndefined();
        expect(span.attributes['gen_ai.output.messages']).toBeUndefined();
      }
      expect(
        receivedSpans(receiver).resources.some((resource) => resource['service.name'] === 'gateway-under-test'),
      ).toBe(true);
    });

    it('traces a fallback: two attempt spans under one request span, the failed one with error.type', async () => {
      const traceId = 'aaf92f3577b34da6a3ce929d0e0e4736';
      const client = new OpenAI({
        baseURL: `${harness.url}/v1`,
        apiKey: GATEWAY_KEY,
        maxRetries: 0,
        defaultHeaders: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      });
      const stream = await client.chat.completions.create({
        model: 'chain',
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      });
      for await (const _chunk of stream) void _chunk;
      const spans = await spansOf(traceId);
      const request = spans.find((span) => span.kind === SERVER)!;
      const attempts = spans.filter((span) => span.kind === CLIENT).sort((a, b) => Number(a.startNs - b.startNs));
      expect(attempts).toHaveLength(2);
      expect(attempts.every((span) => span.parentSpanId === request.spanId)).toBe(true);
      expect(attempts[0]!.attributes).toMatchObject({
        'gen_ai.request.model': 'fails',
        'error.type': 'overloaded',
        'http.response.status_code': 503,
        'interlingua.attempt': 1,
      });
      expect(attempts[0]!.statusCode).toBe(2);
      expect(attempts[1]!.attributes).toMatchObject({ 'gen_ai.request.model': 'works', 'interlingua.attempt': 2 });
      expect(attempts[1]!.attributes['error.type']).toBeUndefined();
      expect(request.attributes).toMatchObject({
        'interlingua.attempts': 2,
        'interlingua.fallback.chain': ['upstream/fails', 'upstream/works'],
        'interlingua.path': 'fast',
      });
    });

    it('traces a service call: one attempt span per upstream attempt of an embeddings fallback, usage on the one that answered', async () => {
      const traceId = 'ccf92f3577b34da6a3ce929d0e0e4736';
      const client = new OpenAI({
        baseURL: `${harness.url}/v1`,
        apiKey: GATEWAY_KEY,
        maxRetries: 0,
        defaultHeaders: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      });
      const answer = await client.embeddings.create({ model: 'embed-chain', input: 'hi', encoding_format: 'float' });
      expect(answer.data[0]!.embedding).toEqual([0.25, -0.5, 0.75]);
      const spans = await spansOf(traceId);
      const request = spans.find((span) => span.kind === SERVER)!;
      const attempts = spans.filter((span) => span.kind === CLIENT).sort((a, b) => Number(a.startNs - b.startNs));
      expect(attempts).toHaveLength(2);
      expect(attempts.every((span) => span.parentSpanId === request.spanId)).toBe(true);
      expect(attempts.map((span) => span.name)).toEqual(['embeddings embed-fails', 'embeddings embed-works']);
      expect(attempts[0]!.attributes).toMatchObject({
        'gen_ai.operation.name': 'embeddings',
        'error.type': 'overloaded',
        'http.response.status_code': 503,
        'interlingua.attempt': 1,
      });
      expect(attempts[0]!.statusCode).toBe(2);
      expect(attempts[1]!.attributes).toMatchObject({
        'gen_ai.operation.name': 'embeddings',
        'gen_ai.provider.name': 'openai',
        'interlingua.attempt': 2,
        'gen_ai.usage.input_tokens': 3,
      });
      // Each attempt carried its own span as the upstream's parent.
      const upstreamParents = harness.upstream.requests
        .filter((received) => received.url.endsWith('/embeddings') && received.headers.traceparent?.includes(traceId))
        .map((received) => received.headers.traceparent);
      expect(upstreamParents).toEqual(attempts.map((span) => `00-${traceId}-${span.spanId}-01`));
      expect(request.attributes).toMatchObject({
        'gen_ai.operation.name': 'embeddings',
        'interlingua.attempts': 2,
        'interlingua.fallback.chain': ['upstream/embed-fails', 'upstream/embed-works'],
      });
    });

    it('traces an upstream error: error.type and an error status on the attempt; the request span carries the status the caller got', async () => {
      const traceId = 'bbf92f3577b34da6a3ce929d0e0e4736';
      const client = new OpenAI({
        baseURL: `${harness.url}/v1`,
        apiKey: GATEWAY_KEY,
        maxRetries: 0,
        defaultHeaders: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      });
      await expect(
        client.chat.completions.create({ model: 'up/refuses', messages: [{ role: 'user', content: 'hi' }] }),
      ).rejects.toMatchObject({ status: 400 });
      const spans = await spansOf(traceId);
      const request = spans.find((span) => span.kind === SERVER)!;
      const attempt = spans.find((span) => span.kind === CLIENT)!;
      expect(attempt.attributes).toMatchObject({ 'error.type': 'invalid-request', 'http.response.status_code': 400 });
      expect(attempt.statusCode).toBe(2);
      expect(request.attributes).toMatchObject({
        'http.response.status_code': 400,
        'interlingua.last_error.type': 'invalid-request',
      });
    });
  });
}
