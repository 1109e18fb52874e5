import type { AnswerSink } from '../http/response-sink.js';

const RESOLVED = Promise.resolve();

/**
 * The sink of one model call inside the loop. A streamed call's bytes go on to the caller's sink
 * (its head is the loop's, written once; its end is the loop's too, unless the call failed
 * in-band); a whole answer is kept by the loop, so its bytes go nowhere.
 */
export class InnerSink implements AnswerSink {
  committed = false;
  ended = false;
  writeCount = 0;
  onWrite: ((chunk: string | Buffer) => void) | undefined;

  /**
   * @param caller The caller's sink, for a streamed call; none for a whole one.
   * @param commit Commits the caller's answer (the loop's head).
   * @param failed True once the call's error went out in-band: then the call's end is the answer's.
   */
  constructor(
    private readonly caller: AnswerSink | undefined,
    private readonly commit: () => void = () => undefined,
    private readonly failed: () => boolean = () => false,
  ) {}

  get clientGone(): boolean {
    return this.caller?.clientGone ?? false;
  }

  setHeader(): void {}

  send(): void {
    this.committed = true;
  }

  sendJson(): void {
    this.committed = true;
  }

  startStream(): void {
    this.committed = true;
    this.commit();
  }

  write(chunk: string | Buffer): Promise<void> {
    return this.offer(chunk) ?? RESOLVED;
  }

  offer(chunk: string | Buffer): Promise<void> | undefined {
    this.writeCount++;
    this.onWrite?.(chunk);
    if (!this.caller || chunk.length === 0) return undefined;
    return this.caller.offer(chunk);
  }

  end(chunk?: string): void {
    this.ended = true;
    if (this.caller && this.failed()) this.caller.end(chunk);
  }

  whenClosed(): void {}
}
