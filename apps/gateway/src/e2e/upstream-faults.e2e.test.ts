import type { GenerationStyle } from '@interlingua/provider-adapters';
import { startLoopbackUpstream, type LoopbackUpstream } from '@interlingua/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import {
  callWithSdk,
  INBOUND_MODES,
  isStreaming,
  readInbound,
  sdkClients,
  sdkErrorClass,
  sendInbound,
  type InboundMode,
  type InboundOutcome,
  type SdkClients,
  type SdkOutcome,
} from './inbound-callers.test-support.js';
import {
  BROKEN_EVENT,
  healthyText,
  replyHealthy,
  replyHealthyUnterminated,
  UPSTREAM_FAULTS,
  type FaultExpectation,
  type UpstreamFault,
} from './upstream-faults.test-support.js';
import {
  closedPort,
  expectNoOpenSockets,
  providerForWire,
  readWireRequest,
  UPSTREAM_WIRES,
} from './upstream-wires.test-support.js';

/** Idle timeout of the `-idle` providers: the stall faults wait this long. */
const STALL_IDLE_MS = 150;
/** The upstream a mode is translated to: every wire is the far side of some style. */
const TRANSLATED_TO: Record<InboundMode['style'], GenerationStyle> = {
  'openai-chat': 'gemini',
  'openai-responses': 'anthropic-messages',
  'anthropic-messages': 'openai-chat',
  gemini: 'openai-responses',
};

let harness: Harness;
let faulty: LoopbackUpstream;
let clients: SdkClients;
interface Gate {
  promise: Promise<void>;
  release(): void;
}
/** Released once the caller has the answer's head; each upstream request waits on the one open when it arrives. */
let committed: Gate;
const unhandled: unknown[] = [];
const violations: string[] = [];
const onUnhandled = (reason: unknown): void => void unhandled.push(reason);

function newGate(): Gate {
  let release = (): void => undefined;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  committed = { promise, release };
  return committed;
}

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  newGate();
  faulty = await startLoopbackUpstream(async (request, response) => {
    const read = readWireRequest(request);
    if (typeof read === 'string') {
      violations.push(read);
      response.writeHead(400).end();
      return;
    }
    const context = { wire: read.wire, stream: read.stream, response, committed: committed.promise };
    const fault = UPSTREAM_FAULTS.find((f) => f.id === read.model);
    if (read.model === 'unterminated') return replyHealthyUnterminated(context);
    await (fault ? fault.reply(context) : replyHealthy(context));
  });
  const refusedUrl = `http://127.0.0.1:${await closedPort()}`;
  const providers = UPSTREAM_WIRES.flatMap((wire) => [
    providerForWire(wire, wire, faulty.url),
    providerForWire(wire, `${wire}-idle`, faulty.url, { timeouts: { idleMs: STALL_IDLE_MS } }),
    providerForWire(wire, `${wire}-refused`, refusedUrl),
  ]);
  const models = providers.map((p) => ({ name: `${String(p.id)}/*`, targets: [{ provider: p.id }] }));
  harness = await startHarness(() => undefined, { providers, models });
  clients = sdkClients(harness.url);
});

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await harness.close();
  await faulty.close();
});

afterEach(() => committed.release());

/** What raw fetch got: checked for the style's shape, or why it is not well-formed. */
type RawOutcome = InboundOutcome | { kind: 'malformed'; problem: string };

function expectOutcome(outcome: RawOutcome, expected: FaultExpectation, raw: string, wire: GenerationStyle): void {
  if (expected.kind === 'passed-through') {
    const brokenData = BROKEN_EVENT[wire].split('data: ')[1]?.split('\n')[0] ?? '';
    expect(raw).toContain(`data: ${brokenData}`);
    return;
  }
  if (expected.kind === 'in-band-error') {
    expect(outcome.kind, JSON.stringify(outcome)).toBe('in-band-error');
    return;
  }
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ kind: 'http-error', status: expected.status });
  if (expected.retryAfter !== undefined)
    expect(outcome.kind === 'http-error' && outcome.retryAfter).toBe(expected.retryAfter);
}

/** The SDK reports the fault as its error class (status included before the commit point). */
function expectSdkOutcome(mode: InboundMode, outcome: SdkOutcome, expected: FaultExpectation): void {
  if (outcome.kind === 'no-sdk' || expected.kind === 'passed-through') return;
  if (expected.kind === 'in-band-error' && mode.style === 'openai-responses') {
    // The openai SDK yields Responses' in-band `error` and `response.failed` as events.
    expect(outcome.kind === 'ok' && outcome.events.slice(-2)).toEqual(['error', 'response.failed']);
    return;
  }
  expect(outcome.kind).toBe('threw');
  const error = outcome.kind === 'threw' ? outcome.error : undefined;
  expect(error).toBeInstanceOf(sdkErrorClass(mode.style));
  if (expected.kind === 'http-error') expect((error as { status?: number }).status).toBe(expected.status);
}

