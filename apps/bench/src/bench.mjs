#!/usr/bin/env node
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { scenarioFigures, soakFigures } from './aggregate.mjs';
import { readSettings, USAGE } from './bench-settings.mjs';
import { runAllocationProfile } from './alloc-profile.mjs';
import { runProfile } from './cpu-profile.mjs';
import { runLadder } from './ladder-scenario.mjs';
import { buildGateway, probeGatewayFeatures, startGatewayProcess } from './gateway-process.mjs';
import { ladderText, markdownReport, scenarioText, summaryText } from './report.mjs';
import { runScenario, runSoak } from './run-scenario.mjs';
import { allScenarios } from './scenarios.mjs';
import { runTelemetryScenario } from './telemetry-scenario.mjs';
import { runWorkersScenario } from './workers-scenario.mjs';
import { runWebSocketScenario } from './websocket-scenario.mjs';
import { directTarget, startFloor, startUpstream } from './server-processes.mjs';
import { bodyCost, evaluateTargets } from './targets.mjs';

/**
 * `pnpm bench`: the gateway's overhead against a direct call and two bare proxy floors, in one
 * run on this machine. See docs/performance.md.
 */

/** @param {string} text */
const log = (text) => process.stderr.write(`${text}\n`);

/** @param {string} repoRoot */
function gitCommit(repoRoot) {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).stdout.trim();
  const dirty =
    spawnSync('git', ['status', '--porcelain', '--', 'apps/gateway', 'packages'], {
      cwd: repoRoot,
      encoding: 'utf8',
    }).stdout.trim() !== '';
  return `${head || 'unknown'}${dirty ? ' (with uncommitted changes)' : ''}`;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * Starts the upstream, the gateway and the floors, and checks what the gateway has switched on.
 * @param {import('./bench-settings.mjs').BenchSettings} settings
 */
async function startServers(settings) {
  const upstream = await startUpstream();
  const gateway = await startGatewayProcess({
    repoRoot: settings.repoRoot,
    upstreamOrigin: upstream.origin,
    logPath: settings.gatewayLog,
  });
  const express = await startFloor('express-floor', upstream.origin);
  const node = await startFloor('node-floor', upstream.origin);
  const features = await probeGatewayFeatures(gateway.origin, settings.repoRoot);
  log(
    `upstream ${upstream.origin}, gateway ${gateway.origin}, express floor ${express.origin}, node floor ${node.origin}`,
  );
  log(`gateway features: ${JSON.stringify(features)}`);
  const stop = () => Promise.all([gateway.stop(), express.stop(), node.stop(), upstream.stop()]);
  return {
    upstream,
    proxies: [gateway, express, node],
    targets: [directTarget(upstream), gateway, express, node],
    features,
    stop,
  };
}

/**
 * Runs every scenario, printing each one's table as it ends.
 * @param {import('./bench-settings.mjs').BenchSettings} settings
 * @param {Awaited<ReturnType<typeof startServers>>} servers
 * @param {string[]} notes
 */
async function runScenarios(settings, servers, notes) {
  /** @type {import('./aggregate.mjs').ScenarioFigures[]} */
  const figures = [];
  /** @type {import('./ladder-scenario.mjs').LadderFigures[]} */
  const ladders = [];
  let soak;
  for (const scenario of allScenarios(settings)) {
    if (
      scenario.optional &&
      scenario.requests.some((r) => r.path === '/v1/embeddings') &&
      !servers.features.embeddingsRoute
    ) {
      notes.push(`${scenario.id} skipped: the gateway has no /v1/embeddings route in this build.`);
      log(`\n== ${scenario.id}: skipped (no /v1/embeddings in the gateway)`);
      continue;
    }
    process.stderr.write(`\n${scenario.id} `);
    if (scenario.kind === 'soak') {
      soak = soakFigures(await runSoak(scenario, servers.proxies, servers.upstream, settings.sizes.soakRequests));
      continue;
    }
    if (scenario.kind === 'ladder') {
      const ladder = await runLadder(scenario, servers.targets, servers.upstream);
      ladders.push(ladder);
      process.stdout.write(`${ladderText(ladder)}\n`);
      continue;
    }
    const run =
      scenario.kind === 'workers'
        ? await runWorkersScenario(scenario, servers, settings)
        : scenario.kind === 'telemetry'
          ? await runTelemetryScenario(scenario, servers, settings)
          : scenario.kind === 'websocket'
            ? await runWebSocketScenario(scenario, servers, settings)
            : await runScenario(scenario, servers.targets, servers.upstream, settings.sizes);
    const result = scenarioFigures(run);
    figures.push(result);
    process.stdout.write(`${scenarioText(result)}\n`);
  }
  return { figures, ladders, soak };
}

