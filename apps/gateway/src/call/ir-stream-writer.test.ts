import { once } from 'node:events';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { IrError, type IrStreamEvent } from '@interlingua/ir';
import { parseSseText } from '@interlingua/ir-utils';
import { codecFor } from '@interlingua/provider-adapters';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponseSink } from '../http/response-sink.js';
import { sseFramer } from '../http/stream-framer.js';
import { IrStreamWriter, type WrittenRequest, type WrittenRun } from './ir-stream-writer.js';
import { CallOutcome } from '../context/call-outcome.js';
import { closeServedServers, serve } from '../http/socket-writes.test-support.js';

/** The request and run of a streamed call (one object holding both) answering an Anthropic Messages caller through `response`. */
type StreamedCall = WrittenRequest & WrittenRun;

function streamedCall(response: ServerResponse, extra: Partial<StreamedCall> = {}): StreamedCall {
  return {
    inbound: { wire: 'anthropic-messages', codec: codecFor('anthropic-messages') },
    json: {},
    asks: { usageInStream: false, costInAnswer: false, optInInBody: false },
    model: 'claude-test',
    framer: sseFramer(),
    hooks: {},
    sink: new ResponseSink(response),
    outcome: Object.assign(new CallOutcome(), { attempts: 1 }),
    ...extra,
  };
}

const writerOf = (call: StreamedCall): IrStreamWriter => new IrStreamWriter(call, call);

const start: IrStreamEvent = {
  type: 'response-start',
  id: 'msg_1',
  model: 'up',
  created: 1,
  usage: { inputTokens: 3, outputTokens: 0, totalTokens: 3 },
};
const textStart: IrStreamEvent = { type: 'text-start', index: 0 };
const delta = (text: string): IrStreamEvent => ({ type: 'text-delta', index: 0, delta: text });
const textEnd: IrStreamEvent = { type: 'text-end', index: 0 };
const finish: IrStreamEvent = { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' } };

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
  closeServedServers();
});

const eventNames = (body: string): Array<string | undefined> => parseSseText(body).map((message) => message.event);
const texts = (body: string): string =>
  parseSseText(body)
    .map((message) => (JSON.parse(message.data) as { delta?: { text?: string } }).delta?.text ?? '')
    .join('');

