import type { IrResponse, IrStreamEvent, SseMessage } from '@interlingua/ir';
import {
  accumulateResponse,
  parseSseText,
  responseToStreamEvents,
  runMachineSync,
  serializeSseMessages,
} from '@interlingua/ir-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listRecordings, recordingJson, recordingSseBody } from '@interlingua/testkit';
import { comparable } from './openai-responses-recording-expectations.test-support.js';
import { openAiResponsesResponseToIr } from './openai-responses-response-to-ir.js';
import { createOpenAiResponsesStreamDecoder } from './openai-responses-stream-decoder.js';
import { createOpenAiResponsesStreamEncoder } from './openai-responses-stream-encoder.js';
import { openAiResponsesStrictStreamEventSchema } from './openai-responses-strict-stream-event-schema.js';

const recordings = listRecordings('openai-responses', (row) => row.http_status === 200);

/** The IR answer of a recording, streamed or not. */
function recordedIr(recording: (typeof recordings)[number]): IrResponse {
  if (!recording.streaming) return openAiResponsesResponseToIr(recordingJson(recording)).value;
  return accumulateResponse(
    runMachineSync(createOpenAiResponsesStreamDecoder(), parseSseText(recordingSseBody(recording))),
  );
}

function encode(events: IrStreamEvent[]): SseMessage[] {
  return parseSseText(serializeSseMessages(runMachineSync(createOpenAiResponsesStreamEncoder(), events)));
}

/** Checks the framing rules: strict events, `event:` = type, sequence numbers 0,1,2,… */
function expectValidStream(messages: SseMessage[]): Array<{ type: string; [key: string]: unknown }> {
  return messages.map((message, i) => {
    const data = JSON.parse(message.data) as { type: string; sequence_number: number };
    expect(message.event).toBe(data.type);
    expect(data.sequence_number).toBe(i);
    const strict = openAiResponsesStrictStreamEventSchema.safeParse(data);
    expect(strict.error?.issues ?? [], data.type).toEqual([]);
    return data;
  });
}

