import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IrStreamEvent } from '@interlingua/ir';
import { responseToStreamEvents, serializeSseMessages } from '@interlingua/ir-utils';
import { codecFor, type GenerationStyle } from '@interlingua/provider-adapters';
import { sendJson, sendSse, startLoopbackUpstream, type LoopbackUpstream, type Recording } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAllResults } from '../../../client-suites/clients-matrix.mjs';
import { readAgentCliResults } from '../../../client-suites/agent-clis-matrix.mjs';
import { REGENERATE_COMMAND, renderCompatibilityMarkdown } from '../../../../scripts/compatibility-matrix.mjs';
import { isOpen, openResponsesSocket, type ServerEvent } from '../websocket/websocket-client.test-support.js';
import {
  expectationFor,
  FEATURES,
  irAnswer,
  UPSTREAM_ERROR,
  type Feature,
} from './compatibility-features.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { answerIr, compareAnswer } from './inbound-answer-ir.test-support.js';
import { readInbound, sendInbound, type InboundMode, type InboundStyle } from './inbound-callers.test-support.js';
import { providerForWire, readWireRequest, UPSTREAM_WIRES, type WireRequest } from './upstream-wires.test-support.js';
import { conversationCell } from './reasoning-switch.test-support.js';
import { recordedExpectation, recordingFor, sendRecording } from './compatibility-recordings.test-support.js';

type CellResult = Parameters<typeof renderCompatibilityMarkdown>[0]['cells'][number];
type Upstream = GenerationStyle | 'mock';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const PAGE = join(ROOT, 'docs', 'compatibility.md');
const RESULTS = join(ROOT, 'docs', 'compatibility.json');
const UPDATE = process.env.UPDATE_COMPATIBILITY === '1';

const STYLES: Array<{ id: InboundStyle; title: string; endpoint: string }> = [
  { id: 'openai-chat', title: 'OpenAI Chat Completions', endpoint: 'POST /v1/chat/completions' },
  { id: 'openai-responses', title: 'OpenAI Responses', endpoint: 'POST /v1/responses' },
  { id: 'anthropic-messages', title: 'Anthropic Messages', endpoint: 'POST /v1/messages' },
  { id: 'gemini', title: 'Gemini', endpoint: 'POST /v1beta/models/{model}:generateContent' },
];
const UPSTREAMS: Array<{ id: Upstream; title: string }> = [
  { id: 'openai-chat', title: 'OpenAI chat' },
  { id: 'openai-responses', title: 'OpenAI Responses' },
  { id: 'anthropic-messages', title: 'Anthropic Messages' },
  { id: 'gemini', title: 'Gemini' },
  { id: 'mock', title: 'mock' },
];

let harness: Harness;
let upstream: LoopbackUpstream;
/** The last request each `<wire>/<feature>` model received upstream. */
const received = new Map<string, WireRequest | string>();
/** The recording each `<wire>/<feature>` upstream replayed last; absent: it answered synthetically. */
const replayed = new Map<string, Recording>();
const cells: CellResult[] = [];

/** Streams an answer in its wire, deltas cut in three so that arguments and text really arrive in pieces. */
function streamBody(wire: GenerationStyle, events: IrStreamEvent[]): string {
  // The gateway always asks chat upstreams for usage (stream_options.include_usage): they send it.
  const encoder = codecFor(wire).stream.createEncoder({ includeUsage: true });
  const pieces = events.flatMap((event): IrStreamEvent[] => {
    const text =
      event.type === 'text-delta' || event.type === 'reasoning-delta'
        ? event.delta
        : event.type === 'tool-call-delta'
          ? event.argumentsDelta
          : undefined;
    if (text === undefined || text.length < 3) return [event];
    const third = Math.ceil(text.length / 3);
    return [0, 1, 2].map((i) => {
      const piece = text.slice(i * third, (i + 1) * third);
      return event.type === 'tool-call-delta' ? { ...event, argumentsDelta: piece } : { ...event, delta: piece };
    });
  });
  return serializeSseMessages([...pieces.flatMap((event) => encoder.push(event)), ...encoder.end()]);
}

function featureOf(model: string): Feature | undefined {
  return FEATURES.find((feature) => feature.id === model);
}

