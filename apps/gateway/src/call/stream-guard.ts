import type { IrError } from '@interlingua/ir';
import type { StreamsConfig } from '../config/operations-schema.js';
import { gatewayTimeout } from './gateway-timeout.js';
import type { AnswerSink } from '../http/response-sink.js';
import type { StreamFramer } from '../http/stream-framer.js';
import type { RequestStop } from '../context/request-stop.js';

/** Shortest tick, so tiny test settings cannot spin the event loop. */
const MIN_TICK_MS = 10;

/** The streamed answer a guard keeps alive: where it goes, its framing, the request's signal, and its commit point. */
export interface GuardedStream {
  sink: AnswerSink;
  framer: StreamFramer;
  signal: Pick<RequestStop, 'aborted'>;
  /** Commits the answer (`commitStream`). */
  commit: () => void;
}

/**
 * Keeps a streamed answer alive with ONE interval per stream (nothing per event):
 * - before the commit point, once the upstream has been silent for `firstEventKeepAliveMs`, a
 *   keep-alive commits the answer (headers go out; fallback ends there);
 * - after it, a keep-alive goes out in each `keepAliveMs` interval in which nothing else was
 *   written (compared by the sink's write count, no per-write timestamps);
 * - at `maxDurationMs` the call is stopped, which ends the stream with an in-band error.
 * Framings without a keep-alive (Gemini's JSON array) get only the duration limit.
 * Returns the function that clears the interval.
 */
export function startStreamGuard(
  stream: GuardedStream,
  config: StreamsConfig,
  stop: (reason: IrError) => void,
): () => void {
  const { sink, framer, signal, commit } = stream;
  const keepAlive = framer.keepAlive();
  const earlyMs = keepAlive ? config.firstEventKeepAliveMs : 0;
  const keepAliveMs = keepAlive ? config.keepAliveMs : 0;
  const shortestMs = shortestPeriod(shortestPeriod(keepAliveMs, earlyMs), config.maxDurationMs);
  if (shortestMs === 0) return noGuard;
  const started = performance.now();
  let checkedAt = started;
  let writesSeen = -1;
  const tick = (): void => {
    const now = performance.now();
    if (sink.ended) return;
    if (config.maxDurationMs > 0 && now - started >= config.maxDurationMs) {
      stop(
        gatewayTimeout(`The stream reached its maximum duration (streams.maxDurationMs, ${config.maxDurationMs} ms)`),
      );
      return;
    }
    if (!sink.committed) {
      if (earlyMs > 0 && now - started >= earlyMs && !signal.aborted) {
        commit();
        void sink.write(keepAlive);
        checkedAt = now;
        writesSeen = sink.writeCount;
      }
      return;
    }
    if (keepAliveMs === 0 || now - checkedAt < keepAliveMs) return;
    if (sink.writeCount === writesSeen) void sink.write(keepAlive);
    checkedAt = now;
    writesSeen = sink.writeCount;
  };
  const timer = setInterval(tick, Math.max(MIN_TICK_MS, shortestMs));
  timer.unref();
  return () => clearInterval(timer);
}

const noGuard = (): void => undefined;

/** The shorter of two periods where 0 (or less) means "none"; 0 when neither is set. */
export function shortestPeriod(a: number, b: number): number {
  if (a <= 0) return Math.max(b, 0);
  return b <= 0 ? a : Math.min(a, b);
}
