import type { GenerationStyle } from '@interlingua/provider-adapters';
import {
  GATEWAY_KEY,
  providerForWire,
  startHarness,
  UPSTREAM_WIRES,
  type Harness,
} from '@interlingua/gateway/test-support';
import { startRecordedUpstream, type AnswerKind, type RecordedUpstream } from './recorded-upstream.test-support.js';

/** The upstream styles every client is judged against: the four wires and the built-in mock. */
export type UpstreamStyle = GenerationStyle | 'mock';
export const UPSTREAM_STYLES: ReadonlyArray<{ id: UpstreamStyle; title: string }> = [
  { id: 'openai-chat', title: 'OpenAI chat' },
  { id: 'openai-responses', title: 'OpenAI Responses' },
  { id: 'anthropic-messages', title: 'Anthropic' },
  { id: 'gemini', title: 'Gemini' },
  { id: 'mock', title: 'mock' },
];

/** Pause the mock provider takes between stream chunks, so that its deltas arrive spread over time. */
const MOCK_PACE_MS = 5;

/** Where the file's gateway listens: set when its harness starts, read by the clients at call time. */
export const gateway = { url: '', key: GATEWAY_KEY };

export interface ClientHarness {
  /** Gateway base URL, without a path. */
  url: string;
  key: string;
  upstream: RecordedUpstream;
  /** The gateway model that answers `kind` from an upstream style, e.g. `gemini.tool`. */
  model(style: UpstreamStyle, kind: AnswerKind | 'embed'): string;
  close(): Promise<void>;
}

/**
 * One gateway in-process with one recorded upstream behind it, reached through a provider per
 * wire (routes `<wire>.*`) and the mock provider (route `mock.*`).
 */
export async function startClientHarness(): Promise<ClientHarness> {
  const upstream = await startRecordedUpstream();
  const providers = [
    ...UPSTREAM_WIRES.map((wire) => providerForWire(wire, wire, upstream.url)),
    { id: 'paced-mock', type: 'mock', options: { latencyMs: MOCK_PACE_MS } },
  ];
  // Anthropic requires max_tokens: the route gives one, as a deployment would.
  const limit = (wire: GenerationStyle) => (wire === 'anthropic-messages' ? { defaultMaxOutputTokens: 1024 } : {});
  const models = [
    ...UPSTREAM_WIRES.map((wire) => ({ name: `${wire}.*`, targets: [{ provider: wire }], ...limit(wire) })),
    { name: 'mock.*', targets: [{ provider: 'paced-mock' }] },
  ];
  const harness: Harness = await startHarness(() => undefined, { providers, models });
  gateway.url = harness.url;
  return {
    url: harness.url,
    key: GATEWAY_KEY,
    upstream,
    model: (style, kind) => `${style}.${kind}`,
    async close() {
      await harness.close();
      await upstream.close();
    },
  };
}
