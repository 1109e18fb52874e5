import type { IrFinishReason, IrRequest, IrStreamEvent, IrUsage } from '@interlingua/ir';
import { usageFrom } from '@interlingua/ir';
import type { LocalProviderAdapter, ProviderSettings } from '../../provider-adapter.js';
import { adapterCapabilities } from '../../adapter-capabilities.js';
import { decideMockAnswer, type MockAnswer } from './mock-answer.js';
import { fnv1a, mockEmbed } from './mock-embeddings.js';
import { mockRerank } from './mock-rerank.js';
import { mockImages, mockSpeech, mockTranscript } from './mock-media.js';

/**
 * The `mock` provider: a deterministic test and demo model answered inside the gateway (see
 * `decideMockAnswer`). Options: `latencyMs` (pause before the first event and between chunks),
 * `models` (ids it lists; default `["mock"]`). Usage is estimated as characters / 4.
 * Embeddings and rerank are answered too: see `mockEmbed` and `mockRerank` for the documented
 * vectors and scores; so are images (a PNG drawn from the prompt), speech (a WAV of tones) and
 * transcriptions (a sentence describing the upload): see `mock-media.ts`.
 */
export const mockAdapter: LocalProviderAdapter = {
  kind: 'local',
  type: 'mock',
  displayName: 'Mock (test and demo)',
  listModels: (settings) =>
    mockModelIds(settings).map((id) => ({
      id,
      created: 0,
      ownedBy: settings.id,
      capabilities: adapterCapabilities(mockAdapter),
    })),
  async *generate(request, { settings, signal }) {
    const latencyMs = typeof settings.options.latencyMs === 'number' ? settings.options.latencyMs : 0;
    for (const batch of mockEvents(request)) {
      if (latencyMs > 0) await sleep(latencyMs, signal);
      if (signal.aborted) return;
      yield* batch;
    }
  },
  embed: (request) => mockEmbed(request),
  rerank: (request) => mockRerank(request),
  images: (request) => mockImages(request),
  speech: (input, format, speed) => mockSpeech(input, format, speed),
  transcribe: (task, audio, filename) => mockTranscript(task, audio, filename),
};

export function mockModelIds(settings: ProviderSettings): string[] {
  const models = settings.options.models;
  return Array.isArray(models) && models.every((m) => typeof m === 'string') ? models : ['mock'];
}

/** The mock's answer as batches of stream events (one batch per simulated network chunk). */
export function mockEvents(request: IrRequest): IrStreamEvent[][] {
  const answer = decideMockAnswer(request);
  const usage = estimateUsage(request, answer);
  const batches: IrStreamEvent[][] = [
    [
      {
        type: 'response-start',
        id: `mock-${hash(JSON.stringify(request.messages))}`,
        model: request.model,
        created: 0,
        usage: { ...usage, outputTokens: 0, totalTokens: usage.inputTokens },
      },
    ],
  ];
  let index = 0;
  if (answer.reasoning !== undefined) {
    batches.push([
      { type: 'reasoning-start', index },
      { type: 'reasoning-delta', index, delta: answer.reasoning },
      { type: 'reasoning-end', index },
    ]);
    index++;
  }
  let finishReason: IrFinishReason = { unified: 'stop', raw: 'stop' };
  if (answer.toolCall) {
    batches.push([
      { type: 'tool-call-start', index, id: `call_mock_${hash(answer.toolCall.name)}`, name: answer.toolCall.name },
      { type: 'tool-call-delta', index, argumentsDelta: answer.toolCall.argumentsJson },
      { type: 'tool-call-end', index },
    ]);
    finishReason = { unified: 'tool-calls', raw: 'tool_calls' };
  } else {
    const { words, truncated } = limitWords(answer.text ?? '', request.maxOutputTokens);
    batches.push([{ type: 'text-start', index }]);
    for (const word of words) batches.push([{ type: 'text-delta', index, delta: word }]);
    batches.push([{ type: 'text-end', index }]);
    if (truncated) finishReason = { unified: 'length', raw: 'length' };
  }
  batches.push([
    { type: 'finish', finishReason },
    { type: 'usage-update', usage },
  ]);
  return batches;
}

function limitWords(text: string, maxTokens: number | undefined): { words: string[]; truncated: boolean } {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  if (maxTokens === undefined || words.length <= maxTokens) return { words, truncated: false };
  return { words: words.slice(0, maxTokens), truncated: true };
}

function estimateUsage(request: IrRequest, answer: MockAnswer): IrUsage {
  const inputChars = JSON.stringify(request.messages).length;
  const reasoningTokens = answer.reasoning ? Math.ceil(answer.reasoning.length / 4) : 0;
  const outputChars = (answer.text ?? '').length + (answer.toolCall?.argumentsJson.length ?? 0);
  return usageFrom({
    inputTokens: Math.ceil(inputChars / 4),
    outputTokens: Math.ceil(outputChars / 4) + reasoningTokens,
    ...(reasoningTokens > 0 ? { reasoningTokens } : {}),
  });
}

function hash(text: string): string {
  return fnv1a(text).toString(36);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
