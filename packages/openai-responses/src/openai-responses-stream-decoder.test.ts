import type { IrStreamEvent, SseMessage } from '@interlingua/ir';
import { checkUsageInvariants } from '@interlingua/ir';
import { accumulateResponse, createSseParser, parseSseText, runMachineSync } from '@interlingua/ir-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listRecordings, recordingSseBody } from '@interlingua/testkit';
import { comparable, describeExpect, describeIr } from './openai-responses-recording-expectations.test-support.js';
import { openAiResponsesResponseToIr } from './openai-responses-response-to-ir.js';
import { createOpenAiResponsesStreamDecoder } from './openai-responses-stream-decoder.js';

const streams = listRecordings('openai-responses', (row) => row.streaming);

function decode(messages: SseMessage[]): IrStreamEvent[] {
  return runMachineSync(createOpenAiResponsesStreamDecoder(), messages);
}

function decodeBytes(chunks: Uint8Array[]): IrStreamEvent[] {
  const parser = createSseParser();
  const messages = [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
  return decode(messages);
}

function event(type: string, payload: Record<string, unknown>): SseMessage {
  return { event: type, data: JSON.stringify({ type, ...payload }) };
}

/** The terminal event's response object of a recorded stream. */
function finalResponse(body: string): unknown {
  const terminal = parseSseText(body).find(
    (m) => m.event === 'response.completed' || m.event === 'response.incomplete',
  );
  return (JSON.parse(terminal?.data ?? '{}') as { response: unknown }).response;
}

describe('createOpenAiResponsesStreamDecoder on the recordings', () => {
  it.each(streams.map((r) => [r.file, r] as const))('%s matches its sidecar', (_file, recording) => {
    const events = decode(parseSseText(recordingSseBody(recording)));
    expect(events[0]?.type).toBe('response-start');
    const ir = accumulateResponse(events);
    expect(describeIr(ir)).toEqual(describeExpect(recording.expect));
    expect(ir.usage && checkUsageInvariants(ir.usage)).toEqual([]);
  });

  it.each(streams.map((r) => [r.file, r] as const))(
    '%s agrees with the non-streamed final response',
    (_file, recording) => {
      const body = recordingSseBody(recording);
      const streamed = accumulateResponse(decode(parseSseText(body)));
      const whole = openAiResponsesResponseToIr(finalResponse(body)).value;
      expect(comparable(streamed)).toEqual(comparable(whole));
    },
  );

  it.each(streams.map((r) => [r.file, r] as const))(
    '%s decodes to the same events when split at any byte',
    (_file, recording) => {
      const bytes = new TextEncoder().encode(recordingSseBody(recording));
      const expected = decodeBytes([bytes]);
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 0, max: bytes.length }), { maxLength: 40 }), (cuts) => {
          const points = [...new Set(cuts)].sort((a, b) => a - b);
          const chunks: Uint8Array[] = [];
          let start = 0;
          for (const point of points) {
            chunks.push(bytes.subarray(start, point));
            start = point;
          }
          chunks.push(bytes.subarray(start));
          expect(decodeBytes(chunks)).toEqual(expected);
        }),
        { numRuns: 50 },
      );
    },
  );
});

