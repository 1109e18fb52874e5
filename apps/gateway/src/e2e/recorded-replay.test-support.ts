import type { GenerationStyle } from '@interlingua/provider-adapters';
import {
  listRecordings,
  recordingSseBody,
  sendJson,
  sendSse,
  startLoopbackUpstream,
  type Recording,
} from '@interlingua/testkit';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import { readInbound, sendInbound, type InboundMode, type InboundOutcome } from './inbound-callers.test-support.js';
import { providerForWire, readWireRequest, UPSTREAM_WIRES } from './upstream-wires.test-support.js';

/** A recorded real answer, served by the upstream of its wire under the model `rec-<n>`. */
export interface ReplayCase {
  wire: GenerationStyle;
  model: string;
  recording: Recording;
}

/** Every recorded generation answer of every wire (errors included), each with its model name. */
export function replayCases(): ReplayCase[] {
  return UPSTREAM_WIRES.flatMap((wire) =>
    listRecordings(wire).map((recording, index) => ({ wire, model: `${wire}/rec-${index}`, recording })),
  );
}

/** True when `mode` can ask for the case: streamed recordings for streaming callers, JSON ones for the others, errors for both. */
export function replayFits(mode: InboundMode, replay: ReplayCase): boolean {
  return replay.recording.http_status >= 400 || replay.recording.streaming === (mode.framing !== 'json');
}

/** What the gateway sent back, with every JSON payload as the caller parsed it. */
export interface ReplayAnswer {
  status: number;
  headers: Headers;
  /** The JSON body, every streamed payload, or the error body. */
  payloads: unknown[];
  outcome: InboundOutcome;
}

/** A recording of `wire` with its body changed, served under `<wire>/<name>`. */
export function replayVariant(file: string, name: string, change: (body: string) => string): ReplayCase {
  const base = replayCases().find((candidate) => candidate.recording.file === file);
  if (!base) throw new Error(`no recording ${file}`);
  return {
    wire: base.wire,
    model: `${base.wire}/${name}`,
    recording: { ...base.recording, body: change(base.recording.body) },
  };
}

/**
 * The gateway with one provider per wire, each a loopback upstream that answers with the
 * recording its model names (`<wire>/rec-<n>`, or a variant's name), status and framing as recorded.
 */
export async function startReplayGateway(variants: readonly ReplayCase[] = []): Promise<Harness> {
  const byModel = new Map([...replayCases(), ...variants].map((replay) => [replay.model, replay]));
  const upstream = await startLoopbackUpstream(async (request, response) => {
    const read = readWireRequest(request);
    const replay = typeof read === 'string' ? undefined : byModel.get(`${read.wire}/${read.model}`);
    if (typeof read === 'string' || !replay)
      return sendJson(response, 400, {
        error: { message: typeof read === 'string' ? read : `no recording for ${read.model}` },
      });
    const { recording } = replay;
    if (recording.http_status >= 400 || !recording.streaming)
      return sendJson(response, recording.http_status, recording.body);
    await sendSse(response, recordingSseBody(recording));
  });
  const harness = await startHarness(() => undefined, {
    providers: UPSTREAM_WIRES.map((wire) => providerForWire(wire, `replay-${wire}`, upstream.url)),
    models: UPSTREAM_WIRES.map((wire) => ({
      name: `${wire}/*`,
      targets: [{ provider: `replay-${wire}` }],
      ...(wire === 'anthropic-messages' ? { defaultMaxOutputTokens: 1024 } : {}),
    })),
  });
  return {
    ...harness,
    async close() {
      await harness.close();
      await upstream.close();
    },
  };
}

/** Sends one request in `mode` for the case and reads the answer, JSON payloads included. */
export async function askReplay(
  harness: Harness,
  mode: InboundMode,
  replay: ReplayCase,
  fields: Record<string, unknown> = {},
): Promise<ReplayAnswer> {
  const response = await sendInbound(harness.url, mode, replay.model, { fields });
  const text = await response.clone().text();
  const outcome = await readInbound(mode, response);
  const payloads =
    outcome.kind === 'complete'
      ? outcome.payloads.filter((payload) => payload !== '[DONE]')
      : errorPayloads(response.status >= 400 ? { ...mode, framing: 'json' } : mode, text);
  return { status: response.status, headers: response.headers, payloads, outcome };
}

function errorPayloads(mode: InboundMode, text: string): unknown[] {
  if (mode.framing !== 'sse') {
    const body = JSON.parse(text) as unknown;
    return Array.isArray(body) ? body : [body];
  }
  return text
    .split('\n')
    .filter((line) => line.startsWith('data:') && line.slice(5).trim() !== '[DONE]')
    .map((line) => JSON.parse(line.slice(5)) as unknown);
}
