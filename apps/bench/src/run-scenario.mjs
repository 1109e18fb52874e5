import process from 'node:process';
import { probe, runLoad } from './load-generator.mjs';
import { cpuTimeNs, peakRssBytes, resetPeakRss, rssBytes } from './proc-stats.mjs';
import { percentile } from './statistics.mjs';

/**
 * Runs one scenario over every target: a check, a warm-up, then ABBA passes (forward, reverse,
 * forward, …) so that drift on a shared machine hits every target alike.
 *
 * @typedef {import('./server-processes.mjs').Target} Target
 * @typedef {import('./server-processes.mjs').Upstream} Upstream
 * @typedef {import('./scenarios.mjs').Scenario} Scenario
 *
 * @typedef {object} Sample
 * @property {number} pass
 * @property {number} rps
 * @property {number} completed
 * @property {number} errors
 * @property {string | undefined} firstError
 * @property {number} p50Ms
 * @property {number} p99Ms
 * @property {number} ttfeP50Ms
 * @property {number} ttfeP99Ms
 * @property {number} cpuUsPerRequest NaN for direct.
 * @property {number} peakRssMb NaN for direct.
 * @property {number} [openAtUpstream] Slow streams: most streams the upstream had open at once.
 *
 * @typedef {{ scenario: Scenario; samples: Record<string, Sample[]>; skipped: Record<string, string> }} ScenarioRun
 */

/**
 * Checks that a target answers every request of the scenario correctly.
 * @param {Target} target
 * @param {Scenario} scenario
 * @returns {Promise<string | undefined>} the problem, if any
 */
