import type { IrStreamEvent, IrUsage, SseMessage } from '@interlingua/ir';
import { accumulateResponse, parseSseText, runMachineSync, serializeSseMessages } from '@interlingua/ir-utils';
import { describe, expect, it } from 'vitest';
import { anthropicMessagesCodec as codec } from './anthropic-messages-codec.js';
import { anthropicPingEvent } from './anthropic-messages-stream-encoder.js';
import { validateAnthropicMessagesStream } from './anthropic-messages-stream-validator.js';

const START: IrStreamEvent = { type: 'response-start', id: 'msg_1', model: 'claude-x', created: 1 };
const USAGE: IrUsage = {
  inputTokens: 120,
  outputTokens: 30,
  totalTokens: 150,
  cacheReadTokens: 100,
  cacheWriteTokens: 0,
};

function encode(events: IrStreamEvent[], options = {}): SseMessage[] {
  return runMachineSync(codec.stream.createEncoder(options), events);
}

function payloads(messages: SseMessage[]): Array<Record<string, unknown>> {
  return messages.map((m) => JSON.parse(m.data) as Record<string, unknown>);
}

function decode(messages: SseMessage[]): IrStreamEvent[] {
  return runMachineSync(codec.stream.createDecoder(), parseSseText(serializeSseMessages(messages)));
}

function wireBlocks(messages: SseMessage[]): Array<[number, string]> {
  return payloads(messages).flatMap((p) =>
    p.type === 'content_block_start'
      ? [[p.index as number, (p.content_block as { type: string }).type] as [number, string]]
      : [],
  );
}

