import type { IrResponse, IrStreamEvent } from '@interlingua/ir';
import {
  accumulateResponse,
  parseSseText,
  responseToStreamEvents,
  runMachineSync,
  serializeSseMessages,
} from '@interlingua/ir-utils';
import OpenAISdk from 'openai';
import { describe, expect, it } from 'vitest';
import { listRecordings, recordingJson, recordingSseBody } from '@interlingua/testkit';
import { openAiResponsesResponseFromIr } from './ir-to-openai-responses-response.js';
import { openAiResponsesResponseToIr } from './openai-responses-response-to-ir.js';
import { createOpenAiResponsesStreamDecoder } from './openai-responses-stream-decoder.js';
import { createOpenAiResponsesStreamEncoder } from './openai-responses-stream-encoder.js';

/* The official openai SDK reads what the codec writes (its own ResponseStream accumulator included). */

interface SdkResponse {
  status?: string;
  output_text: string;
  output: Array<Record<string, unknown>>;
  usage?: Record<string, unknown>;
  error: unknown;
}

interface SdkClient {
  responses: {
    create(params: Record<string, unknown>): Promise<SdkResponse>;
    stream(
      params: Record<string, unknown>,
    ): AsyncIterable<{ type: string }> & { finalResponse(): Promise<SdkResponse> };
  };
}

type SdkConstructor = new (options: Record<string, unknown>) => SdkClient;

const OpenAI = OpenAISdk as unknown as SdkConstructor;

function client(body: string, contentType: string): SdkClient {
  return new OpenAI({
    apiKey: 'test-key',
    baseURL: 'http://127.0.0.1:1/v1',
    maxRetries: 0,
    timeout: 5_000,
    fetch: async () => new Response(body, { status: 200, headers: { 'content-type': contentType } }),
  });
}

function encodeSse(events: IrStreamEvent[]): string {
  return serializeSseMessages(runMachineSync(createOpenAiResponsesStreamEncoder({ model: 'alias' }), events));
}

function textOf(ir: IrResponse): string {
  return (ir.choices[0]?.content ?? []).map((p) => (p.type === 'text' ? p.text : '')).join('');
}

const recordings = listRecordings('openai-responses', (row) => row.http_status === 200);

function recordedIr(recording: (typeof recordings)[number]): IrResponse {
  if (!recording.streaming) return openAiResponsesResponseToIr(recordingJson(recording)).value;
  return accumulateResponse(
    runMachineSync(createOpenAiResponsesStreamDecoder(), parseSseText(recordingSseBody(recording))),
  );
}

describe('the openai SDK reads the codec output', () => {
  it.each(recordings.map((r) => [r.file, r] as const))(
    '%s: responses.stream().finalResponse() accepts the encoded stream',
    async (_file, recording) => {
      const ir = recordedIr(recording);
      const stream = client(encodeSse(responseToStreamEvents(ir)), 'text/event-stream').responses.stream({
        model: 'alias',
        input: 'hi',
      });
      const seen: string[] = [];
      for await (const event of stream) seen.push(event.type);
      const final = await stream.finalResponse();
      expect(final.status).toBe('completed');
      expect(final.output_text).toBe(textOf(ir));
      const calls = final.output
        .filter((item) => item.type === 'function_call')
        .map((item) => [item.call_id, item.name, item.arguments]);
      const irCalls = (ir.choices[0]?.content ?? []).flatMap((p) =>
        p.type === 'tool-call' ? [[p.id, p.name, p.argumentsJson]] : [],
      );
      expect(calls).toEqual(irCalls);
      expect(seen[0]).toBe('response.created');
      if (ir.usage)
        expect(final.usage).toMatchObject({ input_tokens: ir.usage.inputTokens, output_tokens: ir.usage.outputTokens });
    },
  );

  it.each(recordings.map((r) => [r.file, r] as const))(
    '%s: responses.create() reads the re-encoded body',
    async (_file, recording) => {
      const ir = recordedIr(recording);
      const body = JSON.stringify(openAiResponsesResponseFromIr(ir).value);
      const response = await client(body, 'application/json').responses.create({ model: 'alias', input: 'hi' });
      expect(response.output_text).toBe(textOf(ir));
      expect(response.error).toBeNull();
    },
  );

  it('accepts a length stop as an incomplete response', async () => {
    const sse = encodeSse([
      { type: 'response-start', id: 'resp_l', model: 'm', created: 1 },
      { type: 'text-start', index: 0 },
      { type: 'text-delta', index: 0, delta: 'cut short' },
      { type: 'finish', finishReason: { unified: 'length', raw: 'length' } },
    ]);
    const final = await client(sse, 'text/event-stream')
      .responses.stream({ model: 'alias', input: 'hi' })
      .finalResponse();
    expect(final).toMatchObject({
      status: 'incomplete',
      output_text: 'cut short',
      incomplete_details: { reason: 'max_output_tokens' },
    });
  });

  it('surfaces an in-band error: the SDK rejects finalResponse() with the error event', async () => {
    const sse = encodeSse([
      { type: 'response-start', id: 'resp_e', model: 'm', created: 1 },
      { type: 'text-start', index: 0 },
      { type: 'text-delta', index: 0, delta: 'partial' },
      { type: 'error', error: { kind: 'upstream-error', message: 'upstream died' } },
    ]);
    const stream = client(sse, 'text/event-stream').responses.stream({ model: 'alias', input: 'hi' });
    await expect(stream.finalResponse()).rejects.toMatchObject({
      type: 'error',
      message: 'upstream died',
      code: 'server_error',
    });
  });
});
