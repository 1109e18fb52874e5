import type { GenerationStyle } from '@interlingua/provider-adapters';
import { startLoopbackUpstream, type LoopbackUpstream } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, setRequestLogging } from '../observe/request-log.js';
import { readUsage } from '../accounting/usage-ledger.js';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import { INBOUND_MODES, sendInbound, type InboundMode } from './inbound-callers.test-support.js';
import { providerForWire, readWireRequest, UPSTREAM_WIRES, wireStreamWriter } from './upstream-wires.test-support.js';

/** The upstream a mode is translated to. */
const TRANSLATED_TO: Record<InboundMode['style'], GenerationStyle> = {
  'openai-chat': 'anthropic-messages',
  'openai-responses': 'gemini',
  'anthropic-messages': 'openai-responses',
  gemini: 'openai-chat',
};
/** Text deltas the upstream streams after its opening `Hi`, before it goes quiet (no usage, no end). */
const DELTAS = ['Streamed words that the caller did read ', 'before it left, ', 'and that must be charged. LAST'];
const STREAMED_CHARS = 'Hi'.length + DELTAS.join('').length;

let harness: Harness;
let upstream: LoopbackUpstream;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  upstream = await startLoopbackUpstream(async (request, response) => {
    const read = readWireRequest(request);
    if (typeof read === 'string') return void response.writeHead(400).end();
    const writer = wireStreamWriter(read.wire);
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(writer.head() + DELTAS.map((delta) => writer.text(delta)).join(''));
    await new Promise((resolve) => response.once('close', resolve));
  });
  const providers = UPSTREAM_WIRES.map((wire) => providerForWire(wire, wire, upstream.url));
  harness = await startHarness(() => undefined, {
    providers,
    models: UPSTREAM_WIRES.map((wire) => ({ name: `${wire}/*`, targets: [{ provider: wire }] })),
  });
  harness.gateway.gateway.ops.runtime.logger = createLogger('info', {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  setRequestLogging(true);
});

afterAll(async () => {
  setRequestLogging(false);
  await harness.close();
  await upstream.close();
});

function outputTokensOfKey(): Promise<number> {
  const keyIds = harness.gateway.gateway.keys.filter((key) => key.name === 'test').map((key) => key.id);
  return readUsage(harness.gateway.gateway.ops.runtime.store, keyIds, Date.now()).then(
    ([entry]) => entry?.day.outputTokens ?? 0,
  );
}

/** Reads the answer until the last delta's text arrived, then leaves. */
async function readUntilLastDeltaThenLeave(mode: InboundMode, model: string): Promise<string | null> {
  const controller = new AbortController();
  const response = await sendInbound(harness.url, mode, model, { signal: controller.signal });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('LAST')) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`the stream ended before the last delta: ${text}`);
    text += decoder.decode(value, { stream: true });
  }
  controller.abort();
  return response.headers.get('x-request-id');
}

describe('a client that leaves mid-stream, before the upstream reported usage', () => {
  const modes = INBOUND_MODES.filter((mode) => mode.framing !== 'json');
  const cases = modes.flatMap((mode) =>
    [mode.style, TRANSLATED_TO[mode.style]].map((wire) => [`${mode.id} caller, ${wire} upstream`, mode, wire] as const),
  );

  it.each(cases)('%s: logged 499, and the streamed text charged as an estimate', async (_name, mode, wire) => {
    const before = await outputTokensOfKey();
    const requestId = await readUntilLastDeltaThenLeave(mode, `${wire}/leave`);
    const line = await vi.waitFor(() => {
      const found = lines.find((entry) => entry.requestId === requestId);
      if (!found) throw new Error(`no log line for ${requestId}`);
      return found;
    });
    const output = Math.ceil(STREAMED_CHARS / 4);
    expect(line).toMatchObject({ status: 499, stream: true, usageEstimated: true, tokens: { output } });
    expect((line.tokens as { input: number }).input).toBeGreaterThan(0);
    await vi.waitFor(async () => expect(await outputTokensOfKey()).toBe(before + output));
  });
});
