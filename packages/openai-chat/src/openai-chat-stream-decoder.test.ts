import type { IrStreamEvent } from '@interlingua/ir';
import { accumulateResponse, createSseParser, parseSseText, pipeMachines, runMachineSync } from '@interlingua/ir-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listRecordings, recordingSseBody } from '@interlingua/testkit';
import { createOpenAiChatStreamDecoder } from './openai-chat-stream-decoder.js';

const HEAD = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'm' };

function sse(...payloads: unknown[]): string {
  return payloads.map((p) => `data: ${typeof p === 'string' ? p : JSON.stringify(p)}\n\n`).join('');
}

function chunk(delta: Record<string, unknown>, finishReason: string | null = null, index = 0): Record<string, unknown> {
  return { ...HEAD, choices: [{ index, delta, logprobs: null, finish_reason: finishReason }], usage: null };
}

function decode(text: string): IrStreamEvent[] {
  return runMachineSync(createOpenAiChatStreamDecoder(), parseSseText(text));
}

const types = (events: IrStreamEvent[]): string[] => events.map((e) => e.type);

describe('createOpenAiChatStreamDecoder', () => {
  it('puts reasoning_content in a reasoning block before the text block', () => {
    const events = decode(
      sse(
        chunk({ role: 'assistant', content: '' }),
        chunk({ reasoning_content: 'think' }),
        chunk({ reasoning_content: 'ing' }),
        chunk({ content: 'Hi' }),
        chunk({}, 'stop'),
        '[DONE]',
      ),
    );
    expect(types(events)).toEqual([
      'response-start',
      'reasoning-start',
      'reasoning-delta',
      'reasoning-delta',
      'reasoning-end',
      'text-start',
      'text-delta',
      'text-end',
      'finish',
    ]);
    expect(accumulateResponse(events).choices[0]?.content).toEqual([
      { type: 'reasoning', text: 'thinking' },
      { type: 'text', text: 'Hi' },
    ]);
  });

  it('reads `reasoning` (OpenRouter) like reasoning_content', () => {
    const events = decode(sse(chunk({ reasoning: 'r' }), chunk({ content: 't' }, 'stop')));
    expect(accumulateResponse(events).choices[0]?.content).toEqual([
      { type: 'reasoning', text: 'r' },
      { type: 'text', text: 't' },
    ]);
  });

  it('closes the text block when a tool call starts and starts a block per tool index', () => {
    const events = decode(
      sse(
        chunk({ content: 'Let me check.' }),
        chunk({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'a', arguments: '' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '{"x":' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '1}' } }] }),
        chunk({ tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'b', arguments: '' } }] }),
        chunk({}, 'tool_calls'),
      ),
    );
    expect(types(events)).toEqual([
      'response-start',
      'text-start',
      'text-delta',
      'text-end',
      'tool-call-start',
      'tool-call-delta',
      'tool-call-delta',
      'tool-call-end',
      'tool-call-start',
      'tool-call-end',
      'finish',
    ]);
    expect(accumulateResponse(events).choices[0]?.content).toEqual([
      { type: 'text', text: 'Let me check.' },
      { type: 'tool-call', id: 'call_a', name: 'a', argumentsJson: '{"x":1}' },
      { type: 'tool-call', id: 'call_b', name: 'b', argumentsJson: '{}' },
    ]);
  });

  it('accepts whole tool calls without index in one delta (Gemini-compatible servers)', () => {
    const events = decode(
      sse(
        chunk(
          {
            role: 'assistant',
            tool_calls: [
              { id: 'c1', type: 'function', function: { name: 'a', arguments: '{"q":1}' } },
              { id: 'c2', type: 'function', function: { name: 'b', arguments: '{}' } },
            ],
          },
          'tool_calls',
        ),
      ),
    );
    expect(accumulateResponse(events).choices[0]?.content).toEqual([
      { type: 'tool-call', id: 'c1', name: 'a', argumentsJson: '{"q":1}' },
      { type: 'tool-call', id: 'c2', name: 'b', argumentsJson: '{}' },
    ]);
  });

  it('waits for the tool name before starting the call', () => {
    const events = decode(
      sse(
        chunk({ tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { arguments: '{"a"' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { name: 'late', arguments: ':2}' } }] }),
        chunk({}, 'tool_calls'),
      ),
    );
    expect(accumulateResponse(events).choices[0]?.content).toEqual([
      { type: 'tool-call', id: 'c1', name: 'late', argumentsJson: '{"a":2}' },
    ]);
  });

  it('decodes a legacy function_call delta as a tool call', () => {
    const events = decode(
      sse(
        chunk({ function_call: { name: 'f', arguments: '' } }),
        chunk({ function_call: { arguments: '{}' } }),
        chunk({}, 'function_call'),
      ),
    );
    const response = accumulateResponse(events);
    expect(response.choices[0]?.content).toEqual([
      { type: 'tool-call', id: 'call_0_function', name: 'f', argumentsJson: '{}' },
    ]);
    expect(response.choices[0]?.finishReason).toEqual({ unified: 'tool-calls', raw: 'function_call' });
  });

  it('keeps refusal deltas in a text block of their own', () => {
    const events = decode(sse(chunk({ content: 'a' }), chunk({ refusal: 'no' }), chunk({}, 'stop')));
    expect(accumulateResponse(events).choices[0]?.content).toEqual([
      { type: 'text', text: 'a' },
      { type: 'text', text: 'no' },
    ]);
  });

  it('tags blocks with their choice when n > 1', () => {
    const events = decode(
      sse(
        chunk({ role: 'assistant', content: '' }, null, 0),
        chunk({ role: 'assistant', content: '' }, null, 1),
        chunk({ content: 'A' }, null, 0),
        chunk({ content: 'B' }, null, 1),
        chunk({}, 'stop', 0),
        chunk({}, 'length', 1),
      ),
    );
    expect(events.filter((e) => e.type === 'text-start')).toEqual([
      { type: 'text-start', index: 0, choice: 0 },
      { type: 'text-start', index: 1, choice: 1 },
    ]);
    const response = accumulateResponse(events);
    expect(response.choices.map((c) => [c.index, c.content, c.finishReason.raw])).toEqual([
      [0, [{ type: 'text', text: 'A' }], 'stop'],
      [1, [{ type: 'text', text: 'B' }], 'length'],
    ]);
  });

  it('emits usage-update for the usage-only chunk and ignores usage: null', () => {
    const usage = {
      prompt_tokens: 10,
      completion_tokens: 5,
      total_tokens: 15,
      prompt_tokens_details: { cached_tokens: 4 },
      completion_tokens_details: { reasoning_tokens: 2 },
    };
    const events = decode(
      sse(chunk({ content: 'x' }), chunk({}, 'stop'), { ...HEAD, choices: [], usage, obfuscation: 'abc' }, '[DONE]'),
    );
    expect(events.filter((e) => e.type === 'usage-update')).toEqual([
      {
        type: 'usage-update',
        usage: {
          inputTokens: 10,
          outputTokens: 5,
          totalTokens: 15,
          cacheReadTokens: 4,
          reasoningTokens: 2,
          raw: usage,
        },
      },
    ]);
  });

  it('turns an in-band error payload into an error event and stops', () => {
    const decoder = createOpenAiChatStreamDecoder();
    const events = runMachineSync(
      decoder,
      parseSseText(
        sse(
          chunk({ content: 'x' }),
          { error: { message: 'overloaded', type: 'server_error', param: null, code: null } },
          chunk({ content: 'y' }),
        ),
      ),
    );
    expect(types(events)).toEqual(['response-start', 'text-start', 'text-delta', 'error']);
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      error: { kind: 'upstream-error', message: 'overloaded', source: 'upstream' },
    });
  });

  it('maps a numeric in-band error code as an HTTP status', () => {
    const events = decode(sse({ error: { message: 'Rate limited', code: 429 } }));
    expect(events).toMatchObject([{ type: 'error', error: { kind: 'rate-limit', code: '429' } }]);
  });

  it('ignores comments, non-JSON data, unknown payloads and Azure prompt-filter chunks', () => {
    const azure = { id: '', object: '', created: 0, model: '', choices: [], prompt_filter_results: [] };
    const text = `: keep-alive\n\n${sse('ping', { type: 'ping' }, azure, chunk({ content: 'x' }), chunk({}, 'stop'), '[DONE]')}`;
    expect(types(decode(text))).toEqual(['response-start', 'text-start', 'text-delta', 'text-end', 'finish']);
  });

  it('reports data that begins as JSON but does not parse as an upstream error, and stops there', () => {
    const events = decode(
      `${sse(chunk({ content: 'x' }))}data: {"choices":[{"delta":\n\n${sse(chunk({ content: 'late' }))}`,
    );
    expect(types(events)).toEqual(['response-start', 'text-start', 'text-delta', 'error']);
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { kind: 'upstream-error', source: 'upstream' } });
  });

  it('closes open blocks at the end without inventing a finish', () => {
    expect(types(decode(sse(chunk({ content: 'cut' }))))).toEqual([
      'response-start',
      'text-start',
      'text-delta',
      'text-end',
    ]);
  });

  it('ignores everything after [DONE]', () => {
    expect(types(decode(sse(chunk({}, 'stop'), '[DONE]', chunk({ content: 'late' }))))).toEqual([
      'response-start',
      'finish',
    ]);
  });
});

describe('createOpenAiChatStreamDecoder over split bytes', () => {
  const streams = listRecordings('openai-chat', (row) => row.streaming);
  const decodeBytes = (bytes: Uint8Array, cuts: number[]): IrStreamEvent[] => {
    const machine = pipeMachines(createSseParser(), createOpenAiChatStreamDecoder());
    const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
    const out: IrStreamEvent[] = [];
    let start = 0;
    for (const point of [...points, bytes.length]) {
      out.push(...machine.push(bytes.subarray(start, point)));
      start = point;
    }
    return [...out, ...machine.end()];
  };

  it.each(streams.map((r) => [r.file, r] as const))('%s decodes the same at any split', (_file, recording) => {
    // Multi-byte characters in every stream (a comment, and text where there is some), so splits
    // land inside UTF-8 sequences too.
    const text = `: é€😀\n\n${recordingSseBody(recording).replace(/"content":"/, '"content":"é€😀')}`;
    const bytes = new TextEncoder().encode(text);
    const expected = decodeBytes(bytes, []);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 40 }), (cuts) => {
        expect(decodeBytes(bytes, cuts)).toEqual(expected);
      }),
      { numRuns: 50 },
    );
  });
});
