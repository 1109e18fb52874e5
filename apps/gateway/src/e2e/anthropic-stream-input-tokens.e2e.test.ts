import { codecFor } from '@interlingua/provider-adapters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateInputTokens } from '../call/count-tokens.js';
import type { Harness } from './gateway-harness.test-support.js';
import type { InboundMode } from './inbound-callers.test-support.js';
import { askReplay, replayCases, startReplayGateway } from './recorded-replay.test-support.js';

const MODE: InboundMode = { id: 'messages-sse', style: 'anthropic-messages', framing: 'sse' };
const PROMPT = 'Invent a new holiday and describe its traditions, in a few short paragraphs please.';

/** The prompt-token figure a recording reports, in its own style's field. */
function recordedPromptTokens(expect: Record<string, unknown>): number {
  const usage = expect.usage as Record<string, number>;
  return usage.prompt_tokens ?? usage.input_tokens ?? usage.promptTokenCount ?? Number.NaN;
}

let harness: Harness;

beforeAll(async () => {
  harness = await startReplayGateway();
});

afterAll(async () => {
  await harness.close();
});

describe('a streaming Anthropic caller learns its prompt tokens in message_start', () => {
  const streams = [
    'openai-chat/02-text-stream-usage.chunks.jsonl',
    'openai-responses/02-text-stream.sse',
    'openai-chat/04-tool-call-stream.sse',
  ];
  it.each(streams)(
    'upstream reporting them only at the end: the estimate in message_start, the exact figure in message_delta (%s)',
    async (file) => {
      const replay = replayCases().find((candidate) => candidate.recording.file === file);
      if (!replay) throw new Error(`no recording ${file}`);
      const answer = await askReplay(harness, MODE, replay, { messages: [{ role: 'user', content: PROMPT }] });
      const start = answer.payloads.find((payload) => (payload as { type: string }).type === 'message_start') as {
        message: { usage: { input_tokens: number } };
      };
      const delta = answer.payloads.find((payload) => (payload as { type: string }).type === 'message_delta') as {
        usage: { input_tokens?: number };
      };
      const request = codecFor('anthropic-messages').request.toIr({
        model: replay.model,
        max_tokens: 256,
        messages: [{ role: 'user', content: PROMPT }],
      }).value;
      expect(start.message.usage.input_tokens).toBe(estimateInputTokens(request));
      expect(start.message.usage.input_tokens).toBeGreaterThan(0);
      expect(delta.usage.input_tokens).toBe(recordedPromptTokens(replay.recording.expect));
    },
  );

  it('Gemini (usage on every chunk, read after message_start went out): a figure above zero at the start, the exact one in message_delta', async () => {
    const replay = replayCases().find((candidate) => candidate.recording.file === 'gemini/02-text-stream.sse');
    if (!replay) throw new Error('no recording');
    const answer = await askReplay(harness, MODE, replay, { messages: [{ role: 'user', content: PROMPT }] });
    const start = answer.payloads.find((payload) => (payload as { type: string }).type === 'message_start') as {
      message: { usage: { input_tokens: number } };
    };
    const delta = answer.payloads.find((payload) => (payload as { type: string }).type === 'message_delta') as {
      usage: { input_tokens?: number };
    };
    expect(start.message.usage.input_tokens).toBeGreaterThan(0);
    expect(delta.usage.input_tokens).toBe(recordedPromptTokens(replay.recording.expect));
  });
});