beforeAll(async () => {
  upstream = await startLoopbackUpstream((request, response) => {
    const read = readWireRequest(request);
    const feature = typeof read === 'string' ? undefined : featureOf(read.model);
    if (typeof read === 'string' || !feature) {
      received.set(request.url, typeof read === 'string' ? read : `unknown feature ${read.model}`);
      return sendJson(response, 400, { error: { message: 'unexpected request' } });
    }
    received.set(`${read.wire}/${feature.id}`, read);
    const recording = recordingFor(feature.id, read.wire);
    if (recording && recording.streaming === read.stream) {
      replayed.set(`${read.wire}/${feature.id}`, recording);
      return sendRecording(response, recording);
    }
    if (!feature.answer) {
      const { body } = codecFor(read.wire).error.fromIr({
        kind: 'rate-limit',
        message: UPSTREAM_ERROR.message,
        status: UPSTREAM_ERROR.status,
      });
      return sendJson(response, UPSTREAM_ERROR.status, body, { 'retry-after': UPSTREAM_ERROR.retryAfter });
    }
    const answer = irAnswer(feature.answer, read.wire);
    if (read.stream) return sendSse(response, streamBody(read.wire, responseToStreamEvents(answer)));
    return sendJson(response, 200, codecFor(read.wire).response.fromIr(answer).value);
  });
  const providers = UPSTREAM_WIRES.map((wire) => providerForWire(wire, wire, upstream.url));
  // Anthropic requires max_tokens: the route gives one, as a deployment would (else every cell warns).
  // Anthropic caches only where marked: its routes add breakpoints for callers that send none.
  const limit = (wire: GenerationStyle) =>
    wire === 'anthropic-messages' ? { defaultMaxOutputTokens: 1024, cache: { breakpoints: 'auto' } } : {};
  const models = [
    ...UPSTREAM_WIRES.map((wire) => ({ name: `${wire}/*`, targets: [{ provider: wire }], ...limit(wire) })),
    { name: 'mock/*', targets: [{ provider: 'mock' }] },
  ];
  harness = await startHarness(() => undefined, { providers, models });
});

afterAll(async () => {
  await harness.close();
  await upstream.close();
});

/** Runs one feature for one caller style and upstream, and says how it went. */
async function runCell(style: InboundStyle, target: Upstream, feature: Feature): Promise<CellResult> {
  const base = { style, upstream: target, feature: feature.id };
  const expected = target === 'mock' ? feature.mock : feature.answer;
  if ((target === 'mock' && expected === undefined) || (feature.styles && !feature.styles.includes(style)))
    return { ...base, status: 'n/a', problems: [], warnings: [] };
  if (feature.conversation && target !== 'mock')
    return { ...base, ...(await conversationCell(style, target, feature.conversation)), upstreamAnswer: 'synthetic' };
  const mode: InboundMode = { id: style, style, framing: feature.stream ? 'sse' : 'json' };
  const problems: string[] = [];
  const { outcome, warnings } =
    feature.transport === 'websocket'
      ? await overWebSocket(`${target}/${feature.id}`, feature.request[style], problems)
      : await overHttp(mode, `${target}/${feature.id}`, feature, problems);
  let upstreamAnswer: Pick<CellResult, 'upstreamAnswer'> = {};
  let wanted = expected;
  let recording: Recording | undefined;
  if (target !== 'mock') {
    const request = received.get(`${target}/${feature.id}`);
    received.delete(`${target}/${feature.id}`);
    recording = replayed.get(`${target}/${feature.id}`);
    replayed.delete(`${target}/${feature.id}`);
    upstreamAnswer = { upstreamAnswer: recording ? 'recorded' : 'synthetic' };
    if (recording) wanted = recordedExpectation(recording, feature.id);
    if (typeof request === 'string') problems.push(request);
    else if (!request) problems.push('the upstream was not called');
    else if (feature.carried)
      problems.push(...[feature.carried(target, request.body)].filter((p): p is string => p !== undefined));
  }
  if (outcome?.kind === 'complete' && wanted !== undefined && wanted !== 'any-usage') {
    const { ir, problems: shape } = answerIr(mode, outcome);
    // Same style on both sides relays the provider's own answer, judged by its content: the strict
    // schemas judge what the gateway writes itself (real answers lack fields they require, such as
    // Responses `sequence_number` in older streams or Gemini `candidates[].index`).
    const relayed = recording !== undefined && style === target;
    problems.push(...(relayed ? [] : shape), ...compareAnswer(ir, expectationFor(wanted, style, target)));
  } else if (outcome?.kind === 'complete' && expected === 'any-usage') {
    const { ir, problems: shape } = answerIr(mode, outcome);
    problems.push(...shape, ...(ir.usage && ir.usage.outputTokens > 0 ? [] : ['no usage reached the caller']));
  } else if (outcome && expected === undefined) {
    problems.push(...errorProblems(outcome));
  } else if (outcome?.kind === 'http-error') {
    problems.push(`answered HTTP ${outcome.status}: ${outcome.message}`);
  } else if (outcome?.kind === 'in-band-error') {
    problems.push(`answered an in-band error: ${outcome.message}`);
  }
  return { ...base, status: problems.length === 0 ? 'pass' : 'fail', problems, warnings, ...upstreamAnswer };
}

