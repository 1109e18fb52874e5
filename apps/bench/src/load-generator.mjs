import { Buffer } from 'node:buffer';
import process from 'node:process';
import { setTimeout } from 'node:timers';
import { undici } from './dependencies.mjs';

/**
 * The load generator: a fixed number of workers, each sending one request at a time over a
 * keep-alive undici Pool (one connection per worker), timing with `process.hrtime.bigint()`
 * (nanoseconds): whole-request latency and, for streams, time to the first complete SSE event.
 *
 * @typedef {object} RequestSpec
 * @property {string} path
 * @property {Record<string, string>} headers
 * @property {Buffer} body
 * @property {boolean} sse Whether the answer is an SSE stream (time to first event is measured).
 *
 * @typedef {{ kind: 'window'; warmupMs: number; durationMs: number; onWindowStart?: () => void; onWindowEnd?: () => void }} WindowMode
 * @typedef {{ kind: 'count'; count: number; progressEvery?: number; onProgress?: (done: number) => void }} CountMode
 *
 * @typedef {object} LoadResult
 * @property {number} completed Requests completed in the measured window (count mode: all).
 * @property {number} errors Of those, how many failed (status >= 400 or transport error).
 * @property {string | undefined} firstError
 * @property {number} elapsedMs Length of the measured window.
 * @property {number[]} latencyUs Latency of each successful request in the window, microseconds.
 * @property {number[]} ttfeUs Time to the first SSE event of each successful stream, microseconds.
 */

const LF = 10;
const CR = 13;

/**
 * Whether a chunk completes an SSE event (a blank line: LF LF or LF CR LF), also across the
 * boundary with the previous chunk, whose last byte is `previous`.
 * @param {Buffer} chunk
 * @param {number} previous
 */
function endsAnEvent(chunk, previous) {
  if (previous === LF && (chunk[0] === LF || (chunk[0] === CR && chunk[1] === LF))) return true;
  return chunk.indexOf('\n\n') !== -1 || chunk.indexOf('\n\r\n') !== -1;
}

/**
 * Sends one request and resolves with its timings (never rejects).
 * @param {import('undici').Pool} pool
 * @param {RequestSpec} spec
 * @returns {Promise<{ status: number; latencyNs: bigint; ttfeNs: bigint; error?: string; endNs: bigint }>}
 */
export function sendOnce(pool, spec) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    let status = 0;
    let ttfeNs = -1n;
    let previous = 0;
    /** @type {Buffer[] | undefined} */
    let errorBody;
    pool.dispatch(
      { path: spec.path, method: 'POST', headers: spec.headers, body: spec.body },
      {
        onRequestStart() {},
        onResponseStart(_controller, statusCode) {
          status = statusCode;
          if (statusCode >= 400) errorBody = [];
        },
        onResponseData(_controller, chunk) {
          if (errorBody) errorBody.push(chunk);
          else if (spec.sse && ttfeNs < 0n && endsAnEvent(chunk, previous)) ttfeNs = process.hrtime.bigint() - started;
          previous = chunk[chunk.length - 1] ?? previous;
        },
        onResponseEnd() {
          const endNs = process.hrtime.bigint();
          const error = errorBody
            ? `HTTP ${status}: ${Buffer.concat(errorBody).toString('utf8').slice(0, 300)}`
            : undefined;
          resolve({ status, latencyNs: endNs - started, ttfeNs, endNs, ...(error ? { error } : {}) });
        },
        onResponseError(_controller, error) {
          const endNs = process.hrtime.bigint();
          resolve({
            status: 0,
            latencyNs: endNs - started,
            ttfeNs,
            endNs,
            error: error instanceof Error ? error.message : String(error),
          });
        },
      },
    );
  });
}

/**
 * Runs `concurrency` workers against `origin`, cycling through `requests`.
 * @param {{ origin: string; concurrency: number; requests: RequestSpec[]; mode: WindowMode | CountMode }} options
 * @returns {Promise<LoadResult>}
 */
export async function runLoad({ origin, concurrency, requests, mode }) {
  const pool = new undici.Pool(origin, { connections: concurrency, pipelining: 1, keepAliveTimeout: 60_000 });
  const state = {
    recording: mode.kind === 'count',
    stop: false,
    issued: 0,
    startNs: process.hrtime.bigint(),
    endNs: 0n,
  };
  /** @type {LoadResult} */
  const result = { completed: 0, errors: 0, firstError: undefined, elapsedMs: 0, latencyUs: [], ttfeUs: [] };
  const timers = mode.kind === 'window' ? scheduleWindow(mode, state) : [];
  const worker = async () => {
    while (!state.stop) {
      if (mode.kind === 'count' && state.issued >= mode.count) break;
      const spec = /** @type {RequestSpec} */ (requests[state.issued++ % requests.length]);
      const outcome = await sendOnce(pool, spec);
      if (!state.recording) continue;
      record(result, outcome);
      if (mode.kind === 'count' && mode.onProgress && mode.progressEvery && result.completed % mode.progressEvery === 0)
        mode.onProgress(result.completed);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  timers.forEach((timer) => clearTimeout(timer));
  if (mode.kind === 'count') state.endNs = process.hrtime.bigint();
  result.elapsedMs = Number(state.endNs - state.startNs) / 1e6;
  await pool.close();
  return result;
}

/**
 * Opens the measured window after the warm-up and closes it `durationMs` later; the callbacks
 * run at those exact points of the event loop, so CPU readings and counted requests agree.
 * @param {WindowMode} mode
 * @param {{ recording: boolean; stop: boolean; startNs: bigint; endNs: bigint }} state
 */
function scheduleWindow(mode, state) {
  const open = setTimeout(() => {
    mode.onWindowStart?.();
    state.startNs = process.hrtime.bigint();
    state.recording = true;
  }, mode.warmupMs);
  const close = setTimeout(() => {
    mode.onWindowEnd?.();
    state.endNs = process.hrtime.bigint();
    state.recording = false;
    state.stop = true;
  }, mode.warmupMs + mode.durationMs);
  return [open, close];
}

/**
 * @param {LoadResult} result
 * @param {{ status: number; latencyNs: bigint; ttfeNs: bigint; error?: string }} outcome
 */
function record(result, outcome) {
  result.completed++;
  if (outcome.error !== undefined || outcome.status >= 400 || outcome.status === 0) {
    result.errors++;
    result.firstError ??= outcome.error ?? `HTTP ${outcome.status}`;
    return;
  }
  result.latencyUs.push(Number(outcome.latencyNs) / 1e3);
  if (outcome.ttfeNs >= 0n) result.ttfeUs.push(Number(outcome.ttfeNs) / 1e3);
}

/**
 * One request with its whole answer, for the checks before a scenario.
 * @param {string} origin
 * @param {RequestSpec} spec
 * @returns {Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }>}
 */
export async function probe(origin, spec) {
  const response = await undici.request(`${origin}${spec.path}`, {
    method: 'POST',
    headers: spec.headers,
    body: spec.body,
  });
  return { status: response.statusCode, body: await response.body.text(), headers: response.headers };
}
