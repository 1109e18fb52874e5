import { checkUsageInvariants, IrError, type IrResponse, type IrStreamEvent, type SseMessage } from '@interlingua/ir';
import {
  accumulateResponse,
  createSseParser,
  parseSseText,
  parseToolArguments,
  responseToStreamEvents,
  runMachineSync,
} from '@interlingua/ir-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// The testkit is a workspace package this package does not depend on: reach its source directly.
import { listRecordings, recordingJson, recordingSseBody, type Recording } from '../../testkit/src/recordings.js';
import { anthropicMessagesCodec as codec } from './anthropic-messages-codec.js';
import { anthropicMessagesStrictResponseSchema } from './anthropic-messages-strict-response-schema.js';
import { anthropicErrorBodySchema } from './anthropic-messages-error-schema.js';
import { validateAnthropicMessagesStream } from './anthropic-messages-stream-validator.js';

const recordings = listRecordings('anthropic-messages');
const answers = recordings.filter((rec) => rec.http_status === 200);
const streams = answers.filter((rec) => rec.streaming);
const wholes = answers.filter((rec) => !rec.streaming);
const errors = recordings.filter((rec) => rec.http_status !== 200);

interface ExpectedToolCall {
  id?: string;
  name: string;
  arguments: unknown;
}

function decodeStream(body: string | Uint8Array[]): IrStreamEvent[] {
  const parser = createSseParser();
  const messages: SseMessage[] =
    typeof body === 'string' ? [...parser.push(body), ...parser.end()] : runMachineSync(parser, body);
  return runMachineSync(codec.stream.createDecoder(), messages);
}

function decodeRecording(rec: Recording): IrResponse {
  return rec.streaming
    ? accumulateResponse(decodeStream(recordingSseBody(rec)))
    : codec.response.toIr(recordingJson(rec)).value;
}

/**
 * The IR answer without what legitimately differs between two decodings: `created`, the JSON
 * spelling of tool arguments, the provider's raw usage object, and absent vs zero cache counts.
 */
function comparable(ir: IrResponse): Omit<IrResponse, 'created'> {
  const { created: _created, usage, ...rest } = ir;
  const choices = rest.choices.map((choice) => ({
    ...choice,
    content: choice.content.map((part) =>
      part.type === 'tool-call'
        ? { ...part, argumentsJson: JSON.stringify(parseToolArguments(part.argumentsJson)) }
        : part,
    ),
  }));
  if (!usage) return { ...rest, choices };
  const { raw: _raw, ...counts } = usage;
  return {
    ...rest,
    choices,
    usage: { ...counts, cacheReadTokens: usage.cacheReadTokens ?? 0, cacheWriteTokens: usage.cacheWriteTokens ?? 0 },
  };
}

