import type { IrResponse, IrStreamEvent, IrUsage } from '@interlingua/ir';
import {
  accumulateResponse,
  parseSseText,
  responseToStreamEvents,
  runMachineSync,
  serializeSseMessages,
} from '@interlingua/ir-utils';
import { describe, expect, it } from 'vitest';
import { geminiCodec, geminiStrictErrorBodySchema, geminiStrictResponseSchema } from './index.js';

const usage: IrUsage = { inputTokens: 10, outputTokens: 30, totalTokens: 40, reasoningTokens: 12 };
const start: IrStreamEvent = { type: 'response-start', id: 'resp-1', model: 'gemini-2.5-pro', created: 1700000000 };

function encode(events: IrStreamEvent[], model?: string): Array<Record<string, unknown>> {
  const sse = serializeSseMessages(runMachineSync(geminiCodec.stream.createEncoder(model ? { model } : {}), events));
  return parseSseText(sse).map((m) => JSON.parse(m.data) as Record<string, unknown>);
}

function decodeChunks(chunks: unknown[]): IrStreamEvent[] {
  return runMachineSync(
    geminiCodec.stream.createDecoder(),
    chunks.map((c) => ({ data: JSON.stringify(c) })),
  );
}

function roundTrip(events: IrStreamEvent[]): IrResponse {
  const chunks = encode(events);
  for (const chunk of chunks) expect(geminiStrictResponseSchema.safeParse(chunk).error?.issues ?? []).toEqual([]);
  return accumulateResponse(decodeChunks(chunks));
}

const richResponse: IrResponse = {
  id: 'resp-1',
  model: 'gemini-2.5-pro',
  created: 1700000000,
  choices: [
    {
      index: 0,
      content: [
        { type: 'reasoning', text: 'thinking...', opaque: { origin: 'gemini', kind: 'signature', data: 'SIG1' } },
        { type: 'text', text: 'Here you go.' },
        { type: 'reasoning', text: '', opaque: { origin: 'gemini', kind: 'signature', data: 'SIG2' } },
        {
          type: 'tool-call',
          id: 'call_1',
          name: 'lookup',
          argumentsJson: '{"q":"x"}',
          opaque: { origin: 'gemini', kind: 'signature', data: 'SIG3' },
        },
        { type: 'file', mediaType: 'image/png', source: { kind: 'base64', data: 'iVBORw0KGgo=' } },
      ],
      finishReason: { unified: 'tool-calls', raw: 'STOP' },
    },
    {
      index: 1,
      content: [{ type: 'text', text: 'Other answer.' }],
      finishReason: { unified: 'length', raw: 'MAX_TOKENS' },
    },
  ],
  usage,
};

