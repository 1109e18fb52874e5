import type { IrResponse, IrStreamEvent } from '@interlingua/ir';
import { checkUsageInvariants, IrError } from '@interlingua/ir';
import {
  accumulateResponse,
  createSseParser,
  parseSseText,
  pipeMachines,
  responseToStreamEvents,
  runMachineSync,
  serializeSseMessages,
} from '@interlingua/ir-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// testkit is a workspace package this package does not depend on: reach it by path (tests only).
import type { Recording } from '@interlingua/testkit';
import { listRecordings, loadRecording, recordingJson, recordingSseBody } from '@interlingua/testkit';
import { geminiCodec, geminiStrictErrorBodySchema, geminiStrictResponseSchema } from './index.js';

const recordings = listRecordings('gemini');
const ok = recordings.filter((r) => r.http_status === 200);
const streams = ok.filter((r) => r.streaming);
const wholes = ok.filter((r) => !r.streaming);
const errors = recordings.filter((r) => r.http_status !== 200);

function decode(chunks: Iterable<string | Uint8Array>): IrStreamEvent[] {
  return runMachineSync(pipeMachines(createSseParser(), geminiCodec.stream.createDecoder()), chunks);
}

/** The IR without the fields that legitimately differ between two decodings (receive time). */
function comparable(ir: IrResponse, keepExtensions = false): IrResponse {
  const copy = structuredClone(ir);
  copy.created = 0;
  if (!keepExtensions) delete copy.extensions;
  return copy;
}

function withoutCreated(events: IrStreamEvent[]): IrStreamEvent[] {
  return events.map((e) => (e.type === 'response-start' ? { ...e, created: 0 } : e));
}

interface Sidecar {
  text: string;
  thought: string | null;
  tool_calls: Array<{ name: string; arguments: unknown }>;
  finish_reason: string;
  thought_signatures: number;
  usage: Record<string, number | undefined>;
}

function expectMatchesSidecar(ir: IrResponse, recording: Recording): void {
  const sidecar = recording.expect as unknown as Sidecar;
  const choice = ir.choices[0];
  expect(choice).toBeDefined();
  const content = choice?.content ?? [];
  expect(content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('')).toBe(sidecar.text);
  const thought = content.flatMap((p) => (p.type === 'reasoning' ? [p.text] : [])).join('');
  expect(thought === '' ? null : thought).toBe(sidecar.thought);
  const calls = content.flatMap((p) =>
    p.type === 'tool-call' ? [{ name: p.name, arguments: JSON.parse(p.argumentsJson) as unknown }] : [],
  );
  expect(calls).toEqual(sidecar.tool_calls);
  expect(choice?.finishReason.raw).toBe(sidecar.finish_reason);
  expect(choice?.finishReason.unified).toBe(
    calls.length > 0 ? 'tool-calls' : sidecar.finish_reason === 'MAX_TOKENS' ? 'length' : 'stop',
  );
  const signatures = content.filter(
    (p) => (p.type === 'reasoning' || p.type === 'tool-call') && p.opaque?.origin === 'gemini',
  ).length;
  expect(signatures).toBe(sidecar.thought_signatures);
  const usage = ir.usage;
  expect(usage?.raw).toEqual(sidecar.usage);
  const u = sidecar.usage;
  expect(usage?.inputTokens).toBe((u.promptTokenCount ?? 0) + (u.toolUsePromptTokenCount ?? 0));
  expect(usage?.outputTokens).toBe((u.candidatesTokenCount ?? 0) + (u.thoughtsTokenCount ?? 0));
  expect(usage?.totalTokens).toBe(u.totalTokenCount);
  expect(usage?.reasoningTokens).toBe(u.thoughtsTokenCount);
  expect(checkUsageInvariants(usage ?? { inputTokens: 0, outputTokens: 0, totalTokens: 0 })).toEqual([]);
}

/** Encodes IR events as Gemini SSE, checks every chunk against the strict schema, decodes back. */
function reencode(events: IrStreamEvent[]): IrResponse {
  const sse = serializeSseMessages(runMachineSync(geminiCodec.stream.createEncoder(), events));
  for (const message of parseSseText(sse)) {
    expect(message.event).toBeUndefined();
    expect(message.data).not.toContain('\n');
    const parsed = geminiStrictResponseSchema.safeParse(JSON.parse(message.data));
    expect(parsed.error?.issues ?? []).toEqual([]);
  }
  return accumulateResponse(decode([sse]));
}

/** The whole answer equivalent to a stream: parts concatenated, the last chunk's finish and usage. */
function mergeChunks(recording: Recording): unknown {
  const chunks = parseSseText(recordingSseBody(recording)).map((m) => JSON.parse(m.data) as Record<string, unknown>);
  const parts: unknown[] = [];
  let last: Record<string, unknown> = {};
  for (const chunk of chunks) {
    const candidate = (chunk.candidates as Array<Record<string, unknown>>)[0] ?? {};
    parts.push(...((candidate.content as { parts?: unknown[] } | undefined)?.parts ?? []));
    last = chunk;
  }
  const lastCandidate = (last.candidates as Array<Record<string, unknown>>)[0];
  return {
    ...last,
    candidates: [
      {
        content: { role: 'model', parts },
        finishReason: lastCandidate?.finishReason,
        index: 0,
        // Grounding comes whole in the last chunk.
        ...(lastCandidate?.groundingMetadata ? { groundingMetadata: lastCandidate.groundingMetadata } : {}),
      },
    ],
  };
}

