import { parseSseText } from '@interlingua/ir-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './gateway-harness.test-support.js';
import { INBOUND_MODES, type InboundMode } from './inbound-callers.test-support.js';
import { askReplay, replayVariant, startReplayGateway } from './recorded-replay.test-support.js';

/** The pieces of one call as Vertex streams them with `streamFunctionCallArguments`. */
const PIECES: unknown[] = [
  { functionCall: { name: 'get_country', willContinue: true } },
  {
    functionCall: {
      partialArgs: [{ jsonPath: '$.city', stringValue: 'San Fran', willContinue: true }],
      willContinue: true,
    },
  },
  {
    functionCall: {
      partialArgs: [
        { jsonPath: '$.city', stringValue: 'cisco' },
        { jsonPath: '$.limit', numberValue: 2 },
      ],
      willContinue: true,
    },
  },
  { functionCall: {} },
];
const ARGUMENTS = { city: 'San Francisco', limit: 2 };

/** The recorded function-call stream, its call part replaced by the pieces (envelope and final chunk as recorded). */
const STREAMED = replayVariant('gemini/07-function-call-stream.sse', 'streamed-arguments', (body) => {
  const [first, ...rest] = parseSseText(body).map(
    (event) => JSON.parse(event.data) as { candidates: Array<{ content: { parts: unknown[] } }> },
  );
  if (!first) throw new Error('empty recording');
  const chunks = PIECES.map((piece) => ({
    ...first,
    candidates: [{ ...first.candidates[0], content: { role: 'model', parts: [piece] } }],
  }));
  return [...chunks, ...rest].map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`).join('');
});

let harness: Harness;

beforeAll(async () => {
  harness = await startReplayGateway([STREAMED]);
});

afterAll(async () => {
  await harness.close();
});

/** The tool calls a streamed answer carries, arguments parsed, per caller style. */
function streamedCalls(mode: InboundMode, payloads: unknown[]): unknown[] {
  const events = payloads as Array<Record<string, unknown>>;
  if (mode.style === 'openai-chat') {
    const args = events.flatMap((e) =>
      (
        (e.choices as Array<{ delta?: { tool_calls?: Array<{ function?: { arguments?: string } }> } }> | undefined) ??
        []
      )
        .flatMap((c) => c.delta?.tool_calls ?? [])
        .map((t) => t.function?.arguments ?? ''),
    );
    return [JSON.parse(args.join('')) as unknown];
  }
  if (mode.style === 'anthropic-messages') {
    const json = events
      .filter((e) => e.type === 'content_block_delta')
      .map((e) => (e.delta as { partial_json?: string }).partial_json ?? '');
    return [JSON.parse(json.join('')) as unknown];
  }
  return events
    .filter((e) => e.type === 'response.function_call_arguments.done')
    .map((e) => JSON.parse(String(e.arguments)) as unknown);
}

describe('Gemini function-call arguments streamed in pieces reach every caller whole', () => {
  const modes = INBOUND_MODES.filter((mode) => mode.framing === 'sse' && mode.style !== 'gemini');
  it.each(modes.map((mode) => [mode.id, mode] as const))('%s', async (_id, mode) => {
    const answer = await askReplay(harness, mode, STREAMED);
    expect(streamedCalls(mode, answer.payloads)).toEqual([ARGUMENTS]);
  });
});
