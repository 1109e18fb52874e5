import { slope, spread } from './statistics.mjs';

/**
 * Turns a scenario's samples into its figures: medians with their range over the passes, and
 * ratios and added latencies paired pass by pass (each pass measures every target once, close
 * together in time, so a pair shares the machine's state).
 *
 * @typedef {import('./statistics.mjs').Spread} Spread
 * @typedef {import('./run-scenario.mjs').Sample} Sample
 *
 * @typedef {object} TargetFigures
 * @property {Spread} rps
 * @property {Spread} p50Ms
 * @property {Spread} p99Ms
 * @property {Spread} ttfeP50Ms
 * @property {Spread} cpuUsPerRequest
 * @property {Spread} peakRssMb
 * @property {Spread} vsDirect req/s over direct's in the same pass
 * @property {Spread} vsExpress req/s over the Express floor's
 * @property {Spread} vsNode req/s over the node:http floor's
 * @property {Spread} addedP50Ms p50 minus direct's p50
 * @property {Spread} addedP99Ms
 * @property {Spread} addedTtfeMs time to first event minus direct's
 * @property {Spread} p99VsExpress p99 over the Express floor's p99
 * @property {Spread} openAtUpstream
 * @property {number} completed
 * @property {number} errors
 * @property {string | undefined} firstError
 *
 * @typedef {{ id: string; title: string; note: string; skipped: Record<string, string>; targets: Record<string, TargetFigures> }} ScenarioFigures
 */

/**
 * @param {Sample[] | undefined} samples
 * @param {Sample[] | undefined} reference
 * @param {(a: Sample, b: Sample) => number} pair
 */
function paired(samples, reference, pair) {
  if (!samples || !reference) return spread([]);
  const byPass = new Map(reference.map((s) => [s.pass, s]));
  return spread(
    samples.flatMap((s) => {
      const ref = byPass.get(s.pass);
      return ref ? [pair(s, ref)] : [];
    }),
  );
}

/**
 * @param {import('./run-scenario.mjs').ScenarioRun} run
 * @returns {ScenarioFigures}
 */
export function scenarioFigures(run) {
  const { direct, 'express-floor': express, 'node-floor': node } = run.samples;
  /** @type {Record<string, TargetFigures>} */
  const targets = {};
  for (const [name, samples] of Object.entries(run.samples)) {
    /** @param {(s: Sample) => number} pick */
    const of = (pick) => spread(samples.map(pick));
    targets[name] = {
      rps: of((s) => s.rps),
      p50Ms: of((s) => s.p50Ms),
      p99Ms: of((s) => s.p99Ms),
      ttfeP50Ms: of((s) => s.ttfeP50Ms),
      cpuUsPerRequest: of((s) => s.cpuUsPerRequest),
      peakRssMb: of((s) => s.peakRssMb),
      vsDirect: paired(samples, direct, (a, b) => a.rps / b.rps),
      vsExpress: paired(samples, express, (a, b) => a.rps / b.rps),
      vsNode: paired(samples, node, (a, b) => a.rps / b.rps),
      addedP50Ms: paired(samples, direct, (a, b) => a.p50Ms - b.p50Ms),
      addedP99Ms: paired(samples, direct, (a, b) => a.p99Ms - b.p99Ms),
      addedTtfeMs: paired(samples, direct, (a, b) => a.ttfeP50Ms - b.ttfeP50Ms),
      p99VsExpress: paired(samples, express, (a, b) => a.p99Ms / b.p99Ms),
      openAtUpstream: of((s) => s.openAtUpstream ?? Number.NaN),
      completed: samples.reduce((sum, s) => sum + s.completed, 0),
      errors: samples.reduce((sum, s) => sum + s.errors, 0),
      firstError: samples.find((s) => s.firstError)?.firstError,
    };
  }
  return { id: run.scenario.id, title: run.scenario.title, note: run.scenario.note, skipped: run.skipped, targets };
}

/**
 * The soak's figures per proxy, over the samples after the first 1,000 requests (warm-up): RSS
 * is a saw-tooth (the heap grows until a GC), so growth compares the median of the last third of
 * the samples with the median of the first third, and the slope is a least-squares fit.
 * @param {Record<string, { requests: number[]; rssMb: number[]; errors: number }>} series
 */
export function soakFigures(series) {
  /** @type {Record<string, { baselineMb: number; endMb: number; growthMb: number; slopeMbPer1k: number; peakMb: number; errors: number; requests: number[]; rssMb: number[] }>} */
  const out = {};
  for (const [name, points] of Object.entries(series)) {
    const start = Math.max(
      0,
      points.requests.findIndex((n) => n >= 1000),
    );
    const tailX = points.requests.slice(start).map((n) => n / 1000);
    const tailY = points.rssMb.slice(start);
    const third = Math.max(1, Math.floor(tailY.length / 3));
    const baselineMb = spread(tailY.slice(0, third)).median;
    const endMb = spread(tailY.slice(-third)).median;
    out[name] = {
      baselineMb,
      endMb,
      growthMb: endMb - baselineMb,
      slopeMbPer1k: slope(tailX, tailY),
      peakMb: Math.max(...points.rssMb),
      errors: points.errors,
      requests: points.requests,
      rssMb: points.rssMb,
    };
  }
  return out;
}
