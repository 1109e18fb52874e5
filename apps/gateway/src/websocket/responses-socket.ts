import type { WebSocket } from 'ws';
import { asRecord } from '@interlingua/ir-utils';
import { messageProblem, readClientMessage, type MessageProblem } from './client-message.js';
import { ConnectionChain, inputItems } from './connection-chain.js';
import type { ResponseRunner, RunEnd } from './socket-turn.js';
import { errorEvent } from './server-events.js';
import { KEY_REFUSED_CLOSE, SocketLiveness, type LivenessSettings } from './socket-liveness.js';
import { errorText } from '../http/style-errors.js';

/** Bytes queued for a slow client before a response waits for it to read. */
const BUFFERED_BYTES = 1024 * 1024;

export interface SocketSettings {
  /** The caller's key as presented on the upgrade request (each response is admitted with it). */
  apiKey: string;
  /** Largest `response.create` message, in bytes. */
  maxMessageBytes: number;
  /** Largest conversation (JSON bytes) kept for `previous_response_id` (`responses.store.maxEntryBytes`). */
  maxConversationBytes: number;
  /** Most `generate: false` warm-ups on this connection (`responses.websocket.maxWarmupsPerConnection`). */
  maxWarmups: number;
  run: ResponseRunner;
  /** Idle timeout and pings (see `SocketLiveness`). */
  liveness: LivenessSettings;
  /** Whether the connection's key is still accepted; checked at each ping (a disabled key's socket is closed). */
  keyAccepted: () => boolean;
}

/**
 * One Responses WebSocket connection. Responses run one at a time, in the order they were
 * asked for: a `response.create` that arrives while one is running is refused with an `error`
 * event (`response_already_in_flight`) and the running one goes on. A `generate: false` warm-up
 * runs the same way (admitted like a turn), at most `maxWarmups` per connection. A bad message
 * gets an `error` event naming the problem; the connection stays open, unless the key was
 * refused (401: disabled, revoked, expired), which closes it (1008). Closing the socket aborts
 * the running response (and with it the upstream request).
 */
export class ResponsesSocket {
  private running: AbortController | undefined;
  private readonly chain: ConnectionChain;
  private readonly liveness: SocketLiveness;
  /** Responses started on this connection, warm-ups included. */
  responses = 0;
  /** `generate: false` warm-ups asked for on this connection. */
  warmups = 0;

  constructor(
    private readonly socket: WebSocket,
    private readonly settings: SocketSettings,
  ) {
    this.chain = new ConnectionChain(settings.maxConversationBytes);
    this.liveness = new SocketLiveness(
      socket,
      settings.liveness,
      () => this.running !== undefined,
      settings.keyAccepted,
    );
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
    const expansion = this.chain.expand(message.body);
    if ('problem' in expansion) return this.refuse(expansion.problem);
    if (message.warmup) {
      const problem = this.warmUpProblem(expansion.bytes);
      if (problem) return this.refuse(problem);
      this.warmups++;
    }
    void this.start(expansion.body, message.warmup);
  }

  /** Why a warm-up whose conversation is `bytes` long is refused: the connection's most warm-ups, or a conversation it cannot keep. */
  private warmUpProblem(bytes: number): MessageProblem | undefined {
    const { maxWarmups, maxConversationBytes } = this.settings;
    if (this.warmups >= maxWarmups)
      return messageProblem(
        'warmup_limit_reached',
        `This connection already had ${maxWarmups} generate: false warm-ups, its most (responses.websocket.maxWarmupsPerConnection); open a new connection`,
        'generate',
        429,
      );
    if (bytes > maxConversationBytes)
      return messageProblem(
        'conversation_too_large',
        `This warm-up's conversation is ${bytes} bytes, more than the ${maxConversationBytes} bytes one connection keeps (responses.store.maxEntryBytes)`,
        'input',
        413,
      );
    return undefined;
  }

  private async start(body: Record<string, unknown>, warmup: boolean): Promise<void> {
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
        warmup,
      });
      if (!end && !controller.signal.aborted)
        this.refuse(messageProblem('stream_ended', 'The response ended without a final event', null, 502));
    } catch (error) {
      if (!controller.signal.aborted)
        this.refuse({
          ...messageProblem('stream_failed', `The response stream failed: ${errorText(error)}`, null, 502),
        });
    } finally {
      this.running = undefined;
      this.liveness.activity();
    }
    if (end?.type === 'error' && end.status === 401) this.liveness.close(KEY_REFUSED_CLOSE);
    this.rememberTurn(body, end, warmup);
  }

  /**
   * A finished unstored response (a warm-up is never stored) stays continuable on this
   * connection; anything else leaves nothing to continue.
   */
  private rememberTurn(body: Record<string, unknown>, end: RunEnd, warmup: boolean): void {
    const response = asRecord(end?.response);
    const unstored = warmup || body.store === false;
    if (end?.type !== 'response.completed' || !response || typeof response.id !== 'string' || !unstored) {
      this.chain.forget();
      return;
    }
    this.chain.remember(response.id, inputItems(body.input), Array.isArray(response.output) ? response.output : []);
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
