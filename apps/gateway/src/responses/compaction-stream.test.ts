import type { IrStreamEvent } from '@interlingua/ir';
import { createOpenAiResponsesStreamEncoder } from '@interlingua/openai-responses';
import { describe, expect, it } from 'vitest';
import { compactionStream } from './compaction-stream.js';

const item = (summary: string) => ({ id: 'cmp_1', type: 'compaction', encrypted_content: `sealed:${summary}` });
const noSummary = { kind: 'upstream-error' as const, message: 'no summary', source: 'upstream' as const };

function run(events: IrStreamEvent[]): Array<Record<string, unknown>> {
  const machine = compactionStream(createOpenAiResponsesStreamEncoder({}, {}), item, noSummary);
  const messages = [...events.flatMap((event) => machine.push(event)), ...machine.end()];
  return messages.map((message) => JSON.parse(message.data) as Record<string, unknown>);
}

const start: IrStreamEvent = { type: 'response-start', id: 'resp_1', model: 'm', created: 1 };
const text = (delta: string): IrStreamEvent[] => [
  { type: 'text-start', index: 0 },
  { type: 'text-delta', index: 0, delta },
  { type: 'text-end', index: 0 },
];

describe('compactionStream', () => {
  it('answers the gathered summary as one compaction item, numbered in order', () => {
    const events = run([
      start,
      { type: 'reasoning-start', index: 1 },
      { type: 'reasoning-delta', index: 1, delta: 'hmm' },
      { type: 'reasoning-end', index: 1 },
      ...text(' The summary. '),
      { type: 'usage-update', usage: { inputTokens: 5, outputTokens: 2, totalTokens: 7 } },
      { type: 'finish', finishReason: { unified: 'length', raw: 'max_tokens' } },
    ]);
    expect(events.map((event) => event.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events.map((event) => event.sequence_number)).toEqual([0, 1, 2, 3, 4]);
    expect(events[3]?.item).toEqual(item('The summary.'));
    expect(events[4]?.response).toMatchObject({
      status: 'completed',
      output: [item('The summary.')],
      usage: { input_tokens: 5, output_tokens: 2 },
    });
  });

  it('fails the response when the model wrote no summary', () => {
    const events = run([
      start,
      { type: 'tool-call-start', index: 0, id: 'c1', name: 'x' },
      { type: 'tool-call-end', index: 0 },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: null } },
    ]);
    expect(events.map((event) => event.type)).toEqual([
      'response.created',
      'response.in_progress',
      'error',
      'response.failed',
    ]);
    expect(events[2]).toMatchObject({ message: 'no summary' });
  });

  it('passes an upstream error through', () => {
    const events = run([
      start,
      { type: 'error', error: { kind: 'rate-limit', message: 'slow down', source: 'upstream' } },
    ]);
    expect(events.map((event) => event.type)).toEqual([
      'response.created',
      'response.in_progress',
      'error',
      'response.failed',
    ]);
  });
});