describe('createOpenAiResponsesStreamDecoder', () => {
  const created = event('response.created', {
    response: { id: 'resp_1', model: 'm', created_at: 5, status: 'in_progress', output: [] },
  });

  it('joins reasoning summary parts into one block and turns encrypted content into a signature', () => {
    const events = decode([
      created,
      event('response.output_item.added', { output_index: 0, item: { type: 'reasoning', id: 'rs_1', summary: [] } }),
      event('response.reasoning_summary_part.added', {
        item_id: 'rs_1',
        output_index: 0,
        summary_index: 0,
        part: { type: 'summary_text', text: '' },
      }),
      event('response.reasoning_summary_text.delta', {
        item_id: 'rs_1',
        output_index: 0,
        summary_index: 0,
        delta: 'one',
      }),
      event('response.reasoning_summary_text.done', {
        item_id: 'rs_1',
        output_index: 0,
        summary_index: 0,
        text: 'one',
      }),
      event('response.reasoning_summary_part.done', {
        item_id: 'rs_1',
        output_index: 0,
        summary_index: 0,
        part: { type: 'summary_text', text: 'one' },
      }),
      event('response.reasoning_summary_part.added', {
        item_id: 'rs_1',
        output_index: 0,
        summary_index: 1,
        part: { type: 'summary_text', text: '' },
      }),
      event('response.reasoning_summary_text.delta', {
        item_id: 'rs_1',
        output_index: 0,
        summary_index: 1,
        delta: 'tw',
      }),
      event('response.reasoning_summary_text.done', {
        item_id: 'rs_1',
        output_index: 0,
        summary_index: 1,
        text: 'two',
      }),
      event('response.output_item.done', {
        output_index: 0,
        item: { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'ENC' },
      }),
      { data: ': not json' },
      event('keepalive', {}),
      event('response.web_search_call.searching', { output_index: 1, item_id: 'ws_1' }),
      event('response.completed', {
        response: {
          id: 'resp_1',
          status: 'completed',
          output: [],
          usage: { input_tokens: 3, output_tokens: 4, output_tokens_details: { reasoning_tokens: 2 } },
        },
      }),
    ]);
    expect(events).toEqual([
      { type: 'response-start', id: 'resp_1', model: 'm', created: 5 },
      { type: 'reasoning-start', index: 0 },
      { type: 'reasoning-delta', index: 0, delta: 'one' },
      { type: 'reasoning-delta', index: 0, delta: '\n\n' },
      { type: 'reasoning-delta', index: 0, delta: 'tw' },
      { type: 'reasoning-delta', index: 0, delta: 'o' },
      {
        type: 'reasoning-signature',
        index: 0,
        opaque: { origin: 'openai', kind: 'encrypted', data: 'ENC', itemId: 'rs_1' },
      },
      { type: 'reasoning-end', index: 0 },
      {
        type: 'usage-update',
        usage: {
          inputTokens: 3,
          outputTokens: 4,
          totalTokens: 7,
          reasoningTokens: 2,
          raw: { input_tokens: 3, output_tokens: 4, output_tokens_details: { reasoning_tokens: 2 } },
        },
      },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'completed' } },
    ]);
  });

  it('maps response.incomplete to a length finish and closes open blocks', () => {
    const events = decode([
      created,
      event('response.output_item.added', { output_index: 0, item: { type: 'message', id: 'msg_1', content: [] } }),
      event('response.content_part.added', {
        item_id: 'msg_1',
        output_index: 0,
        content_index: 0,
        part: { type: 'output_text', text: '' },
      }),
      event('response.output_text.delta', { item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Hi' }),
      event('response.incomplete', {
        response: { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, output: [] },
      }),
      event('response.output_text.delta', { item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'ignored' }),
    ]);
    expect(events.slice(1)).toEqual([
      { type: 'text-start', index: 0 },
      { type: 'text-delta', index: 0, delta: 'Hi' },
      { type: 'text-end', index: 0 },
      { type: 'finish', finishReason: { unified: 'length', raw: 'max_output_tokens' } },
    ]);
  });

  it('fills in content that only arrived on the done events', () => {
    const events = decode([
      created,
      event('response.output_item.added', {
        output_index: 0,
        item: { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'f', arguments: '' },
      }),
      event('response.function_call_arguments.done', {
        item_id: 'fc_1',
        output_index: 0,
        name: 'f',
        arguments: '{"a":1}',
      }),
      event('response.output_item.done', {
        output_index: 0,
        item: { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'f', arguments: '{"a":1}' },
      }),
      event('response.output_item.done', {
        output_index: 1,
        item: { type: 'message', id: 'msg_1', content: [{ type: 'output_text', text: 'late' }] },
      }),
      event('response.completed', { response: { status: 'completed', output: [] } }),
    ]);
    const ir = accumulateResponse(events);
    expect(ir.choices[0]?.content).toEqual([
      { type: 'tool-call', id: 'call_1', name: 'f', argumentsJson: '{"a":1}' },
      { type: 'text', text: 'late' },
    ]);
    expect(ir.choices[0]?.finishReason).toEqual({ unified: 'tool-calls', raw: 'completed' });
  });

  it('accepts flat and nested error events and stops after them', () => {
    const flat = decode([
      created,
      event('error', { code: 'rate_limit_exceeded', message: 'slow down', param: null }),
      created,
    ]);
    expect(flat.at(-1)).toMatchObject({
      type: 'error',
      error: { kind: 'rate-limit', message: 'slow down', code: 'rate_limit_exceeded', source: 'upstream' },
    });
    expect(flat).toHaveLength(2);
    const nested = decode([event('error', { error: { type: 'server_error', code: null, message: 'boom' } })]);
    expect(nested).toEqual([
      expect.objectContaining({
        type: 'error',
        error: expect.objectContaining({ kind: 'upstream-error', message: 'boom' }),
      }),
    ]);
  });

  it('reports an event whose data begins as JSON but does not parse as an upstream error, and stops there', () => {
    const events = decode([
      { event: 'response.output_text.delta', data: '{"type":"response.output_text.delta","delta":' },
      event('response.completed', { response: { status: 'completed' } }),
    ]);
    expect(events).toEqual([
      { type: 'error', error: expect.objectContaining({ kind: 'upstream-error', source: 'upstream' }) },
    ]);
  });

  it('turns response.failed into an error event', () => {
    const events = decode([
      created,
      event('response.failed', { response: { status: 'failed', error: { code: 'server_error', message: 'broke' } } }),
    ]);
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      error: { kind: 'upstream-error', message: 'broke', code: 'server_error' },
    });
  });

  it('starts the response even when response.created is missing, and closes open blocks at the end', () => {
    const events = decode([event('response.output_text.delta', { output_index: 0, content_index: 0, delta: 'x' })]);
    expect(events).toEqual([
      { type: 'response-start', id: '', model: '', created: 0 },
      { type: 'text-start', index: 0 },
      { type: 'text-delta', index: 0, delta: 'x' },
      { type: 'text-end', index: 0 },
    ]);
  });
});