type Outcome = Awaited<ReturnType<typeof readInbound>> | undefined;

/** Sends the cell's request over HTTP in the caller's style; for `errors`, also checks the error body's type. */
async function overHttp(
  mode: InboundMode,
  model: string,
  feature: Feature,
  problems: string[],
): Promise<{ outcome: Outcome; warnings: string[] }> {
  const response = await sendInbound(harness.url, mode, model, { fields: feature.request[mode.style] });
  const warnings = (response.headers.get('x-interlingua-warnings') ?? '').split(' | ').filter((w) => w.length > 0);
  if (feature.id === 'errors') problems.push(...errorTypeProblems(mode.style, await response.clone().text()));
  const outcome = await readInbound(mode, response).catch((error: unknown) => {
    problems.push(`malformed answer: ${String(error)}`);
    return undefined;
  });
  return { outcome, warnings };
}

/**
 * Sends the cell's request as a `response.create` message on a Responses WebSocket and reads the
 * events of one response as the SSE answer of the same request would be read.
 */
async function overWebSocket(
  model: string,
  fields: Record<string, unknown>,
  problems: string[],
): Promise<{ outcome: Outcome; warnings: string[] }> {
  const socket = await openResponsesSocket(harness.url, GATEWAY_KEY);
  if (!isOpen(socket)) {
    problems.push(`the WebSocket upgrade was refused: HTTP ${socket.status} ${socket.body.slice(0, 200)}`);
    return { outcome: undefined, warnings: [] };
  }
  let events: ServerEvent[];
  try {
    socket.send({ type: 'response.create', model, input: 'Hello', store: false, ...fields });
    events = await socket.untilEnd();
  } finally {
    await socket.close();
  }
  const last = events.at(-1);
  if (last?.type !== 'response.completed') {
    problems.push(`the response ended with ${JSON.stringify(last).slice(0, 300)}`);
    return { outcome: undefined, warnings: [] };
  }
  return {
    outcome: {
      kind: 'complete',
      payloads: events,
      events: events.map((event) => ({ event: event.type, data: JSON.stringify(event) })),
      headers: new Headers(),
    },
    warnings: [],
  };
}

/** The error type each provider documents for a 429 (OpenAI: `requests` or `tokens`), per caller style. */
function errorTypeProblems(style: InboundStyle, text: string): string[] {
  let body: { error?: { type?: unknown; code?: unknown; status?: unknown } };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return [`the error body is not JSON: ${text.slice(0, 120)}`];
  }
  const error = body.error ?? {};
  if (style === 'anthropic-messages')
    return error.type === 'rate_limit_error' ? [] : [`error type ${String(error.type)} instead of rate_limit_error`];
  if (style === 'gemini')
    return error.status === 'RESOURCE_EXHAUSTED' && error.code === 429
      ? []
      : [`error status ${String(error.status)} (code ${String(error.code)}) instead of RESOURCE_EXHAUSTED (429)`];
  return error.type === 'requests' || error.type === 'tokens'
    ? []
    : [`error type ${String(error.type)} instead of requests or tokens`];
}