function textOf(ir: IrResponse): string {
  return (ir.choices[0]?.content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');
}

function checkAgainstSidecar(ir: IrResponse, rec: Recording): void {
  const expected = rec.expect;
  const content = ir.choices[0]?.content ?? [];
  expect(textOf(ir)).toBe(expected.text);
  const reasoning = content.filter((part) => part.type === 'reasoning');
  const thinking = reasoning.map((part) => part.text).join('');
  expect(thinking === '' ? null : thinking).toBe(expected.thinking);
  expect(reasoning.some((part) => part.opaque?.kind === 'signature' && part.opaque.origin === 'anthropic')).toBe(
    expected.thinking_signature,
  );
  expect(reasoning.filter((part) => part.opaque?.kind === 'redacted').length).toBe(expected.redacted_thinking_blocks);
  const calls = content.flatMap((part) =>
    part.type === 'tool-call'
      ? [{ id: part.id, name: part.name, arguments: parseToolArguments(part.argumentsJson) }]
      : [],
  );
  expect(calls).toEqual(
    (expected.tool_calls as ExpectedToolCall[]).map((call) => ({
      id: call.id ?? calls.find((c) => c.name === call.name)?.id,
      name: call.name,
      arguments: call.arguments,
    })),
  );
  expect(ir.choices[0]?.finishReason.raw).toBe(expected.stop_reason);
  const usage = expected.usage as Record<string, number>;
  expect(ir.usage?.raw).toEqual(usage);
  const cache = (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
  expect(ir.usage?.inputTokens).toBe((usage.input_tokens ?? 0) + cache);
  expect(ir.usage?.outputTokens).toBe(usage.output_tokens);
  expect(checkUsageInvariants(ir.usage ?? { inputTokens: 0, outputTokens: 0, totalTokens: 0 })).toEqual([]);
}

function encodeStream(ir: IrResponse): SseMessage[] {
  return runMachineSync(codec.stream.createEncoder(), responseToStreamEvents(ir));
}

describe('anthropic-messages recordings', () => {
  it('has every kind of recording', () => {
    expect(streams.length).toBeGreaterThanOrEqual(4);
    expect(wholes.length).toBeGreaterThanOrEqual(4);
    expect(errors.length).toBeGreaterThanOrEqual(3);
  });

  describe.each(answers.map((rec) => [rec.file, rec] as const))('%s', (_file, rec) => {
    it('decodes to what the sidecar says', () => {
      checkAgainstSidecar(decodeRecording(rec), rec);
    });

    it('re-encodes as a strict Message that decodes to the same IR', () => {
      const ir = decodeRecording(rec);
      const { value, warnings } = codec.response.fromIr(ir);
      expect(warnings).toEqual([]);
      expect(anthropicMessagesStrictResponseSchema.safeParse(value).error?.issues ?? []).toEqual([]);
      expect(comparable(codec.response.toIr(value).value)).toEqual(comparable(ir));
    });

    it('re-encodes as a stream the SDK accepts that decodes to the same answer', () => {
      const ir = decodeRecording(rec);
      const messages = encodeStream(ir);
      expect(validateAnthropicMessagesStream(messages)).toEqual([]);
      const body = messages.map((m) => `event: ${m.event}\ndata: ${m.data}\n\n`).join('');
      const again = accumulateResponse(decodeStream(body));
      const expected = comparable(ir);
      // Streams carry no server tool blocks, citations or stop sequences: compare what they carry.
      delete expected.extensions;
      expect(comparable(again)).toEqual(expected);
      checkAgainstSidecar({ ...again, usage: ir.usage }, { ...rec, expect: { ...rec.expect } });
    });
  });

  describe.each(streams.map((rec) => [rec.file, rec] as const))('%s (stream)', (_file, rec) => {
    it('emits response-start first and block lifecycles in order', () => {
      const events = decodeStream(recordingSseBody(rec));
      expect(events[0]?.type).toBe('response-start');
      const started: number[] = [];
      for (const event of events) {
        if (event.type === 'text-start' || event.type === 'reasoning-start' || event.type === 'tool-call-start')
          started.push(event.index);
      }
      expect(started).toEqual(started.map((_, i) => i));
    });

    it('agrees with the same answer sent whole', () => {
      const streamed = decodeRecording(rec);
      const whole = codec.response.fromIr(streamed).value;
      expect(comparable(codec.response.toIr(whole).value)).toEqual(comparable(streamed));
    });

    it('decodes the same whatever the byte chunking', () => {
      const bytes = new TextEncoder().encode(recordingSseBody(rec));
      const reference = decodeStream([bytes]).map(stripCreated);
      fc.assert(
        fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 24 }), (cuts) => {
          const points = [0, ...cuts.sort((a, b) => a - b), bytes.length];
          const chunks = points.slice(1).map((end, i) => bytes.subarray(points[i], end));
          expect(decodeStream(chunks).map(stripCreated)).toEqual(reference);
        }),
        { numRuns: 50 },
      );
    });
  });

  describe.each(wholes.map((rec) => [rec.file, rec] as const))('%s (whole)', (_file, rec) => {
    it('streams through responseToStreamEvents and back', () => {
      const ir = codec.response.toIr(recordingJson(rec)).value;
      const again = accumulateResponse(
        decodeStream(
          encodeStream(ir)
            .map((m) => `event: ${m.event}\ndata: ${m.data}\n\n`)
            .join(''),
        ),
      );
      expect(again.choices).toEqual(ir.choices);
      expect(again.usage?.inputTokens).toBe(ir.usage?.inputTokens);
      expect(again.usage?.outputTokens).toBe(ir.usage?.outputTokens);
    });
  });

  describe.each(errors.map((rec) => [rec.file, rec] as const))('%s (error)', (_file, rec) => {
    it('maps to the IR error kind and back to the same body', () => {
      const body = recordingJson(rec);
      const error = codec.error.toIr(rec.http_status, body);
      const expected = rec.expect.error as { type: string; message: string };
      expect(error.message).toBe(expected.message);
      expect(error.status).toBe(rec.http_status);
      expect(error.source).toBe('upstream');
      expect(error.raw).toEqual(body);
      expect(
        {
          authentication_error: 'authentication',
          invalid_request_error: 'invalid-request',
          not_found_error: 'not-found',
        }[expected.type],
      ).toBe(error.kind);
      const back = codec.error.fromIr(error);
      expect(back.status).toBe(rec.http_status);
      expect(anthropicErrorBodySchema.parse(back.body).error).toEqual(expected);
    });

    it('is refused as a response', () => {
      expect(() => codec.response.toIr(recordingJson(rec))).toThrow(IrError);
    });
  });
});

function stripCreated(event: IrStreamEvent): IrStreamEvent {
  return event.type === 'response-start' ? { ...event, created: 0 } : event;
}

describe('SSE helpers', () => {
  it('parses the recordings with event names', () => {
    for (const rec of streams)
      expect(parseSseText(recordingSseBody(rec)).every((m) => m.event !== undefined)).toBe(true);
  });
});
