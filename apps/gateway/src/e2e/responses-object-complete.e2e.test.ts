import { listRecordings, recordingJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, type Harness } from './gateway-harness.test-support.js';
import { INBOUND_MODES, readInbound, sendInbound } from './inbound-callers.test-support.js';
import { askReplay, replayCases, replayFits, startReplayGateway } from './recorded-replay.test-support.js';

/** Fields of a real answer that depend on the OpenAI account, not on the answer: never sent by the gateway. */
const ACCOUNT_FIELDS = new Set(['billing']);

/** The key set of the newest recorded real Responses answer (by `created_at`). */
function newestRecordedKeys(): string[] {
  const answers = listRecordings('openai-responses', (row) => !row.streaming && row.http_status === 200).map(
    (recording) => recordingJson(recording) as Record<string, unknown>,
  );
  const newest = answers.reduce((a, b) => (Number(b.created_at) > Number(a.created_at) ? b : a));
  return Object.keys(newest)
    .filter((key) => !ACCOUNT_FIELDS.has(key))
    .sort();
}

const RESPONSES_MODES = INBOUND_MODES.filter((mode) => mode.style === 'openai-responses');
const LIFECYCLE = new Set(['response.created', 'response.in_progress', 'response.completed', 'response.incomplete']);
const TOOL = {
  type: 'function',
  name: 'get_weather',
  description: 'Weather of a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

/** Every response object the caller got: the body, or the one in each lifecycle event. */
function responseObjects(
  framing: string,
  payloads: unknown[],
): Array<{ where: string; response: Record<string, unknown> }> {
  if (framing === 'json') return [{ where: 'body', response: payloads[0] as Record<string, unknown> }];
  return payloads
    .map((payload) => payload as { type: string; response?: Record<string, unknown> })
    .filter((event) => LIFECYCLE.has(event.type) && event.response)
    .map((event) => ({ where: event.type, response: event.response ?? {} }));
}

let harness: Harness;

beforeAll(async () => {
  harness = await startReplayGateway();
});

afterAll(async () => {
  await harness.close();
});

describe('Responses objects built by the gateway are complete', () => {
  it('every field of the newest recorded real answer, from every upstream, in the body and every lifecycle event', async () => {
    const wanted = newestRecordedKeys();
    const problems: string[] = [];
    let checked = 0;
    for (const mode of RESPONSES_MODES) {
      const cases = replayCases().filter(
        (replay) =>
          replay.wire !== 'openai-responses' && replay.recording.http_status < 400 && replayFits(mode, replay),
      );
      const answers = [
        ...(await Promise.all(
          cases.map(async (replay) => ({
            from: replay.recording.file,
            payloads: (await askReplay(harness, mode, replay)).payloads,
          })),
        )),
        { from: 'mock', payloads: await mockPayloads(mode) },
      ];
      for (const { from, payloads } of answers) {
        for (const { where, response } of responseObjects(mode.framing, payloads)) {
          checked++;
          const missing = wanted.filter((key) => !(key in response));
          if (missing.length > 0) problems.push(`${mode.id} from ${from}, ${where}: missing ${missing.join(', ')}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it('temperature and top_p are the numbers in effect; echoed function tools say strict; the first two events carry usage null', async () => {
    const replay = replayCases().find(
      (candidate) => candidate.recording.file === 'openai-chat/04-tool-call-stream.sse',
    );
    const plain = replayCases().find((candidate) => candidate.recording.file === 'openai-chat/09-tool-call.json');
    if (!replay || !plain) throw new Error('no recording');
    const body = responseObjects(
      'json',
      (await askReplay(harness, RESPONSES_MODES[0]!, plain, { tools: [TOOL], temperature: 0.25 })).payloads,
    )[0]!.response;
    expect(body).toMatchObject({ temperature: 0.25, top_p: 1, tools: [{ ...TOOL, strict: true }] });
    const events = (await askReplay(harness, RESPONSES_MODES[1]!, replay, { tools: [{ ...TOOL, strict: false }] }))
      .payloads as Array<{ type: string; response?: Record<string, unknown> }>;
    expect(events.slice(0, 2).map((event) => [event.type, event.response?.usage])).toEqual([
      ['response.created', null],
      ['response.in_progress', null],
    ]);
    for (const { response } of responseObjects('sse', events))
      expect(response).toMatchObject({ temperature: 1, top_p: 1, tools: [{ ...TOOL, strict: false }] });
  });
});

/** Every `output_text` part a caller can read: in the body, or in each event that holds parts (with where it was). */
function outputTextParts(
  framing: string,
  payloads: unknown[],
): Array<{ where: string; part: Record<string, unknown> }> {
  const fromItems = (where: string, items: unknown): Array<{ where: string; part: Record<string, unknown> }> =>
    (Array.isArray(items) ? (items as Array<{ content?: unknown }>) : []).flatMap((item) =>
      (Array.isArray(item.content) ? (item.content as Record<string, unknown>[]) : []).map((part) => ({ where, part })),
    );
  if (framing === 'json') return fromItems('body', (payloads[0] as { output?: unknown }).output);
  return (
    payloads as Array<{ type: string; part?: Record<string, unknown>; item?: unknown; response?: { output?: unknown } }>
  ).flatMap((event) => {
    if (event.part) return [{ where: event.type, part: event.part }];
    if (event.item) return fromItems(event.type, [event.item]);
    return fromItems(event.type, event.response?.output);
  });
}

describe('output_text parts built by the gateway carry annotations and logprobs', () => {
  it('in the body, GET /v1/responses/{id}, content_part.added/done, output_item.done and response.completed, from every upstream and the mock', async () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const mode of RESPONSES_MODES) {
      const cases = replayCases().filter(
        (replay) =>
          replay.wire !== 'openai-responses' && replay.recording.http_status < 400 && replayFits(mode, replay),
      );
      const answers = [
        ...(await Promise.all(
          cases.map(async (replay) => ({
            from: replay.recording.file,
            payloads: (await askReplay(harness, mode, replay, { store: true })).payloads,
          })),
        )),
        { from: 'mock', payloads: await mockPayloads(mode, { store: true }) },
      ];
      for (const { from, payloads } of answers) {
        const stored = mode.framing === 'json' ? await retrieved((payloads[0] as { id?: string }).id) : undefined;
        const parts = [
          ...outputTextParts(mode.framing, payloads),
          ...(stored
            ? outputTextParts('json', [stored]).map(({ part }) => ({ where: 'GET /v1/responses/{id}', part }))
            : []),
        ];
        for (const { where, part } of parts.filter(({ part }) => part.type === 'output_text')) {
          seen.add(where);
          if (!Array.isArray(part.logprobs) || !Array.isArray(part.annotations))
            problems.push(`${mode.id} from ${from}, ${where}: keys ${Object.keys(part).join(', ')}`);
        }
      }
    }
    expect([...seen]).toEqual(
      expect.arrayContaining([
        'GET /v1/responses/{id}',
        'body',
        'response.completed',
        'response.content_part.added',
        'response.content_part.done',
        'response.output_item.done',
      ]),
    );
    expect(problems).toEqual([]);
  });
});

async function retrieved(id: string | undefined): Promise<unknown> {
  if (!id) return undefined;
  const response = await fetch(`${harness.url}/v1/responses/${id}`, {
    headers: { authorization: `Bearer ${GATEWAY_KEY}` },
  });
  expect(response.status).toBe(200);
  return response.json();
}

async function mockPayloads(
  mode: (typeof RESPONSES_MODES)[number],
  fields: Record<string, unknown> = {},
): Promise<unknown[]> {
  const outcome = await readInbound(mode, await sendInbound(harness.url, mode, 'mock', { fields }));
  return outcome.kind === 'complete' ? outcome.payloads : [];
}
