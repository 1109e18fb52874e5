import { pino, type DestinationStream } from 'pino';

/** Log output is written in batches of about this many characters (one system call each)... */
const LOG_BATCH_CHARS = 4_096;
/** ...and at least this often, so a quiet gateway's lines are never held back for long. */
const LOG_FLUSH_MS = 250;

export type BatchedDestination = DestinationStream & { flush(callback?: (error?: Error) => void): void };

/** Where a batch of lines goes, as bytes: sonic-boom in the gateway. */
export interface ByteDestination {
  write(bytes: Buffer): void;
  flush(callback?: (error?: Error) => void): void;
}

/**
 * Gathers log lines as text and hands them to the destination as one `Buffer` once about
 * `batchChars` are gathered, or on `flush`: one encoding per batch instead of one per line.
 */
export class LineBatcher implements BatchedDestination {
  private gathered = '';

  constructor(
    private readonly destination: ByteDestination,
    private readonly batchChars = LOG_BATCH_CHARS,
  ) {}

  write(line: string): void {
    this.gathered += line;
    if (this.gathered.length >= this.batchChars) this.handOver();
  }

  /** Hands over what is gathered, then lets the destination write out what it holds. */
  flush(callback?: (error?: Error) => void): void {
    this.handOver();
    this.destination.flush(callback);
  }

  /** Hands over what is gathered, without waiting for anything. */
  handOver(): void {
    if (this.gathered.length === 0) return;
    const bytes = Buffer.from(this.gathered, 'utf8');
    this.gathered = '';
    this.destination.write(bytes);
  }
}

let sharedStdout: LineBatcher | undefined;

/**
 * Stdout in batches, one per process (every logger writing to it shares the batch): lines go to
 * sonic-boom as bytes (in text mode it measures the whole pending batch on every line); what is
 * gathered goes out every `LOG_FLUSH_MS`, on `flush` (shutdown), and synchronously at exit.
 */
export function batchedStdout(): BatchedDestination {
  if (sharedStdout) return sharedStdout;
  const stdout = pino.destination({ dest: 1, sync: false, contentMode: 'buffer' });
  const batcher = new LineBatcher({
    write: (bytes) => stdout.write(bytes as unknown as string),
    flush: (callback) => stdout.flush(callback),
  });
  setInterval(() => batcher.handOver(), LOG_FLUSH_MS).unref();
  // Registered after pino's own exit hook for the stream, so this runs last and writes the rest.
  process.once('exit', () => {
    batcher.handOver();
    try {
      stdout.flushSync();
    } catch {
      // Closed or still opening: nothing more can be written at exit.
    }
  });
  sharedStdout = batcher;
  return batcher;
}