describe('gemini stream encoder', () => {
  it('encodes any IR answer so that it decodes back to the same answer', () => {
    const back = roundTrip(responseToStreamEvents(richResponse));
    expect(back.usage?.raw).toEqual({
      promptTokenCount: 10,
      candidatesTokenCount: 18,
      totalTokenCount: 40,
      thoughtsTokenCount: 12,
    });
    expect({ ...back, created: richResponse.created, usage: { ...back.usage, raw: undefined } }).toEqual({
      ...richResponse,
      usage: { ...usage, raw: undefined },
    });
  });

  it('writes one single-line data event per chunk, no event names, finish and usage in the last chunk', () => {
    const sse = serializeSseMessages(
      runMachineSync(geminiCodec.stream.createEncoder(), responseToStreamEvents(richResponse)),
    );
    expect(sse).not.toMatch(/^event:/m);
    expect(sse).not.toContain('[DONE]');
    for (const block of sse.split('\n\n').filter((b) => b !== '')) expect(block).toMatch(/^data: \{.*\}$/);
    const chunks = encode(responseToStreamEvents(richResponse));
    const last = chunks.at(-1);
    expect(last?.usageMetadata).toEqual({
      promptTokenCount: 10,
      candidatesTokenCount: 18,
      totalTokenCount: 40,
      thoughtsTokenCount: 12,
    });
    expect(last?.candidates).toEqual([
      { content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP', index: 0 },
      { content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'MAX_TOKENS', index: 1 },
    ]);
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.usageMetadata).toBeUndefined();
      expect(chunk).toMatchObject({ modelVersion: 'gemini-2.5-pro', responseId: 'resp-1' });
    }
  });

  it('sends a function call whole, once its arguments are complete', () => {
    const chunks = encode([
      start,
      { type: 'tool-call-start', index: 0, id: 'c1', name: 'f' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"a":' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '[1,2]}' },
      { type: 'tool-call-end', index: 0 },
    ]);
    expect(chunks).toEqual([
      {
        candidates: [
          {
            content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'f', args: { a: [1, 2] } } }] },
            index: 0,
          },
        ],
        modelVersion: 'gemini-2.5-pro',
        responseId: 'resp-1',
      },
    ]);
  });

  it('copes with finish before blocks end and usage before or after finish', () => {
    const openBlocks: IrStreamEvent[] = [
      start,
      { type: 'text-start', index: 0 },
      { type: 'text-delta', index: 0, delta: 'Hi' },
      { type: 'tool-call-start', index: 1, id: 'c1', name: 'f' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{}' },
    ];
    const finish: IrStreamEvent = { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' } };
    const usageEvent: IrStreamEvent = { type: 'usage-update', usage };
    for (const tail of [
      [finish, usageEvent],
      [usageEvent, finish],
    ]) {
      const ir = roundTrip([...openBlocks, ...tail]);
      expect(ir.choices[0]?.content).toEqual([
        { type: 'text', text: 'Hi' },
        { type: 'tool-call', id: 'c1', name: 'f', argumentsJson: '{}' },
      ]);
      expect(ir.choices[0]?.finishReason).toEqual({ unified: 'tool-calls', raw: 'STOP' });
      expect(ir.usage).toMatchObject({ inputTokens: 10, outputTokens: 30, reasoningTokens: 12 });
    }
  });

  it('flushes open blocks at end() even without finish or usage', () => {
    const chunks = encode([
      start,
      { type: 'tool-call-start', index: 0, id: 'c', name: 'f' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"x":1}' },
    ]);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({
      candidates: [{ content: { parts: [{ functionCall: { name: 'f', args: { x: 1 } } }] } }],
    });
  });

  it('drops foreign signatures but keeps the visible reasoning text', () => {
    const chunks = encode([
      start,
      { type: 'reasoning-start', index: 0 },
      { type: 'reasoning-delta', index: 0, delta: 'hmm' },
      {
        type: 'reasoning-signature',
        index: 0,
        opaque: { origin: 'anthropic', kind: 'signature', data: 'anthropic-sig' },
      },
      { type: 'reasoning-end', index: 0 },
      {
        type: 'tool-call-start',
        index: 1,
        id: 'c',
        name: 'f',
        opaque: { origin: 'openai', kind: 'encrypted', data: 'x' },
      },
      { type: 'tool-call-end', index: 1 },
    ]);
    expect(JSON.stringify(chunks)).not.toContain('thoughtSignature');
    expect(chunks[0]).toMatchObject({ candidates: [{ content: { parts: [{ text: 'hmm', thought: true }] } }] });
  });

  it('reports the caller-facing model name when given', () => {
    const chunks = encode(
      [start, { type: 'text-start', index: 0 }, { type: 'text-delta', index: 0, delta: 'x' }],
      'my-alias',
    );
    expect(chunks[0]?.modelVersion).toBe('my-alias');
  });

  it('turns an error event into an in-band Gemini error and stops', () => {
    const encoder = geminiCodec.stream.createEncoder();
    encoder.push(start);
    encoder.push({ type: 'text-start', index: 0 });
    const out = encoder.push({
      type: 'error',
      error: { kind: 'overloaded', message: 'busy', status: 529, retryAfterSeconds: 3 },
    });
    expect(out).toHaveLength(1);
    const body = JSON.parse(out[0]?.data ?? '') as unknown;
    expect(geminiStrictErrorBodySchema.safeParse(body).success).toBe(true);
    expect(body).toEqual({
      error: {
        code: 503,
        message: 'busy',
        status: 'UNAVAILABLE',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '3s' }],
      },
    });
    expect(encoder.push({ type: 'text-delta', index: 0, delta: 'late' })).toEqual([]);
    expect(encoder.end()).toEqual([]);
  });
});

