import type { IrOpaque, IrStreamEvent } from '@interlingua/ir';
import { accumulateResponse, parseSseText, runMachineSync, serializeSseMessages } from '@interlingua/ir-utils';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { irChoiceToOpenAiChatMessage } from './ir-to-openai-chat-response.js';
import { createOpenAiChatStreamEncoder } from './openai-chat-stream-encoder.js';
import { openAiChatStrictChunkSchema } from './openai-chat-strict-schema.js';
import { WarningCollector } from './openai-chat-warnings.js';

const carrier = (data: string): IrOpaque => ({ origin: 'openai-chat', kind: 'encrypted', data });

/** Two reasoning blocks with carriers (the second, empty, for the call after it) and one foreign signature. */
const EVENTS: IrStreamEvent[] = [
  { type: 'response-start', id: 'chatcmpl-1', model: 'm', created: 1_700_000_000 },
  { type: 'reasoning-start', index: 0 },
  { type: 'reasoning-delta', index: 0, delta: 'Step 0: the weather ' },
  { type: 'reasoning-delta', index: 0, delta: 'is needed.' },
  { type: 'reasoning-signature', index: 0, opaque: carrier('iLgRsN01first') },
  { type: 'reasoning-end', index: 0 },
  { type: 'reasoning-start', index: 1 },
  { type: 'reasoning-signature', index: 1, opaque: { origin: 'anthropic', kind: 'signature', data: 'EqNotForChat' } },
  { type: 'reasoning-end', index: 1 },
  { type: 'reasoning-start', index: 2 },
  { type: 'reasoning-signature', index: 2, opaque: carrier('iLgRsN01second') },
  { type: 'reasoning-end', index: 2 },
  { type: 'tool-call-start', index: 3, id: 'call_1', name: 'weather' },
  { type: 'tool-call-delta', index: 3, argumentsDelta: '{"city":"Paris"}' },
  { type: 'tool-call-end', index: 3 },
  { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_use' } },
];

const SSE = serializeSseMessages(runMachineSync(createOpenAiChatStreamEncoder(), EVENTS));

/** The same answer unstreamed: the `reasoning_details` a JSON caller gets. */
const JSON_DETAILS = irChoiceToOpenAiChatMessage(
  accumulateResponse(EVENTS).choices[0] ?? { index: 0, content: [], finishReason: { unified: 'stop', raw: 'stop' } },
  new WarningCollector(),
).reasoning_details;

function deltas(): Array<Record<string, unknown>> {
  return parseSseText(SSE)
    .filter((message) => message.data !== '[DONE]')
    .map((message) => {
      const chunk = JSON.parse(message.data) as {
        choices: Array<{ delta: Record<string, unknown>; finish_reason: string | null }>;
      };
      expect(openAiChatStrictChunkSchema.safeParse(chunk).error).toBeUndefined();
      return { ...chunk.choices[0]?.delta, finish_reason: chunk.choices[0]?.finish_reason };
    });
}

describe('streamed reasoning_details', () => {
  it('come whole in one delta of their own, right before the finish chunk, as the JSON answer lists them', () => {
    const all = deltas();
    const carrying = all.filter((delta) => 'reasoning_details' in delta);
    expect(carrying).toHaveLength(1);
    expect(all.at(-2)).toEqual({ reasoning_details: JSON_DETAILS, finish_reason: null });
    expect(JSON_DETAILS?.map((entry) => entry.data)).toEqual(['iLgRsN01first', 'iLgRsN01second']);
  });

  it('survive the openai SDK stream helper, which keeps the last value of each extra delta field', async () => {
    const client = new OpenAI({
      apiKey: 'test',
      baseURL: 'http://127.0.0.1:9/v1',
      maxRetries: 0,
      fetch: () => Promise.resolve(new Response(SSE, { headers: { 'content-type': 'text/event-stream' } })),
    });
    const completion = await client.chat.completions
      .stream({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })
      .finalChatCompletion();
    const message = completion.choices[0]?.message as unknown as Record<string, unknown>;
    expect(message.reasoning_details).toEqual(JSON_DETAILS);
    expect(message.tool_calls).toMatchObject([
      { id: 'call_1', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
    ]);
  });

  it('leave reasoning_content to the text deltas, so that accumulators that append it get the text once', () => {
    const text = deltas().flatMap((delta) =>
      typeof delta.reasoning_content === 'string' ? [delta.reasoning_content] : [],
    );
    expect(text.join('')).toBe('Step 0: the weather is needed.');
  });

  it('are absent when no carrier came', () => {
    const sse = serializeSseMessages(
      runMachineSync(
        createOpenAiChatStreamEncoder(),
        EVENTS.filter((event) => event.type !== 'reasoning-signature'),
      ),
    );
    expect(sse).not.toContain('reasoning_details');
  });
});