describe('stream encoder', () => {
  it('numbers wire blocks 0,1,2 whatever the IR indices', () => {
    const out = encode([
      START,
      { type: 'reasoning-start', index: 3 },
      { type: 'reasoning-delta', index: 3, delta: 'think' },
      { type: 'reasoning-signature', index: 3, opaque: { origin: 'anthropic', kind: 'signature', data: 'SIG' } },
      { type: 'reasoning-end', index: 3 },
      { type: 'text-start', index: 7 },
      { type: 'text-end', index: 7 },
      { type: 'text-start', index: 10 },
      { type: 'text-delta', index: 10, delta: 'hi' },
      { type: 'text-end', index: 10 },
      { type: 'tool-call-start', index: 42, id: 'toolu_9', name: 'f' },
      { type: 'tool-call-delta', index: 42, argumentsDelta: '{"a":' },
      { type: 'tool-call-delta', index: 42, argumentsDelta: '1}' },
      { type: 'tool-call-end', index: 42 },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' } },
    ]);
    expect(validateAnthropicMessagesStream(out)).toEqual([]);
    expect(wireBlocks(out)).toEqual([
      [0, 'thinking'],
      [1, 'text'],
      [2, 'tool_use'],
    ]);
    const again = accumulateResponse(decode(out));
    expect(again.choices[0]?.content).toEqual([
      { type: 'reasoning', text: 'think', opaque: { origin: 'anthropic', kind: 'signature', data: 'SIG' } },
      { type: 'text', text: 'hi' },
      { type: 'tool-call', id: 'toolu_9', name: 'f', argumentsJson: '{"a":1}' },
    ]);
    expect(again.choices[0]?.finishReason).toEqual({ unified: 'tool-calls', raw: 'tool_use' });
  });

  it('sends the signature just before the thinking block stops', () => {
    const out = payloads(
      encode([
        START,
        { type: 'reasoning-start', index: 0 },
        { type: 'reasoning-signature', index: 0, opaque: { origin: 'anthropic', kind: 'signature', data: 'SIG' } },
        { type: 'reasoning-delta', index: 0, delta: 'a' },
        { type: 'reasoning-end', index: 0 },
      ]),
    );
    expect(out.slice(1, 5)).toEqual([
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'a' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'SIG' } },
      { type: 'content_block_stop', index: 0 },
    ]);
  });

  it('drops reasoning without an Anthropic signature, holds signed thinking until its signature, sends redacted thinking whole', () => {
    const out = encode([
      START,
      { type: 'reasoning-start', index: 0 },
      { type: 'reasoning-delta', index: 0, delta: 'visible' },
      { type: 'reasoning-signature', index: 0, opaque: { origin: 'gemini', kind: 'signature', data: 'G' } },
      { type: 'reasoning-end', index: 0 },
      { type: 'reasoning-start', index: 1 },
      { type: 'reasoning-signature', index: 1, opaque: { origin: 'anthropic', kind: 'redacted', data: 'RED' } },
      { type: 'reasoning-end', index: 1 },
      { type: 'reasoning-start', index: 2 },
      { type: 'reasoning-signature', index: 2, opaque: { origin: 'openai', kind: 'encrypted', data: 'E' } },
      { type: 'reasoning-end', index: 2 },
      { type: 'reasoning-start', index: 3 },
      { type: 'reasoning-delta', index: 3, delta: 'signed ' },
      { type: 'reasoning-delta', index: 3, delta: 'thought' },
      { type: 'reasoning-signature', index: 3, opaque: { origin: 'anthropic', kind: 'signature', data: 'SIG' } },
      { type: 'reasoning-end', index: 3 },
    ]);
    expect(validateAnthropicMessagesStream(out)).toEqual([]);
    expect(out.some((m) => m.data.includes('"G"') || m.data.includes('"E"'))).toBe(false);
    expect(wireBlocks(out)).toEqual([
      [0, 'redacted_thinking'],
      [1, 'thinking'],
    ]);
    expect(accumulateResponse(decode(out)).choices[0]?.content).toEqual([
      { type: 'reasoning', text: '', opaque: { origin: 'anthropic', kind: 'redacted', data: 'RED' } },
      { type: 'reasoning', text: 'signed thought', opaque: { origin: 'anthropic', kind: 'signature', data: 'SIG' } },
    ]);
  });

  it('reports real usage in message_start and the final usage in message_delta', () => {
    const out = payloads(
      encode([
        { ...START, usage: { inputTokens: 120, outputTokens: 1, totalTokens: 121, cacheReadTokens: 100 } },
        { type: 'text-start', index: 0 },
        { type: 'text-delta', index: 0, delta: 'x' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' } },
        { type: 'usage-update', usage: USAGE },
      ]),
    );
    const start = out[0] as { message: { usage: Record<string, number> } };
    expect(start.message.usage).toEqual({
      input_tokens: 20,
      output_tokens: 1,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 100,
    });
    expect(out.at(-2)).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: 30, input_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 100 },
    });
    expect(out.at(-1)).toEqual({ type: 'message_stop' });
  });

  it('starts with zero usage when the IR start has none, and never invents input tokens', () => {
    const out = payloads(encode([START, { type: 'finish', finishReason: { unified: 'length', raw: 'length' } }]));
    expect((out[0] as { message: { usage: unknown } }).message.usage).toEqual({
      input_tokens: 0,
      output_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    });
    expect(out.at(-2)).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'max_tokens', stop_sequence: null },
      usage: { output_tokens: 0 },
    });
  });

  it('closes blocks left open and flushes blocks that started while another was open', () => {
    const out = encode([
      START,
      { type: 'text-start', index: 0 },
      { type: 'text-delta', index: 0, delta: 'Let me ' },
      { type: 'tool-call-start', index: 1, id: 'call_a', name: 'f' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{"x"' },
      { type: 'tool-call-start', index: 2, id: 'call_b', name: 'g' },
      { type: 'text-delta', index: 0, delta: 'check.' },
      { type: 'tool-call-delta', index: 2, argumentsDelta: '{}' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: ':1}' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'STOP' } },
    ]);
    expect(validateAnthropicMessagesStream(out)).toEqual([]);
    const again = accumulateResponse(decode(out));
    expect(again.choices[0]?.content).toEqual([
      { type: 'text', text: 'Let me check.' },
      { type: 'tool-call', id: 'call_a', name: 'f', argumentsJson: '{"x":1}' },
      { type: 'tool-call', id: 'call_b', name: 'g', argumentsJson: '{}' },
    ]);
    expect(again.choices[0]?.finishReason.raw).toBe('tool_use');
  });

  it('streams a waiting block live once the one before it ends', () => {
    const out = payloads(
      encode([
        START,
        { type: 'tool-call-start', index: 0, id: 'a', name: 'f' },
        { type: 'tool-call-start', index: 1, id: 'b', name: 'g' },
        { type: 'tool-call-delta', index: 1, argumentsDelta: '{"early":1' },
        { type: 'tool-call-end', index: 0 },
        { type: 'tool-call-delta', index: 1, argumentsDelta: ',"late":2}' },
      ]),
    );
    expect(out.slice(1).map((p) => [p.type, p.index])).toEqual([
      ['content_block_start', 0],
      ['content_block_stop', 0],
      ['content_block_start', 1],
      ['content_block_delta', 1],
      ['content_block_delta', 1],
      ['content_block_stop', 1],
      ['message_delta', undefined],
      ['message_stop', undefined],
    ]);
  });

  it('does not hold a tool call back behind a text block that is still empty', () => {
    const machine = codec.stream.createEncoder();
    machine.push(START);
    machine.push({ type: 'text-start', index: 0 });
    machine.push({ type: 'tool-call-start', index: 1, id: 'call_a', name: 'f' });
    const live = payloads(machine.push({ type: 'tool-call-delta', index: 1, argumentsDelta: '{"x":1}' }));
    expect(live).toEqual([
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"x":1}' } },
    ]);
    const out = [...machine.push({ type: 'text-delta', index: 0, delta: 'late text' }), ...machine.end()];
    expect(payloads(out).map((p) => [p.type, p.index])).toEqual([
      ['content_block_stop', 0],
      ['content_block_start', 1],
      ['content_block_delta', 1],
      ['content_block_stop', 1],
      ['message_delta', undefined],
      ['message_stop', undefined],
    ]);
  });

  it('mints tool ids for empty or invalid ones', () => {
    const out = payloads(
      encode([START, { type: 'tool-call-start', index: 0, id: '', name: 'f' }, { type: 'tool-call-end', index: 0 }]),
    );
    expect((out[1]?.content_block as { id: string }).id).toMatch(/^toolu_[a-z0-9]{24}$/);
  });

  it('ignores other choices and file events, and uses the model alias', () => {
    const out = encode(
      [
        START,
        { type: 'text-start', index: 0, choice: 1 },
        { type: 'text-delta', index: 0, delta: 'other' },
        {
          type: 'file',
          index: 1,
          part: { type: 'file', mediaType: 'image/png', source: { kind: 'base64', data: 'x' } },
        },
        { type: 'text-start', index: 2, choice: 0 },
        { type: 'text-delta', index: 2, delta: 'mine' },
        { type: 'finish', choice: 1, finishReason: { unified: 'length', raw: 'length' } },
      ],
      { model: 'alias' },
    );
    expect(validateAnthropicMessagesStream(out)).toEqual([]);
    const again = accumulateResponse(decode(out));
    expect(again.model).toBe('alias');
    expect(again.choices).toEqual([
      { index: 0, content: [{ type: 'text', text: 'mine' }], finishReason: { unified: 'stop', raw: 'end_turn' } },
    ]);
  });

  it('starts the message itself when the IR has no response-start', () => {
    const out = encode([{ type: 'text-delta', index: 0, delta: 'hi' }]);
    expect(validateAnthropicMessagesStream(out)).toEqual([]);
    expect(accumulateResponse(decode(out)).id).toMatch(/^msg_/);
  });

  it('ends with an in-band error event and nothing after it', () => {
    const machine = codec.stream.createEncoder();
    const out = [
      ...machine.push(START),
      ...machine.push({ type: 'text-start', index: 0 }),
      ...machine.push({ type: 'text-delta', index: 0, delta: 'partial' }),
      ...machine.push({ type: 'error', error: { kind: 'overloaded', message: 'Overloaded' } }),
    ];
    expect(machine.push({ type: 'text-delta', index: 0, delta: 'more' })).toEqual([]);
    expect(machine.end()).toEqual([]);
    expect(out.at(-1)).toEqual({
      event: 'error',
      data: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    });
    expect(validateAnthropicMessagesStream(out)).toEqual([]);
  });

  it('has a ping helper for keep-alives', () => {
    expect(anthropicPingEvent()).toEqual({ event: 'ping', data: '{"type":"ping"}' });
  });
});

