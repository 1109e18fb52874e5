import { readFileSync } from 'node:fs';
import type { IrContentPart, IrResponse } from '@interlingua/ir';
import { checkUsageInvariants } from '@interlingua/ir';
import { accumulateResponse, pipeMachines, responseToStreamEvents, runMachineSync } from '@interlingua/ir-utils';
import { listRecordings, recordingJson } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { createBedrockConverseCodec } from './bedrock-converse-codec.js';
import { bedrockConverseStrictResponseSchema } from './bedrock-converse-schema.js';
import { createBedrockEventStreamParser, encodeBedrockEventStreamMessage } from './bedrock-event-stream.js';
import { bedrockModelContext } from './bedrock-model-family.js';

const claude = createBedrockConverseCodec('us.anthropic.claude-sonnet-4-20250514-v1:0');
const nova = createBedrockConverseCodec('amazon.nova-micro-v1:0');
const recordings = listRecordings('bedrock-converse');
const answers = recordings.filter((r) => r.http_status === 200);
const errors = recordings.filter((r) => r.http_status !== 200);

interface Expected {
  text: string;
  reasoning: string | null;
  reasoning_signature?: boolean;
  tool_calls: Array<{ id: string; name: string; arguments: unknown }>;
  stop_reason: string;
  usage: { inputTokens: number; outputTokens: number; cacheReadInputTokens?: number; cacheWriteInputTokens?: number };
}

function codecFor(file: string) {
  return file.includes('anthropic') ? claude : nova;
}

function parts<T extends IrContentPart['type']>(
  response: IrResponse,
  type: T,
): Array<Extract<IrContentPart, { type: T }>> {
  return (response.choices[0]?.content ?? []).filter((p): p is Extract<IrContentPart, { type: T }> => p.type === type);
}

/** The same answer through the stream encoder, the event stream framing, the parser and the decoder. */
function throughStream(response: IrResponse, codec = nova): IrResponse {
  const frames = runMachineSync(codec.stream.createEncoder(), responseToStreamEvents(response)).map(
    encodeBedrockEventStreamMessage,
  );
  return accumulateResponse(
    runMachineSync(pipeMachines(createBedrockEventStreamParser(), codec.stream.createDecoder()), frames),
  );
}

function comparable(response: IrResponse): unknown {
  return { choices: response.choices, usage: { ...response.usage, raw: undefined } };
}

it('has recorded Converse answers and errors to replay', () => {
  expect(answers.length).toBeGreaterThan(0);
  expect(errors.length).toBeGreaterThan(0);
});

describe.each(answers.map((r) => [r.file, r] as const))('recorded Converse answer %s', (file, recording) => {
  const codec = codecFor(file);
  const expected = recording.expect as unknown as Expected;
  const ir = codec.response.toIr(recordingJson(recording)).value;

  it('decodes text, reasoning, tool calls, stop reason and usage as recorded', () => {
    expect(
      parts(ir, 'text')
        .map((p) => p.text)
        .join(''),
    ).toBe(expected.text);
    expect(
      parts(ir, 'reasoning')
        .map((p) => p.text)
        .join('') || null,
    ).toBe(expected.reasoning);
    if (expected.reasoning_signature)
      expect(parts(ir, 'reasoning')[0]?.opaque).toMatchObject({ origin: 'anthropic', kind: 'signature' });
    expect(
      parts(ir, 'tool-call').map((c) => ({
        id: c.id,
        name: c.name,
        arguments: JSON.parse(c.argumentsJson) as unknown,
      })),
    ).toEqual(expected.tool_calls);
    expect(ir.choices[0]?.finishReason.raw).toBe(expected.stop_reason);
    const cached = (expected.usage.cacheReadInputTokens ?? 0) + (expected.usage.cacheWriteInputTokens ?? 0);
    expect(ir.usage).toMatchObject({
      inputTokens: expected.usage.inputTokens + cached,
      outputTokens: expected.usage.outputTokens,
      raw: expected.usage,
    });
    expect(checkUsageInvariants(ir.usage!)).toEqual([]);
    expect(ir.model).toBe(codec === claude ? 'us.anthropic.claude-sonnet-4-20250514-v1:0' : 'amazon.nova-micro-v1:0');
  });

  it('re-encodes to a strict Converse answer that decodes to the same IR', () => {
    const encoded = codec.response.fromIr(ir).value;
    expect(bedrockConverseStrictResponseSchema.safeParse(encoded).error).toBeUndefined();
    expect(comparable(codec.response.toIr(encoded).value)).toEqual(comparable(ir));
  });

  it('survives the stream encoder and decoder (streamed and non-streamed agree)', () => {
    expect(comparable(throughStream(ir, codec))).toEqual(comparable(ir));
  });
});

describe.each(errors.map((r) => [r.file, r] as const))('recorded Bedrock error %s', (file, recording) => {
  it('maps to its IR kind with the message kept', () => {
    const expected = recording.expect.error as { type: string | null; message: string };
    const error = nova.error.toIr(recording.http_status, recordingJson(recording));
    expect(error.message).toBe(expected.message);
    expect(error.kind).toBe(file.includes('429') ? 'rate-limit' : 'invalid-request');
    expect(error.code ?? null).toBe(expected.type);
    expect(error.source).toBe('upstream');
  });
});

describe('recorded ConverseStream answer (event stream framing)', () => {
  const bytes = Buffer.from(
    readFileSync(new URL('./__fixtures__/converse-stream-tool-use.eventstream.b64', import.meta.url), 'utf8').replace(
      /\s+/g,
      '',
    ),
    'base64',
  );
  const decode = () =>
    runMachineSync(
      pipeMachines(
        createBedrockEventStreamParser(),
        createBedrockConverseCodec(bedrockModelContext('amazon.nova-micro-v1:0')).stream.createDecoder(),
      ),
      [bytes],
    );

  it('decodes text, then a tool call with its streamed input, the stop reason and usage', () => {
    const events = decode();
    expect(events[0]).toMatchObject({ type: 'response-start', model: 'amazon.nova-micro-v1:0' });
    const response = accumulateResponse(events);
    const text = parts(response, 'text')
      .map((p) => p.text)
      .join('');
    expect(text.startsWith('<thinking> To find the temperature of the capital of France')).toBe(true);
    expect(parts(response, 'tool-call')).toEqual([
      {
        type: 'tool-call',
        id: 'tooluse_QjQX34XORLu0wJVplWWHGQ',
        name: 'get_capital',
        argumentsJson: '{"country":"France"}',
      },
    ]);
    expect(response.choices[0]?.finishReason).toEqual({ unified: 'tool-calls', raw: 'tool_use' });
    expect(response.usage).toMatchObject({ inputTokens: 489, outputTokens: 59, totalTokens: 548 });
  });

  it('gives block indices in start order, each block started, fed and ended', () => {
    const events = decode();
    const starts = events
      .filter((e) => e.type.endsWith('-start') && e.type !== 'response-start')
      .map((e) => ('index' in e ? e.index : -1));
    const ends = events.filter((e) => e.type.endsWith('-end')).map((e) => ('index' in e ? e.index : -1));
    expect(starts).toEqual([0, 1]);
    expect(ends).toEqual([0, 1]);
  });
});
