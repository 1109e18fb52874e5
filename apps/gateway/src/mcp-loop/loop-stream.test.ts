import { describe, expect, it } from 'vitest';
import type { IrStreamEvent, SseMessage, StreamMachine, StyleCodec } from '@interlingua/ir';
import { CallOutcome } from '../context/call-outcome.js';
import type { AnswerSink } from '../http/response-sink.js';
import { sseFramer } from '../http/stream-framer.js';
import { LoopStream } from './loop-stream.js';

/** A codec whose encoder writes each event as its JSON, so the test reads what reached the caller. */
const RECORDING: StyleCodec<unknown, unknown> = {
  stream: {
    createEncoder: (): StreamMachine<IrStreamEvent, SseMessage> => ({
      push: (event) => [{ data: JSON.stringify(event) }],
      end: () => [{ data: '"end"' }],
    }),
  },
} as unknown as StyleCodec<unknown, unknown>;

function recordingSink(): AnswerSink & { written: string[]; endedWith?: string } {
  const sink = {
    committed: false,
    ended: false,
    clientGone: false,
    writeCount: 0,
    onWrite: undefined,
    written: [] as string[],
    setHeader: () => undefined,
    send: () => undefined,
    sendJson: () => undefined,
    startStream: () => void (sink.committed = true),
    write: async (chunk: string | Buffer) => void sink.written.push(String(chunk)),
    offer: (chunk: string | Buffer) => void sink.written.push(String(chunk)),
    end: () => void (sink.ended = true),
    whenClosed: () => undefined,
  };
  return sink;
}

function setup() {
  const sink = recordingSink();
  const request = {
    inbound: { wire: 'openai-chat' as const, codec: RECORDING },
    model: 'm',
    framer: sseFramer(),
    json: {},
  };
  const stream = new LoopStream(request, { sink, outcome: new CallOutcome(), control: undefined }, true);
  const events = (): IrStreamEvent[] =>
    sink.written
      .join('')
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: '))
      .map((frame) => JSON.parse(frame.slice(6)) as IrStreamEvent)
      .filter((event) => typeof event === 'object');
  return { sink, stream, events };
}

const finish = { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' } } as const;
const usage = { type: 'usage-update', usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } } as const;

/** One model call's events through its machine, written as the inner call writes them. */
async function pass(stream: LoopStream, sink: AnswerSink, mcpTools: string[], events: IrStreamEvent[]): Promise<void> {
  const machine = stream.machine(new Set(mcpTools));
  stream.commit();
  for (const event of events) await sink.write(sseFramer().frame(machine.push(event)));
}

describe('LoopStream', () => {
  it('keeps one response-start, renumbers blocks across calls, holds MCP tool calls, finish and usage', async () => {
    const { sink, stream, events } = setup();
    const head = { type: 'response-start', id: 'r', model: 'up', created: 1 } as const;
    await pass(
      stream,
      sink,
      ['calc__add'],
      [
        head,
        { type: 'text-start', index: 0 },
        { type: 'text-delta', index: 0, delta: 'checking' },
        { type: 'text-end', index: 0 },
        { type: 'tool-call-start', index: 1, id: 'c1', name: 'calc__add' },
        { type: 'tool-call-delta', index: 1, argumentsDelta: '{}' },
        { type: 'tool-call-end', index: 1 },
        usage,
        finish,
      ],
    );
    await stream.emit(
      { type: 'mcp-call', id: 'c1', server: 'calc', name: 'add', argumentsJson: '{}', output: '3' },
      () => {
        throw new Error('the head went out already');
      },
    );
    await pass(
      stream,
      sink,
      ['calc__add'],
      [
        head,
        { type: 'text-start', index: 0 },
        { type: 'text-delta', index: 0, delta: '3' },
        { type: 'text-end', index: 0 },
        { type: 'tool-call-start', index: 1, id: 'c2', name: 'lookup' },
        { type: 'tool-call-end', index: 1 },
        usage,
        finish,
      ],
    );
    await stream.finish(
      finish.finishReason,
      { inputTokens: 2, outputTokens: 2, totalTokens: 4 },
      async () => undefined,
    );
    const seen = events();
    expect(seen.map((event) => event.type)).toEqual([
      'response-start',
      'text-start',
      'text-delta',
      'text-end',
      'mcp',
      'text-start',
      'text-delta',
      'text-end',
      'tool-call-start',
      'tool-call-end',
      'usage-update',
      'finish',
    ]);
    const indexes = seen.flatMap((event) =>
      ('index' in event && event.type.endsWith('start')) || event.type === 'mcp' ? [event.index] : [],
    );
    expect(indexes).toEqual([0, 1, 2, 3]);
    expect(seen.at(-2)).toEqual({ type: 'usage-update', usage: { inputTokens: 2, outputTokens: 2, totalTokens: 4 } });
    expect(sink.ended).toBe(true);
  });

  it('opens the answer with a head of its own when an MCP part comes before the model answered', async () => {
    const { sink, stream, events } = setup();
    await stream.emit({ type: 'mcp-list-tools', id: 'l', server: 'calc', tools: [] }, () => ({
      id: 'h',
      model: 'm',
      created: 2,
      choices: [],
    }));
    expect(sink.committed).toBe(true);
    expect(events().map((event) => event.type)).toEqual(['response-start', 'mcp']);
    await pass(
      stream,
      sink,
      [],
      [
        { type: 'response-start', id: 'r', model: 'up', created: 1 },
        { type: 'text-start', index: 0 },
      ],
    );
    expect(events().map((event) => event.type)).toEqual(['response-start', 'mcp', 'text-start']);
  });
});
