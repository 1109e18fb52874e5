import { checkUsageInvariants, IrError, usageFrom, type IrResponse } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { accumulateResponse, createResponseAccumulator } from './response-accumulator.js';
import { responseToStreamEvents } from './response-to-stream-events.js';

const response: IrResponse = {
  id: 'r1',
  model: 'm',
  created: 1,
  choices: [
    {
      index: 0,
      content: [
        { type: 'reasoning', text: 'think', opaque: { origin: 'anthropic', kind: 'signature', data: 'sig' } },
        { type: 'text', text: 'hello' },
        { type: 'tool-call', id: 'c1', name: 'f', argumentsJson: '{"a":1}' },
      ],
      finishReason: { unified: 'tool-calls', raw: 'tool_use' },
    },
  ],
  usage: usageFrom({ inputTokens: 10, outputTokens: 5, reasoningTokens: 2, cacheReadTokens: 4 }),
};

describe('response accumulator', () => {
  it('rebuilds a response from its own stream events', () => {
    expect(accumulateResponse(responseToStreamEvents(response))).toEqual(response);
  });

  it('turns a tool call without argument deltas into "{}"', () => {
    const result = accumulateResponse([
      { type: 'response-start', id: 'x', model: 'm', created: 0 },
      { type: 'tool-call-start', index: 0, id: 'c', name: 'f' },
      { type: 'tool-call-end', index: 0 },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' } },
    ]);
    expect(result.choices[0]?.content).toEqual([{ type: 'tool-call', id: 'c', name: 'f', argumentsJson: '{}' }]);
  });

  it('throws the stream error', () => {
    const accumulator = createResponseAccumulator();
    accumulator.push({ type: 'error', error: { kind: 'overloaded', message: 'busy' } });
    expect(() => accumulator.result()).toThrow(IrError);
  });
});

describe('usage invariants', () => {
  it('accept consistent usage and name each violation', () => {
    expect(checkUsageInvariants(response.usage!)).toEqual([]);
    expect(
      checkUsageInvariants({ inputTokens: 1, outputTokens: 1, totalTokens: 3, cacheReadTokens: 2, reasoningTokens: 5 }),
    ).toEqual([
      'totalTokens must equal inputTokens + outputTokens',
      'cache tokens must be part of inputTokens',
      'reasoningTokens must be part of outputTokens',
    ]);
  });
});
