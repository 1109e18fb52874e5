import type { IrResponse, IrStreamEvent, IrUsage } from '@interlingua/ir';
import { checkUsageInvariants, IrError } from '@interlingua/ir';
import {
  accumulateResponse,
  parseSseText,
  parseToolArguments,
  responseToStreamEvents,
  runMachineSync,
  serializeSseMessages,
} from '@interlingua/ir-utils';
import { describe, expect, it } from 'vitest';
// testkit is a workspace package this package does not depend on: reach it by path (tests only).
import type { Recording } from '@interlingua/testkit';
import { listRecordings, recordingJson, recordingSseBody } from '@interlingua/testkit';
import { openAiChatCodec } from './openai-chat-codec.js';
import {
  openAiChatStrictChunkSchema,
  openAiChatStrictErrorSchema,
  openAiChatStrictResponseSchema,
} from './openai-chat-strict-schema.js';

const codec = openAiChatCodec;
const recordings = listRecordings('openai-chat');
const successes = recordings.filter((r) => r.http_status < 400);
const jsonAnswers = successes.filter((r) => !r.streaming);
const streams = successes.filter((r) => r.streaming);
const errors = recordings.filter((r) => r.http_status >= 400);

interface ExpectedCall {
  id?: string;
  name: string;
  arguments: unknown;
}

function decodeStream(sse: string): IrStreamEvent[] {
  return runMachineSync(codec.stream.createDecoder(), parseSseText(sse));
}

function encodeStream(events: IrStreamEvent[], includeUsage = true): string {
  return serializeSseMessages(runMachineSync(codec.stream.createEncoder({ includeUsage }), events));
}

/** The response without what legitimately differs after a re-encoding (raw usage, extensions). */
function comparable(response: IrResponse): unknown {
  const { extensions: _extensions, usage, ...rest } = response;
  if (!usage) return rest;
  const { raw: _raw, ...counts } = usage;
  return { ...rest, usage: counts };
}

function expectMatchesSidecar(ir: IrResponse, recording: Recording): void {
  const expected = recording.expect;
  const [choice] = ir.choices;
  expect(choice).toBeDefined();
  const parts = choice?.content ?? [];
  const text = parts
    .filter((p) => p.type === 'text')
    .map((p) => p.text)
    .join('');
  expect(text === '' ? null : text).toEqual(expected['text']);
  const reasoning = parts
    .filter((p) => p.type === 'reasoning')
    .map((p) => p.text)
    .join('');
  expect(reasoning === '' ? null : reasoning).toEqual(expected['reasoning']);
  const refusal = parts
    .filter((p) => p.type === 'refusal')
    .map((p) => p.text)
    .join('');
  expect(refusal === '' ? null : refusal).toEqual(expected['refusal']);
  const calls = parts.flatMap((p) =>
    p.type === 'tool-call' ? [{ id: p.id, name: p.name, arguments: parseToolArguments(p.argumentsJson) }] : [],
  );
  const expectedCalls = (expected['tool_calls'] as ExpectedCall[]).map((call) => ({
    ...(call.id ? { id: call.id } : {}),
    name: call.name,
    arguments: call.arguments,
  }));
  expect(
    calls.map((call, i) => (expectedCalls[i]?.id ? call : { name: call.name, arguments: call.arguments })),
  ).toEqual(expectedCalls);
  expect(choice?.finishReason.raw).toBe(expected['finish_reason']);
  expectUsage(ir.usage, expected['usage']);
}

function expectUsage(usage: IrUsage | undefined, expected: unknown): void {
  if (expected === null || expected === undefined) {
    expect(usage).toBeUndefined();
    return;
  }
  const wire = expected as {
    prompt_tokens: number;
    completion_tokens: number;
    prompt_tokens_details?: { cached_tokens?: number };
    completion_tokens_details?: { reasoning_tokens?: number };
  };
  expect(usage).toBeDefined();
  if (!usage) return;
  expect(checkUsageInvariants(usage)).toEqual([]);
  expect(usage.inputTokens).toBe(wire.prompt_tokens);
  expect(usage.outputTokens).toBe(wire.completion_tokens);
  expect(usage.totalTokens).toBe(wire.prompt_tokens + wire.completion_tokens);
  expect(usage.cacheReadTokens ?? 0).toBe(wire.prompt_tokens_details?.cached_tokens ?? 0);
  expect(usage.reasoningTokens ?? 0).toBe(wire.completion_tokens_details?.reasoning_tokens ?? 0);
  expect(usage.raw).toEqual(expected);
}