describe('gemini stream decoder', () => {
  const meta = { modelVersion: 'gemini-2.5-flash', responseId: 'r1' };
  const chunk = (parts: unknown[], extra: Record<string, unknown> = {}) => ({
    candidates: [{ content: { role: 'model', parts }, ...extra }],
    ...meta,
  });

  it('opens reasoning then text blocks; a signed thought ends its block', () => {
    const ir = accumulateResponse(
      decodeChunks([
        chunk([{ text: 'step 1. ', thought: true }]),
        chunk([{ text: 'step 2.', thought: true, thoughtSignature: 'S1' }]),
        chunk([{ text: 'more', thought: true }]),
        chunk([{ text: 'Answer' }]),
        chunk([{ text: '!' }], { finishReason: 'STOP' }),
      ]),
    );
    expect(ir.choices[0]?.content).toEqual([
      { type: 'reasoning', text: 'step 1. step 2.', opaque: { origin: 'gemini', kind: 'signature', data: 'S1' } },
      { type: 'reasoning', text: 'more' },
      { type: 'text', text: 'Answer!' },
    ]);
    expect(ir.choices[0]?.finishReason).toEqual({ unified: 'stop', raw: 'STOP' });
  });

  it('agrees with response.toIr on the same parts sent whole', () => {
    const parts = [
      { text: 'a', thought: true },
      { text: 'b', thought: true, thoughtSignature: 'S' },
      { text: 'c' },
      { text: 'd', thoughtSignature: 'T' },
      { functionCall: { name: 'f', args: {} } },
      { functionCall: { name: 'f', args: { x: 1 } } },
      { inlineData: { mimeType: 'image/png', data: 'AAAA' } },
      { inlineData: { mimeType: 'image/png', data: 'BBBB' }, thought: true, thoughtSignature: 'U' },
      { fileData: { mimeType: 'image/png', fileUri: 'gs://b/i.png' } },
    ];
    const streamed = accumulateResponse(
      decodeChunks(parts.map((p, i) => chunk([p], i === parts.length - 1 ? { finishReason: 'STOP' } : {}))),
    );
    const whole = geminiCodec.response.toIr(chunk(parts, { finishReason: 'STOP' })).value;
    expect({ ...streamed, created: 0 }).toEqual({ ...whole, created: 0 });
    expect(whole.choices[0]?.finishReason.unified).toBe('tool-calls');
  });

  it('decodes interleaved candidates into their own blocks and finishes', () => {
    const events = decodeChunks([
      {
        candidates: [{ content: { parts: [{ text: 'A1' }] } }, { content: { parts: [{ text: 'B1' }] }, index: 1 }],
        ...meta,
      },
      { candidates: [{ content: { parts: [{ text: 'B2' }] }, index: 1, finishReason: 'STOP' }], ...meta },
      { candidates: [{ content: { parts: [{ text: 'A2' }] }, index: 0, finishReason: 'MAX_TOKENS' }], ...meta },
    ]);
    const ir = accumulateResponse(events);
    expect(ir.choices.map((c) => [c.index, c.content, c.finishReason.unified])).toEqual([
      [0, [{ type: 'text', text: 'A1A2' }], 'length'],
      [1, [{ type: 'text', text: 'B1B2' }], 'stop'],
    ]);
  });

  it('emits cumulative usage whenever it changes', () => {
    const u = (n: number) => ({ promptTokenCount: 5, candidatesTokenCount: n, totalTokenCount: 5 + n });
    const events = decodeChunks([
      { ...chunk([{ text: 'a' }]), usageMetadata: u(1) },
      { ...chunk([{ text: 'b' }]), usageMetadata: u(1) },
      { ...chunk([{ text: 'c' }], { finishReason: 'STOP' }), usageMetadata: u(2) },
      { ...meta, usageMetadata: u(3) },
    ]);
    const usages = events.filter((e) => e.type === 'usage-update');
    expect(usages.map((e) => (e.type === 'usage-update' ? e.usage.outputTokens : -1))).toEqual([1, 2, 3]);
    expect(events.findIndex((e) => e.type === 'finish')).toBeLessThan(
      events.findLastIndex((e) => e.type === 'usage-update'),
    );
    expect(events.at(-1)?.type).toBe('usage-update');
  });

  it('turns an in-band error payload into one error event and ignores what follows', () => {
    const decoder = geminiCodec.stream.createDecoder();
    const first = decoder.push({ data: JSON.stringify(chunk([{ text: 'partial' }])) });
    expect(first.map((e) => e.type)).toEqual(['response-start', 'text-start', 'text-delta']);
    const error = decoder.push({
      data: '{"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}',
    });
    expect(error).toEqual([
      {
        type: 'error',
        error: {
          kind: 'overloaded',
          message: 'The model is overloaded.',
          status: 503,
          code: null,
          source: 'upstream',
          raw: { error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } },
        },
      },
    ]);
    expect(decoder.push({ data: JSON.stringify(chunk([{ text: 'more' }])) })).toEqual([]);
    expect(decoder.end()).toEqual([]);
  });

  it('reports a payload that is not JSON as an upstream error; tolerates empty data and unknown fields', () => {
    const decoder = geminiCodec.stream.createDecoder();
    expect(decoder.push({ data: '' })).toEqual([]);
    expect(
      decoder.push({
        data: JSON.stringify({ ...chunk([{ text: 'x', futurePartField: 1 }]), futureTopLevel: true }),
        event: 'whatever',
      }),
    ).toHaveLength(3);
    const bad = decoder.push({ data: '{"candidates": [' });
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({ type: 'error', error: { kind: 'upstream-error' } });
  });

  it('reads a blocked prompt (no candidates) as a content-filter finish', () => {
    const blocked = {
      promptFeedback: { blockReason: 'PROHIBITED_CONTENT' },
      usageMetadata: { promptTokenCount: 7, totalTokenCount: 7 },
      ...meta,
    };
    const { value } = geminiCodec.response.toIr(blocked);
    expect(value.choices).toEqual([
      { index: 0, content: [], finishReason: { unified: 'content-filter', raw: 'PROHIBITED_CONTENT' } },
    ]);
    const wire = geminiCodec.response.fromIr(value).value;
    expect(wire).toMatchObject({ promptFeedback: { blockReason: 'PROHIBITED_CONTENT' } });
    expect(wire.candidates).toBeUndefined();
    expect(geminiStrictResponseSchema.safeParse(wire).success).toBe(true);
  });
});