describe('gemini recordings: whole answers', () => {
  it.each(wholes.map((r) => [r.file, r] as const))('%s decodes as its sidecar says', (_, recording) => {
    const { value, warnings } = geminiCodec.response.toIr(recordingJson(recording));
    expect(warnings).toEqual([]);
    expectMatchesSidecar(value, recording);
  });

  it.each(wholes.map((r) => [r.file, r] as const))(
    '%s re-encodes under the strict schema and decodes to the same IR',
    (_, recording) => {
      const ir = geminiCodec.response.toIr(recordingJson(recording)).value;
      const wire = geminiCodec.response.fromIr(ir).value;
      expect(geminiStrictResponseSchema.safeParse(wire).error?.issues ?? []).toEqual([]);
      expect(geminiCodec.response.toIr(JSON.parse(JSON.stringify(wire))).value).toEqual(ir);
    },
  );

  it.each(wholes.map((r) => [r.file, r] as const))(
    '%s streamed through the encoder decodes back to the same IR',
    (_, recording) => {
      const ir = geminiCodec.response.toIr(recordingJson(recording)).value;
      expect(comparable(reencode(responseToStreamEvents(ir)))).toEqual(comparable(ir));
    },
  );

  it('keeps candidate extras (finishMessage, avgLogprobs) in extensions', () => {
    const ir = geminiCodec.response.toIr(recordingJson(loadRecording('gemini/05-function-call.json'))).value;
    expect(ir.extensions?.gemini).toEqual({
      candidates: [{ index: 0, fields: { finishMessage: 'Model generated function call(s).' } }],
    });
  });
});

describe('gemini recordings: streams', () => {
  it.each(streams.map((r) => [r.file, r] as const))('%s decodes as its sidecar says', (_, recording) => {
    const events = decode([recordingSseBody(recording)]);
    expect(events[0]?.type).toBe('response-start');
    expect(events.filter((e) => e.type === 'finish')).toHaveLength(1);
    expectMatchesSidecar(accumulateResponse(events), recording);
  });

  it.each(streams.map((r) => [r.file, r] as const))('%s agrees with the equivalent whole answer', (_, recording) => {
    const streamed = accumulateResponse(decode([recordingSseBody(recording)]));
    const whole = geminiCodec.response.toIr(mergeChunks(recording)).value;
    expect(comparable(streamed)).toEqual(comparable(whole));
  });

  it.each(streams.map((r) => [r.file, r] as const))(
    '%s re-encodes under the strict schema and decodes to the same IR',
    (_, recording) => {
      const events = decode([recordingSseBody(recording)]);
      expect(comparable(reencode(events))).toEqual(comparable(accumulateResponse(events)));
    },
  );

  it.each(streams.map((r) => [r.file, r] as const))(
    '%s split into random byte chunks decodes to the same events',
    (_, recording) => {
      const bytes = new TextEncoder().encode(recordingSseBody(recording));
      const expected = withoutCreated(decode([bytes]));
      fc.assert(
        fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 40 }), (cuts) => {
          const points = [0, ...[...cuts].sort((a, b) => a - b), bytes.length];
          const chunks = points.slice(1).map((end, i) => bytes.slice(points[i], end));
          expect(withoutCreated(decode(chunks))).toEqual(expected);
        }),
        { numRuns: 50 },
      );
    },
  );

  it('the trailing signature on an empty text part becomes a signed reasoning part after the text', () => {
    const ir = accumulateResponse(
      decode([recordingSseBody(loadRecording('gemini/03-text-stream-trailing-signature.chunks.jsonl'))]),
    );
    expect(ir.choices[0]?.content.map((p) => p.type)).toEqual(['text', 'reasoning']);
    const wire = geminiCodec.response.fromIr(ir).value;
    expect(wire.candidates?.[0]?.content?.parts).toHaveLength(1);
    expect(wire.candidates?.[0]?.content?.parts[0]?.thoughtSignature).toMatch(/^EqsF/);
  });
});

describe('gemini recordings: errors', () => {
  const errorRecordings = [...errors, ...listRecordings('embeddings', (r) => r.file.includes('gemini-error'))];
  it.each(errorRecordings.map((r) => [r.file, r] as const))('%s maps to an IR error', (_, recording) => {
    const body = recordingJson(recording);
    const error = geminiCodec.error.toIr(recording.http_status, body);
    const sidecar = (recording.expect as { error: { code: number; status: string; message: string } }).error;
    expect(error.message).toBe(sidecar.message);
    expect(error.status).toBe(sidecar.code);
    expect(error.source).toBe('upstream');
    expect(error.raw).toEqual(body);
    const back = geminiCodec.error.fromIr(error);
    expect(back).toEqual({ status: recording.http_status, body });
    expect(geminiStrictErrorBodySchema.safeParse(back.body).success).toBe(true);
  });

  it('404 is not-found, 429 is rate-limit with the RetryInfo delay', () => {
    const notFound = geminiCodec.error.toIr(
      404,
      recordingJson(loadRecording('gemini/13-error-404-model-not-found.json')),
    );
    expect(notFound).toMatchObject({ kind: 'not-found', code: null });
    const quota = geminiCodec.error.toIr(429, recordingJson(loadRecording('gemini/14-error-429-quota.json')));
    expect(quota).toMatchObject({ kind: 'rate-limit', code: null, retryAfterSeconds: 35 });
  });

  it('response.toIr throws the mapped error for an error body and upstream-error for garbage', () => {
    const body = recordingJson(loadRecording('gemini/13-error-404-model-not-found.json'));
    expect(() => geminiCodec.response.toIr(body)).toThrow(IrError);
    try {
      geminiCodec.response.toIr(body);
    } catch (error) {
      expect((error as IrError).data.kind).toBe('not-found');
    }
    for (const garbage of [null, 'text', [], { hello: 1 }]) {
      try {
        geminiCodec.response.toIr(garbage);
        expect.unreachable();
      } catch (error) {
        expect((error as IrError).data.kind).toBe('upstream-error');
      }
    }
  });
});
