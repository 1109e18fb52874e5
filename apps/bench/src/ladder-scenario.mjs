import process from 'node:process';
import { undici } from './dependencies.mjs';
import { probe } from './load-generator.mjs';
import { percentile } from './statistics.mjs';

/**
 * The paced-stream ladder: rungs of N streams open at once (each connection runs two streams one
 * after the other), the upstream writing one event every `gapMs`. A rung passes for a target when
 * no event reaches the client more than 2× the pace late — later than `gapMs` after the event
 * before it by more than `2 × gapMs` — and at least 99.9 % of the events every stream should carry
 * arrive. The events a stream should carry are counted once per target in its checked answer.
 *
 * @typedef {import('./server-processes.mjs').Target} Target
 * @typedef {import('./server-processes.mjs').Upstream} Upstream
 *
 * @typedef {object} LadderRung
 * @property {number} streams Streams open at once.
 * @property {number} expected Events that should have arrived.
 * @property {number} arrived
 * @property {number} late Events more than 2× the pace late.
 * @property {number} maxLateMs Worst lateness over the pace, ms.
 * @property {number} p999LateMs
 * @property {number} errors Streams that failed.
 * @property {number} peakOpen Streams the upstream had open at once.
 * @property {boolean} pass
 *
 * @typedef {{ id: string; title: string; note: string; gapMs: number; skipped: Record<string, string>; targets: Record<string, LadderRung[]> }} LadderFigures
 */

const STREAMS_PER_CONNECTION = 2;
const LF = 10;

/** Events (blank-line ends) in a text. @param {string} text */
const eventCount = (text) => text.split('\n\n').length - 1;

/**
 * One stream: resolves with the arrival time (ms) of each event, or an error.
 * @param {import('undici').Pool} pool
 * @param {import('./load-generator.mjs').RequestSpec} spec
 * @returns {Promise<{ times: number[]; error?: string }>}
 */
function timedStream(pool, spec) {
  return new Promise((resolve) => {
    /** @type {number[]} */
    const times = [];
    let previous = 0;
    let status = 0;
    pool.dispatch(
      { path: spec.path, method: 'POST', headers: spec.headers, body: spec.body },
      {
        onRequestStart() {},
        onResponseStart(_controller, statusCode) {
          status = statusCode;
        },
        onResponseData(_controller, chunk) {
          const now = performance.now();
          let from = 0;
          if (previous === LF && chunk[0] === LF) {
            times.push(now);
            from = 1;
          }
          for (let at = chunk.indexOf('\n\n', from); at !== -1; at = chunk.indexOf('\n\n', at + 2)) times.push(now);
          previous = chunk[chunk.length - 1] ?? previous;
        },
        onResponseEnd() {
          resolve(status === 200 ? { times } : { times, error: `HTTP ${status}` });
        },
        onResponseError(_controller, error) {
          resolve({ times, error: error instanceof Error ? error.message : String(error) });
        },
      },
    );
  });
}

/**
 * One rung against one target.
 * @param {Target} target
 * @param {import('./load-generator.mjs').RequestSpec} spec
 * @param {{ streams: number; perStream: number; gapMs: number; upstream: Upstream }} rung
 * @returns {Promise<LadderRung>}
 */
async function climb(target, spec, { streams, perStream, gapMs, upstream }) {
  await upstream.stats();
  const pool = new undici.Pool(target.origin, { connections: streams, pipelining: 1, keepAliveTimeout: 60_000 });
  /** @type {number[]} */
  const lateness = [];
  let arrived = 0;
  let errors = 0;
  const connection = async () => {
    for (let i = 0; i < STREAMS_PER_CONNECTION; i++) {
      const { times, error } = await timedStream(pool, spec);
      if (error) errors++;
      arrived += Math.min(times.length, perStream);
      for (let k = 1; k < times.length; k++)
        lateness.push(/** @type {number} */ (times[k]) - /** @type {number} */ (times[k - 1]) - gapMs);
    }
  };
  await Promise.all(Array.from({ length: streams }, connection));
  await pool.close();
  const { maxActive } = await upstream.stats();
  const expected = streams * STREAMS_PER_CONNECTION * perStream;
  const late = lateness.filter((ms) => ms > 2 * gapMs).length;
  return {
    streams,
    expected,
    arrived,
    late,
    maxLateMs: lateness.length > 0 ? Math.max(...lateness) : Number.NaN,
    p999LateMs: percentile(lateness, 99.9),
    errors,
    peakOpen: maxActive,
    pass: late === 0 && arrived >= expected * 0.999,
  };
}

/**
 * Runs the ladder: every rung for every target (targets alternate in order from rung to rung).
 * @param {import('./scenarios.mjs').Scenario} scenario
 * @param {Target[]} targets
 * @param {Upstream} upstream
 * @returns {Promise<LadderFigures>}
 */
export async function runLadder(scenario, targets, upstream) {
  await upstream.setProfile(scenario.profile);
  const spec = /** @type {import('./load-generator.mjs').RequestSpec} */ (scenario.requests[0]);
  /** @type {LadderFigures} */
  const figures = {
    id: scenario.id,
    title: scenario.title,
    note: scenario.note,
    gapMs: scenario.profile.gapMs,
    skipped: {},
    targets: {},
  };
  /** @type {Array<{ target: Target; perStream: number }>} */
  const live = [];
  for (const target of targets) {
    const answer = await probe(target.origin, spec).catch((error) => ({ status: 0, body: String(error) }));
    if (answer.status !== 200 || !scenario.expect.every((text) => answer.body.includes(text)))
      figures.skipped[target.name] = `HTTP ${answer.status}: ${answer.body.slice(0, 200)}`;
    else live.push({ target, perStream: eventCount(answer.body) });
  }
  for (const [index, streams] of (scenario.rungs ?? []).entries()) {
    const order = index % 2 === 0 ? live : [...live].reverse();
    for (const { target, perStream } of order) {
      const rung = await climb(target, spec, { streams, perStream, gapMs: scenario.profile.gapMs, upstream });
      (figures.targets[target.name] ??= []).push(rung);
      process.stderr.write(rung.pass ? '+' : '-');
    }
  }
  return figures;
}

/**
 * The highest rung a target passed with every rung below it passed too (0: none).
 * @param {LadderRung[]} rungs
 */
export function highestRung(rungs) {
  let highest = 0;
  for (const rung of [...rungs].sort((a, b) => a.streams - b.streams)) {
    if (!rung.pass) break;
    highest = rung.streams;
  }
  return highest;
}