describe('createOpenAiResponsesStreamEncoder', () => {
  it.each(recordings.map((r) => [r.file, r] as const))(
    '%s re-streams strictly and decodes back to the same IR',
    (_file, recording) => {
      const ir = recordedIr(recording);
      const messages = encode(responseToStreamEvents(ir));
      const events = expectValidStream(messages);
      expect(events.slice(0, 2).map((e) => e.type)).toEqual(['response.created', 'response.in_progress']);
      expect(events.at(-1)?.type).toBe('response.completed');
      const decoded = accumulateResponse(runMachineSync(createOpenAiResponsesStreamDecoder(), messages));
      expect(comparable(decoded)).toEqual(comparable({ ...ir, usage: ir.usage }));
    },
  );

  it('keeps the block order and output indices in append order', () => {
    const events = expectValidStream(
      encode([
        { type: 'response-start', id: 'resp_x', model: 'm', created: 1 },
        { type: 'reasoning-start', index: 0 },
        { type: 'reasoning-delta', index: 0, delta: 'hmm' },
        {
          type: 'reasoning-signature',
          index: 0,
          opaque: { origin: 'openai', kind: 'encrypted', data: 'E', itemId: 'rs_real' },
        },
        { type: 'reasoning-end', index: 0 },
        { type: 'text-start', index: 1 },
        { type: 'text-delta', index: 1, delta: 'Hi' },
        { type: 'tool-call-start', index: 2, id: 'call_1', name: 'f' },
        { type: 'tool-call-delta', index: 2, argumentsDelta: '{"a"' },
        { type: 'tool-call-delta', index: 2, argumentsDelta: ':1}' },
        { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' } },
        { type: 'usage-update', usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 } },
      ]),
    );
    expect(events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.reasoning_summary_part.added',
      'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.done',
      'response.reasoning_summary_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const completed = events.at(-1) as unknown as {
      response: { output: Array<Record<string, unknown>>; usage: unknown };
    };
    expect(completed.response.output.map((item) => [item.type, item.id])).toEqual([
      ['reasoning', 'rs_real'],
      ['message', 'msg_x_1'],
      ['function_call', 'fc_x_2'],
    ]);
    expect(completed.response.output[0]).toMatchObject({ encrypted_content: 'E' });
    expect(completed.response.usage).toMatchObject({ input_tokens: 1, output_tokens: 2, total_tokens: 3 });
  });

  it('writes response.incomplete for a length stop and synthesises the start when it is missing', () => {
    const events = expectValidStream(
      encode([
        { type: 'text-start', index: 0 },
        { type: 'text-delta', index: 0, delta: 'cut' },
        { type: 'usage-update', usage: { inputTokens: 1, outputTokens: 16, totalTokens: 17 } },
        { type: 'finish', finishReason: { unified: 'length', raw: 'max_tokens' } },
      ]),
    );
    expect(events[0]?.type).toBe('response.created');
    expect(events.at(-1)).toMatchObject({
      type: 'response.incomplete',
      response: { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } },
    });
  });

  it('leaves out blocks of choices other than the first', () => {
    const events = expectValidStream(
      encode([
        { type: 'response-start', id: 'resp_n', model: 'm', created: 1 },
        { type: 'text-start', index: 0, choice: 0 },
        { type: 'text-start', index: 1, choice: 1 },
        { type: 'text-delta', index: 0, delta: 'first' },
        { type: 'text-delta', index: 1, delta: 'second' },
        { type: 'text-end', index: 0 },
        { type: 'text-end', index: 1 },
        { type: 'finish', choice: 1, finishReason: { unified: 'length', raw: 'length' } },
        { type: 'finish', choice: 0, finishReason: { unified: 'stop', raw: 'stop' } },
      ]),
    );
    const completed = events.at(-1) as unknown as {
      type: string;
      response: { output: unknown[]; output_text?: string };
    };
    expect(completed.type).toBe('response.completed');
    expect(completed.response.output).toHaveLength(1);
  });

  it('drops opaque data of other families', () => {
    const events = expectValidStream(
      encode([
        { type: 'response-start', id: 'resp_y', model: 'm', created: 1 },
        { type: 'reasoning-start', index: 0 },
        { type: 'reasoning-signature', index: 0, opaque: { origin: 'anthropic', kind: 'signature', data: 'sig' } },
        { type: 'reasoning-end', index: 0 },
      ]),
    );
    const done = events.find((e) => e.type === 'response.output_item.done') as unknown as {
      item: Record<string, unknown>;
    };
    expect(done.item).toEqual({ type: 'reasoning', id: 'rs_y_0', summary: [] });
  });

  it('ends with error then response.failed, and nothing after', () => {
    const encoder = createOpenAiResponsesStreamEncoder({ model: 'alias' });
    const out = [
      ...encoder.push({ type: 'response-start', id: 'resp_z', model: 'upstream', created: 1 }),
      ...encoder.push({ type: 'text-start', index: 0 }),
      ...encoder.push({ type: 'text-delta', index: 0, delta: 'partial' }),
      ...encoder.push({
        type: 'error',
        error: { kind: 'rate-limit', message: 'slow down', code: 'rate_limit_exceeded' },
      }),
      ...encoder.push({ type: 'text-delta', index: 0, delta: 'more' }),
    ];
    expect(encoder.end()).toEqual([]);
    const events = expectValidStream(out);
    expect(events.slice(-2)).toMatchObject([
      { type: 'error', code: 'rate_limit_exceeded', message: 'slow down', param: null },
      {
        type: 'response.failed',
        response: { status: 'failed', model: 'alias', error: { code: 'rate_limit_exceeded', message: 'slow down' } },
      },
    ]);
  });

  it('writes a text delta as the same JSON as the general event object, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 5 }),
        fc.nat(3),
        (deltas, leading) => {
          const events: IrStreamEvent[] = [{ type: 'response-start', id: 'resp_1', model: 'm', created: 1 }];
          for (let i = 0; i < leading; i++)
            events.push(
              { type: 'tool-call-start', index: 10 + i, id: `c${i}`, name: 'f' },
              { type: 'tool-call-end', index: 10 + i },
            );
          events.push(
            { type: 'text-start', index: 0 },
            ...deltas.map((delta): IrStreamEvent => ({ type: 'text-delta', index: 0, delta })),
          );
          const messages = runMachineSync(createOpenAiResponsesStreamEncoder(), events).filter(
            (message) => message.event === 'response.output_text.delta',
          );
          const written = deltas.filter((delta) => delta !== '');
          expect(messages).toHaveLength(written.length);
          messages.forEach((message, i) => {
            const parsed = JSON.parse(message.data) as {
              item_id: string;
              output_index: number;
              sequence_number: number;
            };
            const general = {
              type: 'response.output_text.delta',
              item_id: parsed.item_id,
              output_index: leading,
              content_index: 0,
              delta: written[i],
              logprobs: [],
              sequence_number: parsed.sequence_number,
            };
            expect(message.data).toBe(JSON.stringify(general));
            expect(parsed.sequence_number).toBe(2 + 3 * leading + 2 + i);
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('opens with response.created and response.in_progress holding the same response object, as general event objects', () => {
    const echo = { instructions: 'Be brief.', store: false, metadata: { team: 'a' } };
    const messages = createOpenAiResponsesStreamEncoder({ model: 'alias' }, echo).push({
      type: 'response-start',
      id: 'resp_1',
      model: 'up',
      created: 7,
      usage: { inputTokens: 3, outputTokens: 0, totalTokens: 3 },
    });
    expect(messages.map((message) => message.event)).toEqual(['response.created', 'response.in_progress']);
    const [created, inProgress] = messages.map(
      (message) => JSON.parse(message.data) as { response: Record<string, unknown> },
    );
    expect(created?.response).toEqual(inProgress?.response);
    expect(created?.response).toMatchObject({
      id: 'resp_1',
      created_at: 7,
      model: 'alias',
      status: 'in_progress',
      output: [],
      instructions: 'Be brief.',
      store: false,
    });
    messages.forEach((message, i) => {
      expect(message.data).toBe(
        JSON.stringify({ type: message.event, response: created?.response, sequence_number: i }),
      );
    });
  });
});
