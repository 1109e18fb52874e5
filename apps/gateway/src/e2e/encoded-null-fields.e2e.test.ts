import { nullPaths, recordedNullPaths } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './gateway-harness.test-support.js';
import { INBOUND_MODES, type InboundStyle } from './inbound-callers.test-support.js';
import { recordingSseBody } from '@interlingua/testkit';
import {
  askReplay,
  replayCases,
  replayFits,
  replayVariant,
  startReplayGateway,
  type ReplayCase,
} from './recorded-replay.test-support.js';

/**
 * `null`s the real APIs send that the recordings do not show, each with its reason:
 * - Responses `error` events: `param` is `string | null` in the SDK's `ResponseErrorEvent` and
 *   the API sends it whether or not a parameter is to blame.
 * - Responses `completed_at` is null until a response completes (the recorded streams predate
 *   the field; the recorded completed answers carry a number).
 * - Anthropic `content_block_start` of a `web_search_tool_result`: the stream starts the block whole,
 *   as the JSON answer holds it, and the recorded JSON answer's results carry `page_age: null`.
 */
const DOCUMENTED_NULLS: Record<InboundStyle, string[]> = {
  'openai-chat': [],
  'openai-responses': ['<error>.param', '.completed_at'],
  'anthropic-messages': ['<content_block_start>.content_block.content[].page_age'],
  gemini: [],
};

/** Styles whose HTTP error bodies share another style's envelope (OpenAI's `{error:{message,type,param,code}}`). */
const SHARED_ERROR_ENVELOPE: Partial<Record<InboundStyle, InboundStyle>> = { 'openai-responses': 'openai-chat' };

/** The null paths a style may send: recorded ones, documented ones, and the shared error envelope's. */
function allowedNulls(style: InboundStyle): Set<string> {
  const shared = SHARED_ERROR_ENVELOPE[style];
  const sharedErrors = shared ? [...recordedNullPaths(shared)].filter((path) => path.startsWith('.error.')) : [];
  return new Set([...recordedNullPaths(style), ...DOCUMENTED_NULLS[style], ...sharedErrors]);
}

const LIFECYCLE_PATH = /^<response\.[a-z_]+>\.response(\..*)$/;

/**
 * A Responses lifecycle event holds the same response object as a non-streaming answer: a null
 * the real API sends in that object (in the body or in any lifecycle event) is allowed in all of them.
 */
function isAllowed(allowed: Set<string>, path: string): boolean {
  if (allowed.has(path)) return true;
  const inner = LIFECYCLE_PATH.exec(path)?.[1];
  if (inner === undefined) return false;
  return allowed.has(inner) || [...allowed].some((candidate) => LIFECYCLE_PATH.exec(candidate)?.[1] === inner);
}

/** Every recorded stream cut after its first two events: the caller gets its style's in-band error. */
const CUT_STREAMS: ReplayCase[] = replayCases()
  .filter((replay) => replay.recording.streaming && replay.recording.http_status < 400)
  .map((replay, n) =>
    replayVariant(replay.recording.file, `cut-${n}`, () =>
      recordingSseBody(replay.recording)
        .split(/(?<=\r?\n\r?\n)/)
        .slice(0, 2)
        .join(''),
    ),
  )
  .map((variant) => ({ ...variant, recording: { ...variant.recording, format: 'sse' as const } }));

let harness: Harness;

beforeAll(async () => {
  harness = await startReplayGateway(CUT_STREAMS);
});

afterAll(async () => {
  await harness.close();
});

describe('answers the gateway encodes carry null only where the real API does', () => {
  const styles: InboundStyle[] = ['openai-chat', 'openai-responses', 'anthropic-messages', 'gemini'];
  it.each(styles)(
    '%s: every answer, stream event and error (HTTP and in-band) translated from every recorded upstream answer',
    async (style) => {
      const allowed = allowedNulls(style);
      const unexpected = new Set<string>();
      let payloads = 0;
      for (const mode of INBOUND_MODES.filter((candidate) => candidate.style === style)) {
        for (const replay of [...replayCases(), ...CUT_STREAMS].filter((candidate) => replayFits(mode, candidate))) {
          const answer = await askReplay(harness, mode, replay);
          for (const payload of answer.payloads) {
            payloads++;
            for (const path of nullPaths(payload))
              if (!isAllowed(allowed, path)) unexpected.add(`${path} (${mode.id} from ${replay.recording.file})`);
          }
        }
      }
      expect(payloads).toBeGreaterThan(50);
      expect([...unexpected]).toEqual([]);
    },
  );
});