async function check(target, scenario) {
  for (const spec of scenario.requests) {
    try {
      const answer = await probe(target.origin, spec);
      if (answer.status !== 200) return `HTTP ${answer.status} on ${spec.path}: ${answer.body.slice(0, 300)}`;
      const missing = scenario.expect.find((text) => !answer.body.includes(text));
      if (missing) return `the answer on ${spec.path} lacks ${JSON.stringify(missing)}: ${answer.body.slice(0, 300)}`;
    } catch (error) {
      return `${spec.path}: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return undefined;
}

/**
 * One duration-bounded sample against a target.
 * @param {Target} target
 * @param {Scenario} scenario
 * @param {import('./bench-settings.mjs').ScaleSettings} sizes
 * @param {number} pass
 * @returns {Promise<Sample>}
 */
async function windowSample(target, scenario, sizes, pass) {
  const pid = target.pid;
  const cpu = { start: 0, end: 0 };
  if (pid) resetPeakRss(pid);
  const result = await runLoad({
    origin: target.origin,
    concurrency: scenario.concurrency,
    requests: scenario.requests,
    mode: {
      kind: 'window',
      warmupMs: scenario.paced ? Math.max(sizes.sampleWarmupMs, 600) : sizes.sampleWarmupMs,
      durationMs: scenario.paced ? sizes.pacedSampleMs : sizes.sampleMs,
      onWindowStart: () => {
        if (pid) cpu.start = cpuTimeNs(pid);
      },
      onWindowEnd: () => {
        if (pid) cpu.end = cpuTimeNs(pid);
      },
    },
  });
  return toSample(result, pass, pid ? (cpu.end - cpu.start) / 1e3 : Number.NaN, pid ? peakRssBytes(pid) : Number.NaN);
}

/**
 * One slow-streams sample: every worker opens one stream at the same time.
 * @param {Target} target
 * @param {Scenario} scenario
 * @param {Upstream} upstream
 * @param {number} pass
 * @returns {Promise<Sample>}
 */
async function slowSample(target, scenario, upstream, pass) {
  const pid = target.pid;
  if (pid) resetPeakRss(pid);
  await upstream.stats();
  const before = pid ? cpuTimeNs(pid) : 0;
  const result = await runLoad({
    origin: target.origin,
    concurrency: scenario.concurrency,
    requests: scenario.requests,
    mode: { kind: 'count', count: scenario.concurrency },
  });
  const cpuUs = pid ? (cpuTimeNs(pid) - before) / 1e3 : Number.NaN;
  const { maxActive } = await upstream.stats();
  return { ...toSample(result, pass, cpuUs, pid ? peakRssBytes(pid) : Number.NaN), openAtUpstream: maxActive };
}

/**
 * @param {import('./load-generator.mjs').LoadResult} result
 * @param {number} pass
 * @param {number} cpuUs
 * @param {number} peakRss
 * @returns {Sample}
 */
export function toSample(result, pass, cpuUs, peakRss) {
  const ok = result.completed - result.errors;
  return {
    pass,
    rps: result.elapsedMs > 0 ? (result.completed / result.elapsedMs) * 1000 : Number.NaN,
    completed: result.completed,
    errors: result.errors,
    firstError: result.firstError,
    p50Ms: percentile(result.latencyUs, 50) / 1e3,
    p99Ms: percentile(result.latencyUs, 99) / 1e3,
    ttfeP50Ms: percentile(result.ttfeUs, 50) / 1e3,
    ttfeP99Ms: percentile(result.ttfeUs, 99) / 1e3,
    cpuUsPerRequest: ok > 0 ? cpuUs / result.completed : Number.NaN,
    peakRssMb: peakRss / (1024 * 1024),
  };
}

/**
 * Runs a `window` or `slow` scenario over the targets.
 * @param {Scenario} scenario
 * @param {Target[]} targets
 * @param {Upstream} upstream
 * @param {import('./bench-settings.mjs').ScaleSettings} sizes
 * @returns {Promise<ScenarioRun>}
 */
export async function runScenario(scenario, targets, upstream, sizes) {
  await upstream.setProfile(scenario.profile);
  /** @type {ScenarioRun} */
  const run = { scenario, samples: {}, skipped: {} };
  const live = [];
  for (const target of targets) {
    const problem = await check(target, scenario);
    if (problem) run.skipped[target.name] = problem;
    else live.push(target);
  }
  if (scenario.kind === 'window') {
    for (const target of live) {
      await runLoad({
        origin: target.origin,
        concurrency: scenario.concurrency,
        requests: scenario.requests,
        mode: { kind: 'window', warmupMs: 0, durationMs: sizes.warmupMs },
      });
    }
  }
  const rounds = scenario.kind === 'slow' ? sizes.slowRounds : sizes.rounds;
  for (let pass = 0; pass < rounds * 2; pass++) {
    const order = pass % 2 === 0 ? live : [...live].reverse();
    for (const target of order) {
      const sample =
        scenario.kind === 'slow'
          ? await slowSample(target, scenario, upstream, pass)
          : await windowSample(target, scenario, sizes, pass);
      (run.samples[target.name] ??= []).push(sample);
      progress('.');
    }
  }
  return run;
}

/**
 * The soak: `count` requests through each proxy (one after the other), RSS read every 500.
 * @param {Scenario} scenario
 * @param {Target[]} proxies
 * @param {Upstream} upstream
 * @param {number} count
 */
export async function runSoak(scenario, proxies, upstream, count) {
  await upstream.setProfile(scenario.profile);
  /** @type {Record<string, { requests: number[]; rssMb: number[]; errors: number }>} */
  const series = {};
  for (const target of proxies) {
    const pid = /** @type {number} */ (target.pid);
    const points = { requests: [0], rssMb: [rssBytes(pid) / 1048576], errors: 0 };
    const result = await runLoad({
      origin: target.origin,
      concurrency: scenario.concurrency,
      requests: scenario.requests,
      mode: {
        kind: 'count',
        count,
        progressEvery: 500,
        onProgress: (done) => (points.requests.push(done), points.rssMb.push(rssBytes(pid) / 1048576)),
      },
    });
    points.errors = result.errors;
    series[target.name] = points;
    progress('.');
  }
  return series;
}

/** @param {string} text */
function progress(text) {
  process.stderr.write(text);
}