/** Every block starts, gets deltas of its kind, ends; indices increase; response-start first. */
function expectWellFormed(events: IrStreamEvent[]): void {
  expect(events[0]?.type).toBe('response-start');
  const open = new Map<number, string>();
  const ended = new Set<number>();
  let last = -1;
  for (const event of events) {
    const [kind, phase] = event.type.startsWith('tool-call')
      ? ['tool-call', event.type.slice(10)]
      : event.type.split('-');
    if (!('index' in event) || event.type === 'file') continue;
    if (phase === 'start') {
      expect(event.index).toBeGreaterThan(last);
      last = event.index;
      open.set(event.index, kind ?? '');
    } else {
      expect(open.get(event.index)).toBe(kind);
      expect(ended.has(event.index)).toBe(false);
      if (phase === 'end') ended.add(event.index);
    }
  }
  expect([...open.keys()].every((index) => ended.has(index))).toBe(true);
}

function sseDataChunks(sse: string): unknown[] {
  return parseSseText(sse)
    .filter((message) => message.data !== '[DONE]')
    .map((message) => JSON.parse(message.data) as unknown);
}

describe('openai-chat recordings', () => {
  it('covers all 13 recordings', () => {
    expect(recordings).toHaveLength(13);
    expect(jsonAnswers.length + streams.length + errors.length).toBe(13);
  });

  describe.each(jsonAnswers.map((r) => [r.file, r] as const))('non-streaming %s', (_file, recording) => {
    const { value: ir, warnings } = codec.response.toIr(recordingJson(recording));

    it('decodes to what the sidecar says', () => {
      expect(warnings).toEqual([]);
      expectMatchesSidecar(ir, recording);
    });

    it('re-encodes to a strict chat.completion that decodes to the same IR', () => {
      const { value: wire } = codec.response.fromIr(ir);
      expect(openAiChatStrictResponseSchema.safeParse(wire).error).toBeUndefined();
      expect(comparable(codec.response.toIr(wire).value)).toEqual(comparable(ir));
    });

    it('streams (encoder over responseToStreamEvents) back to the same IR', () => {
      const sse = encodeStream(responseToStreamEvents(ir));
      for (const chunk of sseDataChunks(sse))
        expect(openAiChatStrictChunkSchema.safeParse(chunk).error).toBeUndefined();
      const events = decodeStream(sse);
      expectWellFormed(events);
      expect(comparable(accumulateResponse(events))).toEqual(comparable(ir));
    });
  });

  describe.each(streams.map((r) => [r.file, r] as const))('streaming %s', (_file, recording) => {
    const events = decodeStream(recordingSseBody(recording));
    const ir = accumulateResponse(events);

    it('decodes to well-formed events matching the sidecar', () => {
      expectWellFormed(events);
      expectMatchesSidecar(ir, recording);
      expect(events.filter((e) => e.type === 'finish')).toHaveLength(1);
    });

    it('re-encodes to strict chunks that decode to the same IR', () => {
      const sse = encodeStream(events, true);
      const chunks = sseDataChunks(sse);
      for (const chunk of chunks) expect(openAiChatStrictChunkSchema.safeParse(chunk).error).toBeUndefined();
      expect(sse.endsWith('data: [DONE]\n\n')).toBe(true);
      const again = decodeStream(sse);
      expectWellFormed(again);
      expect(comparable(accumulateResponse(again))).toEqual(comparable(ir));
    });

    it('agrees with the non-streaming form of the same answer', () => {
      const { value: json } = codec.response.fromIr(ir);
      expect(openAiChatStrictResponseSchema.safeParse(json).error).toBeUndefined();
      expect(comparable(codec.response.toIr(json).value)).toEqual(comparable(ir));
    });
  });

  describe.each(errors.map((r) => [r.file, r] as const))('error %s', (_file, recording) => {
    const body = recordingJson(recording);
    const expected = recording.expect['error'] as {
      type: string;
      code: string | null;
      message: string;
      param: string | null;
    };
    const error = codec.error.toIr(recording.http_status, body);

    it('maps to an IR error', () => {
      const kinds: Record<number, string> = { 400: 'invalid-request', 401: 'authentication', 404: 'not-found' };
      expect(error.kind).toBe(kinds[recording.http_status]);
      expect(error).toMatchObject({
        message: expected.message,
        code: expected.code,
        param: expected.param,
        source: 'upstream',
        status: recording.http_status,
        raw: body,
      });
    });

    it('re-encodes to the same OpenAI error', () => {
      const { status, body: wire } = codec.error.fromIr(error);
      expect(status).toBe(recording.http_status);
      expect(openAiChatStrictErrorSchema.safeParse(wire).error).toBeUndefined();
      expect(wire).toEqual({ error: expected });
    });
  });

  it('rejects a body that is not a chat completion', () => {
    const body = { error: { message: 'boom', type: 'server_error', param: null, code: null } };
    expect(() => codec.response.toIr(body)).toThrow(IrError);
    try {
      codec.response.toIr(body);
    } catch (error) {
      expect((error as IrError).data).toMatchObject({ kind: 'upstream-error', source: 'upstream', raw: body });
    }
  });
});