function modelFor(wire: GenerationStyle, fault: UpstreamFault): string {
  const suffix = fault.provider === 'normal' ? '' : `-${fault.provider}`;
  return `${wire}${suffix}/${fault.id}`;
}

/** The fault through raw fetch: the answer's shape checked for its style, and its raw text. */
async function rawCall(mode: InboundMode, model: string, gate: Gate): Promise<{ outcome: RawOutcome; raw: string }> {
  const response = await sendInbound(harness.url, mode, model);
  gate.release();
  const raw = await response.clone().text();
  const outcome = await readInbound(mode, response).catch((error: unknown): RawOutcome => ({
    kind: 'malformed',
    problem: String(error),
  }));
  return { outcome, raw };
}

/** One fault for one caller and upstream; `checkSockets` when no other case runs at the same time. */
async function runFaultCase(
  mode: InboundMode,
  wire: GenerationStyle,
  fault: UpstreamFault,
  checkSockets: boolean,
): Promise<void> {
  const fastPath = wire === mode.style && mode.framing === 'sse';
  const expected = fault.expect({ style: mode.style, streaming: isStreaming(mode), fastPath });
  const model = modelFor(wire, fault);
  let raw: Awaited<ReturnType<typeof rawCall>>;
  let sdk: SdkOutcome;
  if (fault.gated) {
    raw = await rawCall(mode, model, newGate());
    const gate = newGate();
    sdk = await callWithSdk(clients, mode, model, () => gate.release());
  } else {
    [raw, sdk] = await Promise.all([rawCall(mode, model, newGate()), callWithSdk(clients, mode, model)]);
  }
  expectOutcome(raw.outcome, expected, raw.raw, wire);
  expectSdkOutcome(mode, sdk, expected);

  const next = await readInbound(mode, await sendInbound(harness.url, mode, `${wire}/ok`));
  expect(next.kind, JSON.stringify(next)).toBe('complete');
  if (!isStreaming(mode) && next.kind === 'complete')
    expect(JSON.stringify(next.payloads[0])).toContain(healthyText(wire).slice(0, 20));

  if (checkSockets) await expectNoOpenSockets(faulty);
  expect(unhandled).toEqual([]);
  expect(violations).toEqual([]);
}

/** The faults a mode meets, with the upstream wires it meets them on (its own, and a translated one). */
function casesOf(stalls: boolean): Array<[string, InboundMode, GenerationStyle, UpstreamFault]> {
  return INBOUND_MODES.flatMap((mode) =>
    [mode.style, TRANSLATED_TO[mode.style]].flatMap((wire) =>
      UPSTREAM_FAULTS.filter(
        (fault) =>
          (fault.provider === 'idle') === stalls && (!fault.only || (fault.only === 'stream') === isStreaming(mode)),
      ).map((fault): [string, InboundMode, GenerationStyle, UpstreamFault] => [
        `${mode.id} caller, ${wire} upstream: ${fault.id}`,
        mode,
        wire,
        fault,
      ]),
    ),
  );
}

describe('upstream faults, one at a time', () => {
  it.each(casesOf(false))('%s', (_name, mode, wire, fault) => runFaultCase(mode, wire, fault, true));
});

// Stalls wait for the idle timeout (undici checks it about every half second): they run side by side.
describe('upstream stalls past the idle timeout', () => {
  it.concurrent.each(casesOf(true))('%s', (_name, mode, wire, fault) => runFaultCase(mode, wire, fault, false));
});

describe('not a fault: a last event without its blank line', () => {
  const modes = INBOUND_MODES.filter((mode) => mode.framing === 'sse');
  it.each(
    modes.flatMap((mode) =>
      [mode.style, TRANSLATED_TO[mode.style]].map(
        (wire) => [`${mode.id} caller, ${wire} upstream`, mode, wire] as const,
      ),
    ),
  )('%s: the answer is complete', async (_name, mode, wire) => {
    const outcome = await readInbound(mode, await sendInbound(harness.url, mode, `${wire}/unterminated`));
    expect(outcome.kind, JSON.stringify(outcome)).toBe('complete');
  });
});

describe('after every fault', () => {
  it('leaves no upstream socket open and no unhandled rejection', async () => {
    await expectNoOpenSockets(faulty);
    expect(unhandled).toEqual([]);
  });
});
