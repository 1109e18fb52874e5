import type { AnswerSink } from '../http/response-sink.js';

/** Bytes (or characters) gathered for one write at most; past it they are written at once. */
const MAX_GATHERED = 64 * 1024;

/** When a gathered write goes out: `process.nextTick` (the end of this tick) by default. */
export type FlushSchedule = (flush: () => void) => void;

const atTickEnd: FlushSchedule = (flush) => process.nextTick(flush);

/** Flushes once the event-loop turn is over (`setImmediate`): every push of the turn in one write. */
export const atTurnEnd: FlushSchedule = (flush) => {
  setImmediate(flush);
};

/**
 * Gathers what a stream passes to the caller (bytes of a relayed stream, or encoded text) and
 * writes it once per tick (one upstream read), or once per event-loop turn with `atTurnEnd`: the
 * head with everything gathered when the answer committed, then one write per later flush. An
 * upstream read of twenty events (undici hands each piece of a chunked body over on its own, in
 * one go) is one response write, not twenty with their chunked-encoding pieces; flushed at the
 * end of that tick, a paced stream's events are not held for a whole turn. A write the socket
 * cannot take yet holds the next `add` until it drains (backpressure); more than `MAX_GATHERED`
 * gathered are written at once.
 */
export class TurnWrites {
  private readonly pieces: Array<string | Buffer> = [];
  private gatheredLength = 0;
  private headDue = false;
  private flushQueued = false;
  /** The last write, until the socket took it. */
  private draining: Promise<void> | undefined;

  /** @param commit Sends the answer's head (the commit point); called with the first write. */
  constructor(
    private readonly sink: AnswerSink,
    private readonly commit: () => void,
    private readonly schedule: FlushSchedule = atTickEnd,
  ) {}

  /** The answer commits with the next write: its head goes out with what is gathered until then. */
  commitWithNext(): void {
    this.headDue = true;
    this.queueFlush();
  }

  /**
   * Takes bytes or text for the caller (bytes only until the next write: they are not copied before it); the
   * promise it may return holds the next piece back until the socket drains.
   */
  add(piece: string | Buffer): Promise<void> | undefined {
    if (piece.length === 0) return this.draining;
    this.pieces.push(piece);
    this.gatheredLength += piece.length;
    if (this.gatheredLength > MAX_GATHERED) return this.flush();
    this.queueFlush();
    return this.draining;
  }

  /** Commits when due and writes what was gathered, in one write (nothing once the answer ended). */
  flush(): Promise<void> | undefined {
    const { sink } = this;
    if (sink.ended) {
      this.pieces.length = 0;
      this.gatheredLength = 0;
      return undefined;
    }
    if (this.headDue) {
      this.headDue = false;
      this.commit();
    }
    if (this.gatheredLength === 0) return this.draining;
    const gathered = joined(this.pieces, this.gatheredLength);
    this.pieces.length = 0;
    this.gatheredLength = 0;
    const written = sink.offer(gathered);
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
    this.schedule(this.queuedFlush);
  }

  private readonly queuedFlush = (): void => {
    this.flushQueued = false;
    void this.flush();
  };
}

/** The gathered pieces as one: text stays text, bytes (or a mix) become one buffer. */
function joined(pieces: ReadonlyArray<string | Buffer>, length: number): string | Buffer {
  if (pieces.length === 1) return pieces[0] as string | Buffer;
  if (pieces.every((piece) => typeof piece === 'string')) return pieces.join('');
  return pieces.every(Buffer.isBuffer)
    ? Buffer.concat(pieces, length)
    : Buffer.concat(pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)));
}
