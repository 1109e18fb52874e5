import type { ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponseSink } from '../http/response-sink.js';
import { closeServedServers, serve } from '../http/socket-writes.test-support.js';
import { TurnWrites } from './turn-writes.js';

afterEach(closeServedServers);

/** Gathered writes through a sink of `response` whose commit sends a stream head. */
function turnWrites(response: ServerResponse): { writes: TurnWrites; sink: ResponseSink; commits: () => number } {
  const sink = new ResponseSink(response);
  let commits = 0;
  const writes = new TurnWrites(sink, () => {
    commits++;
    sink.startStream(200, 'text/event-stream');
  });
  return { writes, sink, commits: () => commits };
}

const event = (text: string): Buffer => Buffer.from(`data: {"text":"${text}"}\n\n`);

describe('TurnWrites', () => {
  it('writes the head and every piece of the turn that committed in one write', async () => {
    let socketWritesSeen = -1;
    let sinkWrites = -1;
    let adds: unknown[] = [];
    let commits = -1;
    const answer = await serve(async (response, socketWrites) => {
      await nextTurn(); // the upstream answers in a later turn than the request came in
      const gathered = turnWrites(response);
      gathered.writes.commitWithNext();
      adds = ['a', 'b', 'c'].map((text) => gathered.writes.add(event(text)));
      await gathered.writes.flush();
      sinkWrites = gathered.sink.writeCount;
      gathered.sink.end();
      socketWritesSeen = socketWrites();
      commits = gathered.commits();
    });
    expect(adds).toEqual([undefined, undefined, undefined]);
    // One response write (one chunk of the chunked encoding), not one per piece.
    expect(sinkWrites).toBe(1);
    expect(socketWritesSeen).toBe(1);
    expect(commits).toBe(1);
    expect(answer).toEqual({
      status: 200,
      contentType: 'text/event-stream',
      body: 'data: {"text":"a"}\n\ndata: {"text":"b"}\n\ndata: {"text":"c"}\n\n',
    });
  });

  it('writes once per tick when the pieces come in several ticks', async () => {
    let socketWritesSeen = -1;
    let sinkWrites = -1;
    const answer = await serve(async (response, socketWrites) => {
      const { writes, sink } = turnWrites(response);
      writes.commitWithNext();
      writes.add(event('a'));
      writes.add(event('b'));
      await nextTurn();
      writes.add(event('c'));
      await nextTurn();
      writes.add(event('d'));
      writes.add(event('e'));
      await nextTurn();
      sinkWrites = sink.writeCount;
      sink.end();
      socketWritesSeen = socketWrites();
    });
    // Three turns with pieces; the end of the answer goes alone.
    expect(sinkWrites).toBe(3);
    expect(socketWritesSeen).toBe(4);
    expect(answer.body).toBe(['a', 'b', 'c', 'd', 'e'].map((text) => event(text).toString()).join(''));
  });

  it('writes at the end of the tick, not an event-loop turn later', async () => {
    let writtenBeforeTheNextTurn = -1;
    await serve(async (response) => {
      const { writes, sink } = turnWrites(response);
      writes.commitWithNext();
      writes.add(event('now'));
      await new Promise<void>((resolve) => process.nextTick(resolve));
      writtenBeforeTheNextTurn = sink.writeCount;
      sink.end();
    });
    expect(writtenBeforeTheNextTurn).toBe(1);
  });

  it('sends the head alone when the turn that committed had nothing to write', async () => {
    let headSent = false;
    const answer = await serve(async (response) => {
      const { writes, sink } = turnWrites(response);
      writes.commitWithNext();
      await nextTurn();
      headSent = response.headersSent;
      writes.add(event('later'));
      await writes.flush();
      sink.end();
    });
    expect(headSent).toBe(true);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(event('later').toString());
  });

  it('holds the next piece while the client does not read, and delivers everything in order once it does', async () => {
    const big = Buffer.alloc(100_000, 'x');
    let clientReads: () => void = () => undefined;
    const reading = new Promise<void>((resolve) => (clientReads = resolve));
    let heldAdd = false;
    let sameWaitForTheNext = false;
    const answer = await serve(async (response) => {
      const { writes, sink } = turnWrites(response);
      writes.commitWithNext();
      // More than one write can hold goes out at once; the socket is corked for the turn, so
      // the sink asks to wait.
      const held = writes.add(big);
      heldAdd = held !== undefined;
      sameWaitForTheNext = writes.add(event('after')) === held;
      clientReads();
      await held;
      await writes.flush();
      sink.end();
    }, reading);
    expect(heldAdd).toBe(true);
    expect(sameWaitForTheNext).toBe(true);
    expect(answer.body).toBe(big.toString() + event('after').toString());
  });

  it('writes nothing once the answer ended (the client left), without an error', async () => {
    const errors: unknown[] = [];
    const answer = await serve(async (response) => {
      response.on('error', (error) => errors.push(error));
      const { writes, sink } = turnWrites(response);
      writes.commitWithNext();
      writes.add(event('sent'));
      await writes.flush();
      sink.end();
      expect(writes.add(event('dropped'))).toBeUndefined();
      await writes.flush();
      await nextTurn();
    });
    expect(errors).toEqual([]);
    expect(answer.body).toBe(event('sent').toString());
  });
});
