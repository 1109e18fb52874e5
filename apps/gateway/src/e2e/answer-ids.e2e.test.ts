import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './gateway-harness.test-support.js';
import { INBOUND_MODES, type InboundMode } from './inbound-callers.test-support.js';
import {
  askReplay,
  replayCases,
  replayFits,
  replayVariant,
  startReplayGateway,
  type ReplayCase,
} from './recorded-replay.test-support.js';

/** Real Gemini answers with `responseId` taken out (Vertex and older models leave it out). */
const withoutResponseId = (body: string): string =>
  body.replace(/"responseId":\s*"[^"]*",?/g, '').replace(/,(\s*})/g, '$1');
const NO_ID: ReplayCase[] = [
  replayVariant('gemini/01-text.json', 'no-response-id', withoutResponseId),
  replayVariant('gemini/02-text-stream.sse', 'no-response-id-stream', withoutResponseId),
];

let harness: Harness;

beforeAll(async () => {
  harness = await startReplayGateway(NO_ID);
});

afterAll(async () => {
  await harness.close();
});

/** Every answer id a caller of `mode` reads in the payloads (every chunk's, for streams). */
function answerIds(mode: InboundMode, payloads: unknown[]): unknown[] {
  return payloads.flatMap((raw) => {
    const payload = raw as Record<string, unknown>;
    switch (mode.style) {
      case 'openai-chat':
        return [payload.id];
      case 'gemini':
        return [payload.responseId];
      case 'anthropic-messages':
        if (mode.framing === 'json') return [payload.id];
        return payload.type === 'message_start' ? [(payload.message as { id: unknown }).id] : [];
      case 'openai-responses':
        if (mode.framing === 'json') return [payload.id];
        return payload.response ? [(payload.response as { id: unknown }).id] : [];
    }
  });
}

describe('every answer carries a real id', () => {
  it('Gemini answers without responseId: chat callers get one chatcmpl- id, on every chunk', async () => {
    for (const mode of INBOUND_MODES.filter((candidate) => candidate.style === 'openai-chat')) {
      const answer = await askReplay(harness, mode, mode.framing === 'json' ? NO_ID[0]! : NO_ID[1]!);
      const ids = answerIds(mode, answer.payloads);
      expect(ids.length).toBeGreaterThan(0);
      expect(new Set(ids).size).toBe(1);
      expect(ids[0]).toMatch(/^chatcmpl-[0-9a-f]{32}$/);
    }
  });

  it('Gemini answers with a responseId: chat callers get that id', async () => {
    const replay = replayCases().find((candidate) => candidate.recording.file === 'gemini/01-text.json');
    if (!replay) throw new Error('no recording');
    const answer = await askReplay(harness, INBOUND_MODES[0]!, replay);
    expect(answerIds(INBOUND_MODES[0]!, answer.payloads)).toEqual([
      (JSON.parse(replay.recording.body) as { responseId: string }).responseId,
    ]);
  });

  it('every caller style, every recorded upstream answer and the ones without an id: one non-empty id per answer', async () => {
    const problems: string[] = [];
    for (const mode of INBOUND_MODES) {
      // A Gemini caller of a Gemini upstream gets the provider's own bytes (the fast path), id or not.
      const variants = mode.style === 'gemini' ? [] : NO_ID;
      for (const replay of [...replayCases(), ...variants].filter(
        (candidate) => candidate.recording.http_status < 400 && replayFits(mode, candidate),
      )) {
        const ids = answerIds(mode, (await askReplay(harness, mode, replay)).payloads);
        const distinct = new Set(ids);
        if (ids.length === 0 || distinct.size !== 1 || typeof ids[0] !== 'string' || ids[0] === '')
          problems.push(`${mode.id} from ${replay.model}: ids ${JSON.stringify([...distinct])}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
