import type { WebSocket } from 'ws';
import { asRecord } from '@interlingua/ir-utils';
import { newGatewayResponseId } from '../responses/response-store.js';
import { messageProblem, readClientMessage, type MessageProblem } from './client-message.js';
import { ConnectionChain, inputItems } from './connection-chain.js';
import type { ResponseRunner, RunEnd } from './socket-turn.js';
import { errorEvent } from './server-events.js';
import { SocketLiveness, type LivenessSettings } from './socket-liveness.js';

/** Bytes queued for a slow client before a response waits for it to read. */
const BUFFERED_BYTES = 1024 * 1024;

export interface SocketSettings {
  /** The caller's key as presented on the upgrade request (each response is admitted with it). */
  apiKey: string;
  /** Largest `response.create` message, in bytes. */
  maxMessageBytes: number;
  run: ResponseRunner;
  /** Idle timeout and pings (see `SocketLiveness`). */
  liveness: LivenessSettings;
}

/**
 * One Responses WebSocket connection. Responses run one at a time, in the order they were
 * asked for: a `response.create` that arrives while one is running is refused with an `error`
 * event (`response_already_in_flight`) and the running one goes on. A bad message gets an
 * `error` event naming the problem; the connection stays open. Closing the socket aborts the
 * running response (and with it the upstream request).
 */
export class ResponsesSocket {
  private running: AbortController | undefined;
  private readonly chain = new ConnectionChain();
  private readonly liveness: SocketLiveness;
  /** Responses started on this connection. */
  responses = 0;

  constructor(
    private readonly socket: WebSocket,
    private readonly settings: SocketSettings,
  ) {
    this.liveness = new SocketLiveness(socket, settings.liveness, () => this.running !== undefined);
    socket.on('message', (data: Buffer, isBinary: boolean) => this.receive(data, isBinary));
    socket.on('close', () => this.running?.abort());
    // A socket error (a protocol violation, a reset) ends the connection; ws closes it.
    socket.on('error', () => this.running?.abort());
  }

  private receive(data: Buffer, isBinary: boolean): void {
    this.liveness.activity();
    const message = readClientMessage(data, isBinary, this.settings.maxMessageBytes);
    if (message.kind === 'ignored') return;
    if (message.kind === 'problem') return this.refuse(message.problem);
    if (this.running) {
      return this.refuse(
        messageProblem(
          'response_already_in_flight',
          'A response is already running on this connection: wait for its response.completed (or error) before sending the next response.create',
          null,
          409,
        ),
      );
    }
    const body = this.chain.expand(message.body);
    if (message.warmup) return this.warmUp(body);
    void this.start(body);
  }

  private async start(body: Record<string, unknown>): Promise<void> {
    const controller = new AbortController();
    this.running = controller;
    this.responses++;
    let end: RunEnd;
    try {
      end = await this.settings.run({
        body,
        apiKey: this.settings.apiKey,
        signal: controller.signal,
        emit: (event) => this.send(event),
      });
      if (!end && !controller.signal.aborted)
        this.refuse(messageProblem('stream_ended', 'The response ended without a final event', null, 502));
    } catch (error) {
      if (!controller.signal.aborted)
        this.refuse({
          ...messageProblem(
            'stream_failed',
            `The response stream failed: ${error instanceof Error ? error.message : String(error)}`,
            null,
            502,
          ),
        });
    } finally {
      this.running = undefined;
      this.liveness.activity();
    }
    this.rememberTurn(body, end);
  }

  /** A finished unstored response stays continuable on this connection; anything else leaves nothing to continue. */
  private rememberTurn(body: Record<string, unknown>, end: RunEnd): void {
    const response = asRecord(end?.response);
    if (end?.type !== 'response.completed' || !response || typeof response.id !== 'string' || body.store !== false) {
      this.chain.forget();
      return;
    }
    this.chain.remember(response.id, inputItems(body.input), Array.isArray(response.output) ? response.output : []);
  }

  /**
   * `generate: false`: nothing is generated; the request's input becomes a response the next
   * `response.create` continues with `previous_response_id`.
   */
  private warmUp(body: Record<string, unknown>): void {
    const response = {
      id: newGatewayResponseId(),
      object: 'response',
      created_at: Math.floor(Date.now() / 1000),
      status: 'completed',
      model: typeof body.model === 'string' ? body.model : null,
      output: [],
      usage: null,
    };
    void this.send(
      JSON.stringify({
        type: 'response.created',
        sequence_number: 0,
        response: { ...response, status: 'in_progress' },
      }),
    );
    void this.send(JSON.stringify({ type: 'response.completed', sequence_number: 1, response }));
    this.chain.remember(response.id, inputItems(body.input), []);
  }

  private refuse(problem: MessageProblem): void {
    const { status, ...error } = problem;
    void this.send(errorEvent(status, error));
  }

  /**
   * Sends an event; past `BUFFERED_BYTES` not yet written to the client, gives a promise that
   * settles once this one is written (backpressure on the upstream), else nothing to wait for.
   */
  private send(event: string): Promise<void> | undefined {
    if (this.socket.readyState !== this.socket.OPEN) return undefined;
    if (this.socket.bufferedAmount < BUFFERED_BYTES) {
      this.socket.send(event);
      return undefined;
    }
    return new Promise((resolve) => this.socket.send(event, () => resolve()));
  }
}
