import type { WebSocket } from 'ws';

/** How long a closing connection gets for the close handshake before its TCP socket is dropped. */
const CLOSE_GRACE_MS = 1_000;

export interface LivenessSettings {
  /** Closes a connection idle (no response running, no client message) this long; 0: never. */
  idleTimeoutMs: number;
  /** Pings this often and closes a connection that did not answer the previous ping; 0: no pings. */
  pingIntervalMs: number;
}

/** Close codes and reasons a client reads when the gateway ends a connection it holds for nothing. */
export const IDLE_CLOSE = { code: 1000, reason: 'idle timeout' } as const;
export const PING_CLOSE = { code: 1001, reason: 'ping timeout' } as const;
/** The connection's key is no longer accepted (disabled, revoked, rotated, expired): policy violation. */
export const KEY_REFUSED_CLOSE = { code: 1008, reason: 'api key no longer accepted' } as const;

/**
 * Keeps a connection from holding its slots for nothing: closes it once idle for
 * `idleTimeoutMs` (never while a response runs), and pings it every `pingIntervalMs`, closing it
 * when the previous ping went unanswered (a half-open socket never answers) or when its key is no
 * longer accepted (`keyAccepted`, checked before each ping). Each close is a
 * close frame with a code and reason; a peer that does not answer it within a second is dropped,
 * which frees the connection's slots.
 */
export class SocketLiveness {
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly pingTimer: NodeJS.Timeout | undefined;
  private answered = true;
  private ended = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly settings: LivenessSettings,
    private readonly busy: () => boolean,
    private readonly keyAccepted: () => boolean = () => true,
  ) {
    socket.on('pong', () => (this.answered = true));
    socket.once('close', () => this.stop());
    if (settings.pingIntervalMs > 0) this.pingTimer = setInterval(() => this.ping(), settings.pingIntervalMs).unref();
    this.activity();
  }

  /** The client sent something, or a response ended: the idle time starts again. */
  activity(): void {
    this.answered = true;
    if (this.ended || this.settings.idleTimeoutMs === 0) return;
    if (this.idleTimer) this.idleTimer.refresh();
    else this.idleTimer = setTimeout(() => this.idle(), this.settings.idleTimeoutMs).unref();
  }

  private idle(): void {
    if (this.busy()) return this.activity();
    this.close(IDLE_CLOSE);
  }

  private ping(): void {
    if (!this.keyAccepted()) return this.close(KEY_REFUSED_CLOSE);
    if (!this.answered) return this.close(PING_CLOSE);
    this.answered = false;
    this.socket.ping();
  }

  /** Closes the connection with `close`'s code and reason; a peer that does not answer within a second is dropped. */
  close(close: { code: number; reason: string }): void {
    if (this.ended) return;
    this.stop();
    this.socket.close(close.code, close.reason);
    setTimeout(() => this.socket.terminate(), CLOSE_GRACE_MS).unref();
  }

  private stop(): void {
    this.ended = true;
    clearTimeout(this.idleTimer);
    clearInterval(this.pingTimer);
  }
}