describe('stream decoder', () => {
  const sse = (events: Array<Record<string, unknown>>): SseMessage[] =>
    events.map((e) => ({ event: String(e.type), data: JSON.stringify(e) }));

  it('decodes thinking, signatures, redacted thinking and cumulative usage', () => {
    const events = decode(
      sse([
        {
          type: 'message_start',
          message: {
            id: 'msg_1',
            type: 'message',
            role: 'assistant',
            model: 'c',
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 10, cache_read_input_tokens: 5, output_tokens: 1 },
          },
        },
        { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'hmm' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'SIG' } },
        { type: 'content_block_stop', index: 0 },
        { type: 'content_block_start', index: 1, content_block: { type: 'redacted_thinking', data: 'RED' } },
        { type: 'content_block_stop', index: 1 },
        {
          type: 'content_block_start',
          index: 2,
          content_block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} },
        },
        { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"q":1}' } },
        { type: 'content_block_stop', index: 2 },
        {
          type: 'content_block_start',
          index: 3,
          content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: { given: 'whole' } },
        },
        { type: 'content_block_stop', index: 3 },
        {
          type: 'message_delta',
          delta: { stop_reason: 'pause_turn', stop_sequence: null },
          usage: { output_tokens: 40 },
        },
        { type: 'message_stop' },
      ]),
    );
    expect(events.filter((e) => e.type === 'reasoning-signature')).toEqual([
      { type: 'reasoning-signature', index: 0, opaque: { origin: 'anthropic', kind: 'signature', data: 'SIG' } },
      { type: 'reasoning-signature', index: 1, opaque: { origin: 'anthropic', kind: 'redacted', data: 'RED' } },
    ]);
    const ir = accumulateResponse(events);
    expect(ir.choices[0]?.content).toEqual([
      { type: 'reasoning', text: 'hmm', opaque: { origin: 'anthropic', kind: 'signature', data: 'SIG' } },
      { type: 'reasoning', text: '', opaque: { origin: 'anthropic', kind: 'redacted', data: 'RED' } },
      { type: 'tool-call', id: 'toolu_1', name: 'f', argumentsJson: '{"given":"whole"}' },
    ]);
    expect(ir.choices[0]?.finishReason).toEqual({ unified: 'pause', raw: 'pause_turn' });
    expect(ir.usage).toMatchObject({ inputTokens: 15, cacheReadTokens: 5, outputTokens: 40, totalTokens: 55 });
  });

  it('does not take the empty start input of a tool_use as arguments', () => {
    const events = decode(
      sse([
        {
          type: 'message_start',
          message: { id: 'm', model: 'c', content: [], usage: { input_tokens: 1, output_tokens: 1 } },
        },
        { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 't', name: 'f', input: {} } },
        { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"a":1}' } },
        { type: 'content_block_stop', index: 0 },
      ]),
    );
    expect(events.filter((e) => e.type === 'tool-call-delta')).toEqual([
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"a":1}' },
    ]);
  });

  it('turns an in-band error into an IR error and ignores pings and unknown events', () => {
    const events = decode([
      { event: 'ping', data: '{"type":"ping"}' },
      { event: 'future_event', data: '{"type":"future_event"}' },
      { data: 'not json' },
      { event: 'error', data: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}' },
    ]);
    expect(events).toEqual([
      {
        type: 'error',
        error: expect.objectContaining({ kind: 'overloaded', message: 'Overloaded', status: 529, source: 'upstream' }),
      },
    ]);
  });

  it('reports an event whose data begins as JSON but does not parse as an upstream error', () => {
    const events = decode([
      { event: 'content_block_delta', data: '{"type":"content_block_delta","index":0,"delta":{' },
    ]);
    expect(events).toEqual([
      { type: 'error', error: expect.objectContaining({ kind: 'upstream-error', source: 'upstream' }) },
    ]);
  });

  it('emits response-start first even when message_start is missing', () => {
    const events = decode(
      sse([{ type: 'content_block_start', index: 0, content_block: { type: 'text', text: 'hi' } }]),
    );
    expect(events.map((e) => e.type)).toEqual(['response-start', 'text-start', 'text-delta', 'text-end']);
  });
});