/** The upstream's 429 must reach the caller as a 429 in its style, message and `retry-after` kept. */
function errorProblems(outcome: Awaited<ReturnType<typeof readInbound>>): string[] {
  if (outcome.kind !== 'http-error') return [`answered ${outcome.kind} instead of an HTTP error`];
  const problems: string[] = [];
  if (outcome.status !== UPSTREAM_ERROR.status)
    problems.push(`HTTP ${outcome.status} instead of ${UPSTREAM_ERROR.status}`);
  if (!outcome.message.includes(UPSTREAM_ERROR.message))
    problems.push(`the upstream's message was lost: ${outcome.message}`);
  if (outcome.retryAfter !== UPSTREAM_ERROR.retryAfter) problems.push(`retry-after ${outcome.retryAfter ?? 'missing'}`);
  return problems;
}

describe('compatibility matrix', () => {
  const pairs = STYLES.flatMap((style) =>
    UPSTREAMS.map((target) => [`${style.title} caller, ${target.title} upstream`, style.id, target.id] as const),
  );

  it.each(pairs)('%s', async (_name, style, target) => {
    for (const feature of FEATURES) cells.push(await runCell(style, target, feature));
    const failed = cells.filter((c) => c.style === style && c.upstream === target && c.status === 'fail');
    // Same style on both sides must carry everything: that cell is the baseline.
    if (style === target) expect(failed).toEqual([]);
    // A real recorded answer must reach every caller style with its content.
    expect(failed.filter((c) => c.upstreamAnswer === 'recorded')).toEqual([]);
  });

  it(`docs/compatibility.md is current (regenerate: ${REGENERATE_COMMAND})`, () => {
    expect(cells.length, 'run the whole file: the page needs every cell').toBe(
      STYLES.length * UPSTREAMS.length * FEATURES.length,
    );
    const judges = STYLES.flatMap((style) =>
      FEATURES.flatMap((feature) => {
        const by = judgeOf(feature, style.id);
        return by ? [{ style: style.id, feature: feature.id, by }] : [];
      }),
    );
    const results = {
      styles: STYLES,
      upstreams: UPSTREAMS,
      features: FEATURES.map((f) => ({ id: f.id, title: f.title })),
      cells,
      judges,
    };
    const page = renderCompatibilityMarkdown(results, readAllResults(), readAgentCliResults());
    const json = `${JSON.stringify(results, null, 2)}\n`;
    if (UPDATE) {
      writeFileSync(PAGE, page);
      writeFileSync(RESULTS, json);
      return;
    }
    const stale = `docs/compatibility.md is stale: regenerate it with \`${REGENERATE_COMMAND}\` (or UPDATE_COMPATIBILITY=1 npx vitest run apps/gateway/src/e2e/compatibility-matrix.e2e.test.ts) and commit it`;
    expect(readCommitted(PAGE), stale).toBe(page);
    expect(readCommitted(RESULTS), stale.replace('compatibility.md', 'compatibility.json')).toBe(json);
  });
});

/** The SDK each caller style's conversation rows run through. */
const STYLE_SDK: Record<InboundStyle, string> = {
  'openai-chat': 'openai',
  'openai-responses': 'openai',
  'anthropic-messages': '@anthropic-ai/sdk',
  gemini: '@google/genai',
};

/** A client library that judged a row's cells beside the strict schemas, with its installed version. */
function judgeOf(feature: Feature, style: InboundStyle): string | undefined {
  if (feature.styles && !feature.styles.includes(style)) return undefined;
  if (feature.transport === 'websocket')
    return `a raw \`ws\` ${installedVersion('ws')} client sending what Codex sends`;
  if (feature.conversation) return `${STYLE_SDK[style]} ${installedVersion(STYLE_SDK[style])}`;
  return undefined;
}

function installedVersion(name: string): string {
  const manifest = JSON.parse(
    readFileSync(join(ROOT, 'apps', 'gateway', 'node_modules', name, 'package.json'), 'utf8'),
  ) as { version: string };
  return manifest.version;
}

function readCommitted(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
