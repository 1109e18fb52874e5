import type { ResponseSink } from '../http/response-sink.js';

/** Bytes gathered for one write at most; past it they are written at once. */
const MAX_GATHERED_BYTES = 64 * 1024;

/**
 * Gathers the bytes a stream relay passes to the caller and writes them once per tick (one
 * upstream read): the head with everything of the tick that committed the answer, then one write
 * per later tick. An upstream read of twenty events (undici hands each piece of a chunked body
 * over on its own, in one go) is one response write, not twenty with their chunked-encoding
 * pieces; the flush comes at the end of that tick, not a whole event-loop turn later, so a paced
 * stream's events are not held. A write the socket cannot take yet holds the next `add` until it
 * drains (backpressure); more than `MAX_GATHERED_BYTES` gathered are written at once.
 */
export class TurnWrites {
  private readonly pieces: Buffer[] = [];
  private bytes = 0;
  private headDue = false;
  private flushQueued = false;
  /** The last write, until the socket took it. */
  private draining: Promise<void> | undefined;

  /** @param commit Sends the answer's head (the commit point); called with the first write. */
  constructor(
    private readonly sink: ResponseSink,
    private readonly commit: () => void,
  ) {}

  /** The answer commits with the next write: its head goes out with the bytes of this turn. */
  commitWithNext(): void {
    this.headDue = true;
    this.queueFlush();
  }

  /**
   * Takes bytes for the caller (only until the next write: they are not copied before it); the
   * promise it may return holds the next piece back until the socket drains.
   */
  add(piece: Buffer): Promise<void> | undefined {
    if (piece.length === 0) return this.draining;
    this.pieces.push(piece);
    this.bytes += piece.length;
    if (this.bytes > MAX_GATHERED_BYTES) return this.flush();
    this.queueFlush();
    return this.draining;
  }

  /** Commits when due and writes what was gathered, in one write (nothing once the answer ended). */
  flush(): Promise<void> | undefined {
    const { sink } = this;
    if (sink.ended) {
      this.pieces.length = 0;
      this.bytes = 0;
      return undefined;
    }
    if (this.headDue) {
      this.headDue = false;
      this.commit();
    }
    if (this.bytes === 0) return this.draining;
    const bytes = this.pieces.length === 1 ? (this.pieces[0] as Buffer) : Buffer.concat(this.pieces, this.bytes);
    this.pieces.length = 0;
    this.bytes = 0;
    const written = sink.offer(bytes);
    if (written) {
      this.draining = written;
      void written.then(() => {
        if (this.draining === written) this.draining = undefined;
      });
    }
    return written;
  }

  private queueFlush(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    process.nextTick(this.queuedFlush);
  }

  private readonly queuedFlush = (): void => {
    this.flushQueued = false;
    void this.flush();
  };
}
