import { describe, expect, it } from 'vitest';
import { SocketSink } from './socket-sink.js';

function sinkWith(wait?: Promise<void>): { sink: SocketSink; frames: string[] } {
  const frames: string[] = [];
  const sink = new SocketSink((event) => {
    frames.push(event);
    return wait;
  });
  return { sink, frames };
}

const created = { type: 'response.created', sequence_number: 0, response: { id: 'resp_1', status: 'in_progress' } };
const completed = { type: 'response.completed', sequence_number: 1, response: { id: 'resp_1', status: 'completed' } };
const sse = (event: Record<string, unknown>): string =>
  `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`;

describe('SocketSink', () => {
  it('sends each SSE event of the stream as one frame of its JSON data, whatever the chunking; comments and [DONE] stay behind', async () => {
    const { sink, frames } = sinkWith();
    sink.startStream(200, 'text/event-stream');
    const text = `: keep-alive\n\n${sse(created)}${sse(completed)}data: [DONE]\n\n`;
    for (const piece of [text.slice(0, 7), text.slice(7, 40), text.slice(40)]) await sink.write(piece);
    sink.end();
    expect(frames.map((frame) => JSON.parse(frame) as unknown)).toEqual([created, completed]);
    expect(sink.terminal).toEqual(completed);
    expect(sink.writeCount).toBe(3);
  });

  it('an error answer becomes the error event with its status and retry-after, and the answer is closed with that status', () => {
    const { sink, frames } = sinkWith();
    const statuses: number[] = [];
    sink.whenClosed((status) => statuses.push(status));
    sink.sendJson(
      429,
      { error: { type: 'rate_limit_error', code: 'rate_limit_exceeded', message: 'slow down', param: null } },
      { 'retry-after': 3 },
    );
    const event = JSON.parse(frames[0] ?? '{}') as Record<string, unknown>;
    expect(event).toMatchObject({
      type: 'error',
      status: 429,
      code: 'rate_limit_exceeded',
      headers: { 'retry-after': '3' },
    });
    expect(sink.terminal).toEqual(event);
    expect(statuses).toEqual([429]);
    expect(sink.ended).toBe(true);
  });

  it('gives the socket’s promise when the client must be waited for, and nothing to wait for otherwise', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const { sink } = sinkWith(slow);
    sink.startStream(200, 'text/event-stream');
    const pending = sink.offer(sse(created));
    expect(pending).toBe(slow);
    let settled = false;
    void sink.write(sse(completed)).then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    release();
    await slow;
    await Promise.resolve();
    expect(settled).toBe(true);
    const fast = sinkWith();
    fast.sink.startStream(200, 'text/event-stream');
    expect(fast.sink.offer(sse(created))).toBeUndefined();
  });

  it('a client that leaves mid-stream closes the answer as 499 and nothing more is sent', () => {
    const { sink, frames } = sinkWith();
    const statuses: number[] = [];
    sink.whenClosed((status) => statuses.push(status));
    sink.startStream(200, 'text/event-stream');
    void sink.write(sse(created));
    sink.leave();
    void sink.write(sse(completed));
    sink.end();
    expect(frames).toHaveLength(1);
    expect(sink.clientGone).toBe(true);
    expect(statuses).toEqual([499]);
  });

  it('the route’s warnings go into the response object of response.created and of the event that ends the response', () => {
    const { sink, frames } = sinkWith();
    sink.startStream(200, 'text/event-stream', { 'x-interlingua-warnings': 'dropped top_k: no top_k' });
    const delta = { type: 'response.output_text.delta', sequence_number: 1, delta: 'hi' };
    void sink.write(sse(created) + sse(delta) + sse({ ...completed, sequence_number: 2 }));
    const events = frames.map((frame) => JSON.parse(frame) as Record<string, Record<string, unknown>>);
    expect(events[0]?.response?.interlingua_warnings).toBe('dropped top_k: no top_k');
    expect(events[1]).toEqual(delta);
    expect(events[2]?.response?.interlingua_warnings).toBe('dropped top_k: no top_k');
  });
});
