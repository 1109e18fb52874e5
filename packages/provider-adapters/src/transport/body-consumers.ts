import { finished, type Writable } from 'node:stream';
import type { BodyConsumer, BodyFlow } from './upstream-call.js';

/** Where `streamUpstreamInto` writes a successful body, one push at a time (backpressure). */
export interface AsyncBodySink {
  /** Takes one chunk: a promise holds the next chunk back until it settles; nothing lets it come at once. */
  push(chunk: Buffer): Promise<void> | void;
  end(): Promise<void>;
}

/** Bytes held for a sink still busy with an earlier push before the upstream is paused (a `Writable`'s default). */
export const SINK_HIGH_WATER_MARK = 16 * 1024;

/**
 * Hands the body to an `AsyncBodySink` one push at a time, in order. Chunks that arrive while a
 * push is pending wait in a queue; past `SINK_HIGH_WATER_MARK` queued bytes the upstream is
 * paused until the queue is empty again. A push that completes at once (returns nothing) costs
 * no promise. A rejected (or throwing) push fails the call.
 */
export class SinkConsumer implements BodyConsumer {
  private readonly queue: Buffer[] = [];
  private queuedBytes = 0;
  private pushing = false;
  private paused = false;
  private ended = false;
  private stopped = false;

  constructor(
    private readonly sink: AsyncBodySink,
    private readonly flow: BodyFlow,
  ) {}

  write(chunk: Buffer): boolean {
    if (this.stopped) return true;
    if (!this.pushing) {
      this.push(chunk);
      return true;
    }
    this.queue.push(chunk);
    this.queuedBytes += chunk.length;
    this.paused = this.queuedBytes >= SINK_HIGH_WATER_MARK;
    return !this.paused;
  }

  end(): void {
    this.ended = true;
    if (!this.pushing) this.finish();
  }

  destroy(): void {
    this.stopped = true;
    this.queue.length = 0;
  }

  /** Pushes one chunk; `true` when the sink took it at once. */
  private push(chunk: Buffer): boolean {
    let pending: Promise<void> | void;
    try {
      pending = this.sink.push(chunk);
    } catch (error) {
      this.failed(error);
      return false;
    }
    if (pending === undefined) return true;
    this.pushing = true;
    pending.then(this.pushed, this.failed);
    return false;
  }

  private readonly pushed = (): void => {
    if (this.stopped) return;
    for (let next = this.queue.shift(); next; next = this.queue.shift()) {
      this.queuedBytes -= next.length;
      if (!this.push(next)) return;
      if (this.stopped) return;
    }
    this.pushing = false;
    if (this.ended) this.finish();
    else if (this.paused) {
      // Resuming may hand over the next chunks (and the end) at once, so it comes last.
      this.paused = false;
      this.flow.resume();
    }
  };

  private finish(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.sink.end().then(
      () => this.flow.done(),
      (error: unknown) => this.flow.fail(error),
    );
  }

  private readonly failed = (error: unknown): void => {
    if (this.stopped) return;
    this.stopped = true;
    this.flow.fail(error);
  };
}

/** The chunks of a body of at most `maxBytes`. */
export class BoundedChunks {
  private readonly chunks: Buffer[] = [];
  private size = 0;

  constructor(readonly maxBytes: number) {}

  /** Keeps `chunk`; `false` (keeping nothing more) once the body is over `maxBytes`. */
  add(chunk: Buffer): boolean {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return false;
    this.chunks.push(chunk);
    return true;
  }

  clear(): void {
    this.chunks.length = 0;
  }

  result(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** The error for a body over `maxBytes` (mapped to "larger than the gateway accepts"). */
export function bodyTooLarge(maxBytes: number): Error {
  return Object.assign(new Error(`upstream body over ${maxBytes} bytes`), { code: 'ILG_BODY_TOO_LARGE' });
}

/** Keeps a body of at most `maxBytes` in memory; a longer one fails the call. */
export class BoundedBodyCollector implements BodyConsumer {
  private readonly chunks: BoundedChunks;

  constructor(
    maxBytes: number,
    private readonly flow: BodyFlow,
  ) {
    this.chunks = new BoundedChunks(maxBytes);
  }

  write(chunk: Buffer): boolean {
    if (this.chunks.add(chunk)) return true;
    this.flow.fail(bodyTooLarge(this.chunks.maxBytes));
    return false;
  }

  end(): void {
    this.flow.done();
  }

  destroy(): void {
    this.chunks.clear();
  }

  result(): Buffer {
    return this.chunks.result();
  }
}

/**
 * Writes the body into a `Writable`: `false` from `write` pauses the upstream until `drain`; the
 * call succeeds once the writable has finished and fails when it errors.
 */
export class WritableConsumer implements BodyConsumer {
  constructor(
    private readonly writable: Writable,
    flow: BodyFlow,
  ) {
    finished(writable, { readable: false }, (error) => (error ? flow.fail(error) : flow.done()));
    writable.on('drain', () => flow.resume());
  }

  write(chunk: Buffer): boolean {
    return this.writable.write(chunk);
  }

  end(): void {
    this.writable.end();
  }

  destroy(error: unknown): void {
    this.writable.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}