/**
 * Notes on how to read this run: a busy machine, streams that did not all overlap.
 * @param {import('./aggregate.mjs').ScenarioFigures[]} figures
 * @param {{ loadStart: string; loadEnd: string; cpus: number; slowStreams: number }} context
 */
function runNotes(figures, { loadStart, loadEnd, cpus: cpuCount, slowStreams }) {
  const notes = [];
  if (Number(loadStart.split(' ')[0]) > cpuCount * 0.25 || Number(loadEnd.split(' ')[0]) > cpuCount * 0.75) {
    notes.push(
      `The machine was busy with other work (load average ${loadStart} at start, ${loadEnd} at end on ${cpuCount} CPUs): figures are noisier than on an idle machine.`,
    );
  }
  const slow = figures.find((f) => f.id === 'slow-streams');
  for (const [name, t] of Object.entries(slow?.targets ?? {})) {
    if (t.openAtUpstream.max >= slowStreams) continue;
    const why =
      t.openAtUpstream.max === 256
        ? 'its undici pool holds 256 connections per origin, the others waited for one'
        : 'they did not all overlap: opening them took longer than the first ones lasted';
    notes.push(
      `Slow streams through ${name}: at most ${t.openAtUpstream.max} of ${slowStreams} were open at the upstream at once (${why}).`,
    );
  }
  return notes;
}

/**
 * The whole comparison: servers up, every scenario, servers down, figures and targets.
 * @param {import('./bench-settings.mjs').BenchSettings} settings
 * @returns {Promise<import('./report.mjs').BenchReport>}
 */
async function runComparison(settings) {
  const started = Date.now();
  const loadStart = load();
  const servers = await startServers(settings);
  /** @type {string[]} */
  const notes = [];
  let results;
  try {
    results = await runScenarios(settings, servers, notes);
  } finally {
    await servers.stop();
  }
  const { figures, ladders, soak } = results;
  const cpuList = cpus();
  const loadEnd = load();
  notes.push(
    ...runNotes(figures, { loadStart, loadEnd, cpus: cpuList.length, slowStreams: settings.sizes.slowStreams }),
  );
  const meta = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpuList.length,
    cpuModel: cpuList[0]?.model ?? 'unknown',
    platform: `${process.platform} ${process.arch}`,
    scale: settings.scale,
    rounds: settings.sizes.rounds,
    sizes: settings.sizes,
    paced: settings.paced,
    loadStart,
    loadEnd,
    gitCommit: gitCommit(settings.repoRoot),
    features: servers.features,
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };
  return {
    meta,
    scenarios: figures,
    ladders,
    bodyCost: bodyCost(figures, allScenarios(settings)),
    soak,
    targets: evaluateTargets(figures, soak, ladders),
    notes,
  };
}

/**
 * @param {import('./report.mjs').BenchReport} report
 * @param {string} outDir
 */
function writeResults(report, outDir) {
  mkdirSync(outDir, { recursive: true });
  const stamp = String(report.meta.date).replace(/[:.]/g, '-');
  const json = `${JSON.stringify(report, (_key, value) => (typeof value === 'number' && !Number.isFinite(value) ? null : value), 2)}\n`;
  const markdown = markdownReport(report);
  for (const name of [`bench-${stamp}`, 'latest']) {
    writeFileSync(join(outDir, `${name}.json`), json);
    writeFileSync(join(outDir, `${name}.md`), markdown);
  }
  return join(outDir, `bench-${stamp}.md`);
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(USAGE);
    return;
  }
  const settings = readSettings(process.env, argv);
  if (settings.build) {
    log('building the gateway (pnpm --filter @interlingua/gateway build; BENCH_BUILD=0 skips)…');
    buildGateway(settings.repoRoot);
  }
  if (settings.profile) {
    await runProfile(settings);
    return;
  }
  if (process.env.BENCH_ALLOC === '1') {
    await runAllocationProfile(settings);
    return;
  }
  log(`scale ${settings.scale}: ${JSON.stringify(settings.sizes)}`);
  const report = await runComparison(settings);
  process.stdout.write(`${summaryText(report)}\n`);
  log(
    `\nwritten: ${writeResults(report, settings.outDir)} (and latest.md / latest.json) in ${report.meta.durationSeconds} s`,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