describe('IrStreamWriter', () => {
  it('writes the head, every event of the turn and the end of the answer in one socket write', async () => {
    let writes = -1;
    let pushes: unknown[] = [];
    const answer = await serve(async (response, socketWrites) => {
      await nextTurn(); // the upstream answers in a later turn than the request came in
      const writer = writerOf(streamedCall(response));
      pushes = [
        writer.push([start]),
        writer.push([textStart, delta('Hel')]),
        writer.push([delta('lo'), textEnd, finish]),
      ];
      await writer.finish();
      writes = socketWrites();
    });
    // Nothing to wait for: the socket took everything so far (and the head was still pending).
    expect(pushes).toEqual([undefined, undefined, undefined]);
    expect(writes).toBe(1);
    expect(answer.status).toBe(200);
    expect(eventNames(answer.body)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(texts(answer.body)).toBe('Hello');
  });

  it('writes once per event-loop turn when the events come in several turns', async () => {
    let writes = -1;
    const answer = await serve(async (response, socketWrites) => {
      const writer = writerOf(streamedCall(response));
      await writer.push([start, textStart]);
      await writer.push([delta('a')]);
      await nextTurn();
      await writer.push([delta('b')]);
      await writer.push([delta('c')]);
      await nextTurn();
      await writer.push([textEnd, finish]);
      await writer.finish();
      writes = socketWrites();
    });
    expect(writes).toBe(3);
    expect(texts(answer.body)).toBe('abc');
  });

  it('holds a push while the client does not read, and delivers everything in order once it does', async () => {
    const big = 'x'.repeat(100_000);
    let clientReads: () => void = () => undefined;
    const reading = new Promise<void>((resolve) => (clientReads = resolve));
    let pushesBeforeTheClientRead = 0;
    let heldPush = false;
    const answer = await serve(async (response) => {
      const writer = writerOf(streamedCall(response));
      await writer.push([start, textStart]);
      for (let i = 0; i < 400 && !heldPush; i++) {
        const push = Promise.resolve(writer.push([delta(big)]));
        const outcome = await Promise.race([
          push.then(() => 'done' as const),
          nextTurn()
            .then(() => nextTurn())
            .then(() => 'held' as const),
        ]);
        if (outcome === 'held') {
          heldPush = true;
          clientReads();
          await push;
        } else pushesBeforeTheClientRead++;
      }
      await writer.push([textEnd, finish]);
      await writer.finish();
    }, reading);
    expect(heldPush).toBe(true);
    expect(texts(answer.body)).toBe(big.repeat(pushesBeforeTheClientRead + 1));
  });

  it('throws an error that comes first, and sends nothing', async () => {
    let thrown: unknown;
    let committed = true;
    const answer = await serve(async (response) => {
      const call = streamedCall(response);
      const writer = writerOf(call);
      thrown = await Promise.resolve(
        writer.push([{ type: 'error', error: { kind: 'overloaded', message: 'busy', source: 'upstream' } }]),
      ).catch((error: unknown) => error);
      committed = call.sink.committed || writer.committed;
      response.writeHead(503).end();
    });
    expect(thrown).toBeInstanceOf(IrError);
    expect((thrown as IrError).data.kind).toBe('overloaded');
    expect(committed).toBe(false);
    expect(answer.status).toBe(503);
  });

  it('reports a failure in-band once the first event came, even before its head went out', async () => {
    let headOutBeforeFailure = true;
    const answer = await serve(async (response) => {
      const call = streamedCall(response);
      const writer = writerOf(call);
      await writer.push([start, textStart, delta('partial')]);
      headOutBeforeFailure = call.sink.committed;
      expect(writer.committed).toBe(true);
      await writer.fail({ kind: 'upstream-error', message: 'connection reset', source: 'upstream' });
    });
    expect(headOutBeforeFailure).toBe(false);
    expect(answer.status).toBe(200);
    expect(eventNames(answer.body)).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'error']);
    expect(answer.body).toContain('connection reset');
  });

  it('sends the answer so far before the complete-answer hook runs, and the end after it', async () => {
    const seenByHook: Array<{ committed: boolean; text: string }> = [];
    const answer = await serve(async (response) => {
      const call = streamedCall(response, {
        hooks: {
          onIrResponse: (ir) => {
            const first = ir.choices[0]?.content[0];
            seenByHook.push({ committed: call.sink.committed, text: first?.type === 'text' ? first.text : '' });
          },
        },
      });
      const writer = writerOf(call);
      await writer.push([start, textStart, delta('kept'), textEnd, finish]);
      await writer.finish();
    });
    expect(seenByHook).toEqual([{ committed: true, text: 'kept' }]);
    expect(eventNames(answer.body).at(-1)).toBe('message_stop');
  });

  it('drops what is pending once the client is gone, without an error', async () => {
    const errors: unknown[] = [];
    let finished = false;
    let handlerDone: () => void = () => undefined;
    const handled = new Promise<void>((resolve) => (handlerDone = resolve));
    let clientGone: () => void = () => undefined;
    const gone = new Promise<void>((resolve) => (clientGone = resolve));
    const server = createServer((_request, response) => {
      response.on('error', (error) => errors.push(error));
      response.once('close', () => clientGone());
      const writer = writerOf(streamedCall(response));
      void (async () => {
        await writer.push([start, textStart, delta('seen')]);
        await gone;
        await writer.push([delta('never seen')]);
        await nextTurn();
        await writer.push([textEnd, finish]);
        await writer.finish();
        await nextTurn();
        finished = true;
      })()
        .catch((error: unknown) => errors.push(error))
        .finally(() => handlerDone());
    });
    servers.push(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const request = httpRequest({ host: '127.0.0.1', port, path: '/', method: 'POST' });
    request.on('error', () => undefined);
    const response = await new Promise<IncomingMessage>((resolve) => request.on('response', resolve).end());
    const [first] = (await once(response, 'data')) as [Buffer];
    request.destroy();
    await handled;
    expect(finished).toBe(true);
    expect(String(first)).toContain('seen');
    expect(errors).toEqual([]);
  });
});
