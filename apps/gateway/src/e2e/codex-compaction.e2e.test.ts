import OpenAI from 'openai';
import { startLoopbackUpstream, type LoopbackUpstream } from '@interlingua/testkit';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import { createSseParser } from '@interlingua/ir-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPACTION_NOTE_PREFIX } from '../responses/responses-conversation.js';
import { openOrThrow, type ServerEvent } from '../websocket/websocket-client.test-support.js';
import {
  CODEX_HISTORY,
  codexCompactionRequest,
  lastTurns,
  scriptedUpstream,
  SUMMARY_HEAD,
  type Received,
} from './codex-compaction.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { providerForWire } from './upstream-wires.test-support.js';

const SECRET = 'codex-compaction-secret-0123456789';
const TRANSLATED: readonly GenerationStyle[] = ['openai-chat', 'anthropic-messages', 'gemini'];
const MODES = ['http-stream', 'http-json', 'websocket'] as const;
type Mode = (typeof MODES)[number];

let harness: Harness;
const upstreams: LoopbackUpstream[] = [];
const received = new Map<GenerationStyle, Received[]>();
const responsesLog: Received[] = [];

beforeAll(async () => {
  const providers: unknown[] = [];
  const models: unknown[] = [];
  for (const wire of TRANSLATED) {
    const log: Received[] = [];
    received.set(wire, log);
    const upstream = await startLoopbackUpstream(scriptedUpstream(log));
    upstreams.push(upstream);
    providers.push(providerForWire(wire, wire, upstream.url));
    models.push({ name: `${wire}/*`, targets: [{ provider: wire }] });
  }
  harness = await startHarness(scriptedUpstream(responsesLog), {
    upstreamProvider: { api: 'responses' },
    providers,
    models,
    sections: { responses: { compaction: { secret: SECRET } } },
  });
});

afterAll(async () => {
  await harness.close();
  await Promise.all(upstreams.map((upstream) => upstream.close()));
});

interface TurnResult {
  /** The `output` of the final response object. */
  output: Array<Record<string, unknown>>;
  /** `response.output_item.done` items, for streamed turns. */
  doneItems: Array<Record<string, unknown>>;
  /** Event types in order, for streamed turns. */
  events: string[];
}

async function overHttp(body: Record<string, unknown>, stream: boolean): Promise<TurnResult> {
  const response = await fetch(`${harness.url}/v1/responses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, stream }),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  if (!stream)
    return {
      output: (JSON.parse(text) as { output: Array<Record<string, unknown>> }).output,
      doneItems: [],
      events: [],
    };
  const parser = createSseParser();
  const events = [...parser.push(Buffer.from(text)), ...parser.end()].map(
    (message) => JSON.parse(message.data) as ServerEvent,
  );
  return fromEvents(events);
}

function fromEvents(events: ServerEvent[]): TurnResult {
  const completed = events.find((event) => event.type === 'response.completed');
  expect(completed, JSON.stringify(events.at(-1))).toBeDefined();
  expect(events.map((event) => event.sequence_number)).toEqual(events.map((_event, i) => i));
  return {
    output: (completed?.response as { output: Array<Record<string, unknown>> }).output,
    doneItems: events
      .filter((event) => event.type === 'response.output_item.done')
      .map((event) => event.item as Record<string, unknown>),
    events: events.map((event) => event.type),
  };
}

async function overWebSocket(body: Record<string, unknown>): Promise<TurnResult> {
  const socket = await openOrThrow(harness.url, GATEWAY_KEY);
  try {
    const { stream: _stream, ...rest } = body;
    socket.send({ type: 'response.create', ...rest });
    return fromEvents(await socket.untilEnd());
  } finally {
    await socket.close();
  }
}

function turn(body: Record<string, unknown>, mode: Mode): Promise<TurnResult> {
  if (mode === 'websocket') return overWebSocket(body);
  return overHttp(body, mode === 'http-stream');
}

describe.each(TRANSLATED)("Codex's remote compaction through a %s upstream", (wire) => {
  it.each(MODES)(
    'over %s: one sealed compaction item from a summarising call, opened as the summary on the next turn',
    async (mode) => {
      const log = received.get(wire) ?? [];
      const before = log.length;
      const compacted = await turn(codexCompactionRequest(`${wire}/model-a`), mode);

      expect(compacted.output).toHaveLength(1);
      const item = compacted.output[0] ?? {};
      expect(item).toMatchObject({
        type: 'compaction',
        id: expect.stringMatching(/^cmp_/),
        encrypted_content: expect.stringMatching(/^ilg1\./),
      });
      if (mode !== 'http-json') {
        // What Codex counts: `response.output_item.done` events carrying a compaction item.
        expect(compacted.doneItems).toEqual([item]);
        expect(compacted.events).toEqual([
          'response.created',
          'response.in_progress',
          'response.output_item.added',
          'response.output_item.done',
          'response.completed',
        ]);
      }

      // The upstream was asked for a summary (one user turn holding the transcript), not given the conversation to continue.
      expect(log.length).toBe(before + 1);
      const asked = log.at(-1);
      expect(asked?.summarising).toBe(true);
      expect(asked?.stream).toBe(mode !== 'http-json');
      const turns = lastTurns(log);
      expect(turns.at(-1)?.role).toBe('user');
      expect(turns.filter((t) => t.role !== 'system')).toHaveLength(1);
      expect(turns.at(-1)?.text).toContain('[called tool exec_command (call call_exec_1)');
      expect(JSON.stringify(asked?.body)).not.toContain('compaction_trigger');
      expect(JSON.stringify(asked?.body)).not.toContain('update_plan');

      // Codex's next turn: the retained user messages, the compaction item, then the new message.
      const users = CODEX_HISTORY.filter((entry) => entry.role === 'user');
      const next = {
        ...codexCompactionRequest(`${wire}/model-a`),
        input: [
          ...users,
          item,
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Now ship it.' }] },
        ],
      };
      const answer = await turn(next, mode);
      expect(answer.output.map((entry) => entry.type)).toEqual(['message']);
      const sent = lastTurns(log);
      expect(log.at(-1)?.summarising).toBe(false);
      const note = sent.find((entry) => entry.text.includes(COMPACTION_NOTE_PREFIX.trim().slice(0, 40)));
      expect(note?.text).toContain(`${SUMMARY_HEAD} the user asked what notes.txt says; exec_command showed`);
      expect(JSON.stringify(log.at(-1)?.body)).not.toContain('ilg1.');
      expect(sent.at(-1)?.text).toContain('Now ship it.');
    },
  );
});

describe('the compaction_trigger item', () => {
  it.each([true, false])(
    'goes as it is to an OpenAI Responses upstream (stream %s), which compacts itself',
    async (stream) => {
      const body = { ...codexCompactionRequest('up/gpt-5.1-codex'), stream };
      const response = await fetch(`${harness.url}/v1/responses`, {
        method: 'POST',
        headers: { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      expect(response.status, text).toBe(200);
      expect(response.headers.get('x-interlingua-route')).toContain('path=fast');
      expect(responsesLog.at(-1)?.body).toEqual({ ...body, model: 'gpt-5.1-codex' });
    },
  );

  it('is refused with a 400 naming it when it is not the final input item', async () => {
    const body = codexCompactionRequest('openai-chat/model-a');
    const client = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
    const input = [...CODEX_HISTORY.slice(0, 3), { type: 'compaction_trigger' }, ...CODEX_HISTORY.slice(3)];
    const error = await client.responses.create({ ...body, stream: false, input } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as Error).message).toMatch(/input\[3\]: the 'compaction_trigger' item must be the final input item/);
  });
});
