import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './gateway-harness.test-support.js';
import { INBOUND_MODES, type InboundMode } from './inbound-callers.test-support.js';
import { askReplay, replayVariant, startReplayGateway } from './recorded-replay.test-support.js';

/** Anthropic's refusal: `stop_reason: "refusal"`, here with no content at all (a real answer, its stop reason and content changed). */
const REFUSED = replayVariant('anthropic-messages/01-text.json', 'refused', (body) => {
  const message = JSON.parse(body) as Record<string, unknown>;
  return JSON.stringify({ ...message, content: [], stop_reason: 'refusal' });
});
/** The same, streamed: a real stream whose `message_delta` says `refusal`. */
const REFUSED_STREAM = replayVariant('anthropic-messages/03-text-stream-short.sse', 'refused-stream', (body) =>
  body.replace('"stop_reason":"end_turn"', '"stop_reason":"refusal"'),
);

let harness: Harness;

beforeAll(async () => {
  harness = await startReplayGateway([REFUSED, REFUSED_STREAM]);
});

afterAll(async () => {
  await harness.close();
});

/** How a caller of `mode` can tell the answer was refused, read from its last payload. */
function refusalSignal(mode: InboundMode, payloads: unknown[]): unknown {
  const last = payloads.at(-1) as Record<string, unknown>;
  if (mode.style === 'openai-responses') {
    const response = (mode.framing === 'json' ? last : last.response) as Record<string, unknown>;
    return {
      event: mode.framing === 'json' ? undefined : last.type,
      status: response.status,
      incomplete_details: response.incomplete_details,
    };
  }
  if (mode.style === 'openai-chat') {
    const finishes = payloads.flatMap((payload) =>
      ((payload as { choices?: Array<{ finish_reason?: string | null }> }).choices ?? []).map(
        (choice) => choice.finish_reason,
      ),
    );
    return finishes.filter((finish) => typeof finish === 'string');
  }
  return payloads
    .flatMap((payload) =>
      ((payload as { candidates?: Array<{ finishReason?: string }> }).candidates ?? []).map((c) => c.finishReason),
    )
    .filter(Boolean);
}

describe('a refusal from an Anthropic upstream is never an empty success', () => {
  it.each(INBOUND_MODES.filter((mode) => mode.style === 'openai-responses').map((mode) => [mode.id, mode] as const))(
    '%s: incomplete, reason content_filter',
    async (_id, mode) => {
      const answer = await askReplay(harness, mode, mode.framing === 'json' ? REFUSED : REFUSED_STREAM);
      expect(refusalSignal(mode, answer.payloads)).toEqual({
        event: mode.framing === 'json' ? undefined : 'response.incomplete',
        status: 'incomplete',
        incomplete_details: { reason: 'content_filter' },
      });
    },
  );

  it.each(
    INBOUND_MODES.filter((mode) => mode.style === 'openai-chat' || mode.style === 'gemini').map(
      (mode) => [mode.id, mode] as const,
    ),
  )('%s: the style’s content-filter finish, as before', async (_id, mode) => {
    const answer = await askReplay(harness, mode, mode.framing === 'json' ? REFUSED : REFUSED_STREAM);
    expect(refusalSignal(mode, answer.payloads)).toEqual(
      mode.style === 'openai-chat' ? ['content_filter'] : ['SAFETY'],
    );
  });
});
