import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { locate } from './cpu-profile.mjs';
import { startGatewayProcess } from './gateway-process.mjs';
import { runLoad } from './load-generator.mjs';
import { allScenarios } from './scenarios.mjs';
import { startUpstream } from './server-processes.mjs';

/**
 * Allocation mode (`BENCH_ALLOC=1`): what the gateway allocates per request, load-independent.
 * The gateway runs with `alloc-sampler.mjs` preloaded; after a warm-up, V8's sampling heap profiler
 * (collected objects kept) and a GC counter run over exactly `BENCH_ALLOC_REQUESTS` requests of
 * one scenario; bytes are summed per function and mapped to the TypeScript sources.
 * `BENCH_ALLOC_GATEWAY_ROOT` profiles another checkout's built gateway (an older tree).
 *
 * @typedef {{ id: number; selfSize: number; children?: HeapNode[]; callFrame: import('./cpu-profile.mjs').ProfileNode['callFrame'] }} HeapNode
 */

/**
 * Bytes per function of a sampling heap profile, largest first.
 * @param {HeapNode} head
 * @param {string} repoRoot
 */
export function summarizeAllocations(head, repoRoot) {
  /** @type {Map<string, { name: string; location: string; bytes: number }>} */
  const byFunction = new Map();
  const maps = new Map();
  let total = 0;
  /** @type {HeapNode[]} */
  const stack = [head];
  while (stack.length > 0) {
    const node = /** @type {HeapNode} */ (stack.pop());
    stack.push(...(node.children ?? []));
    if (node.selfSize === 0) continue;
    total += node.selfSize;
    const name = node.callFrame.functionName || '(anonymous)';
    const { location } = locate(node.callFrame, repoRoot, maps);
    const key = `${name}@${location}`;
    const entry = byFunction.get(key) ?? { name, location, bytes: 0 };
    entry.bytes += node.selfSize;
    byFunction.set(key, entry);
  }
  return { total, functions: [...byFunction.values()].sort((a, b) => b.bytes - a.bytes) };
}

/** @param {import('./bench-settings.mjs').BenchSettings} settings */
export async function runAllocationProfile(settings) {
  const scenarioId = process.env.BENCH_ALLOC_SCENARIO ?? 'chat-c50';
  const requests = Number(process.env.BENCH_ALLOC_REQUESTS ?? 10_000);
  const gatewayRoot = process.env.BENCH_ALLOC_GATEWAY_ROOT ?? settings.repoRoot;
  const scenario = allScenarios({ ...settings, scenarios: [scenarioId] }).find((s) => s.id === scenarioId);
  if (!scenario) throw new Error(`no scenario "${scenarioId}"`);
  mkdirSync(join(settings.outDir, 'tmp'), { recursive: true });
  const out = join(settings.outDir, 'tmp', `alloc-${scenarioId}-${Date.now()}.json`);
  const upstream = await startUpstream();
  await upstream.setProfile(scenario.profile);
  // Another checkout is started by its own launcher, whose config matches that tree's schema.
  const launcher =
    gatewayRoot === settings.repoRoot
      ? startGatewayProcess
      : /** @type {typeof startGatewayProcess} */ (
          (await import(pathToFileURL(join(gatewayRoot, 'apps/bench/src/gateway-process.mjs')).href))
            .startGatewayProcess
        );
  const gateway = await launcher({
    repoRoot: gatewayRoot,
    upstreamOrigin: upstream.origin,
    logPath: settings.gatewayLog,
    nodeArgs: ['--import', fileURLToPath(new URL('./alloc-sampler.mjs', import.meta.url))],
    env: { INTERLINGUA_ALLOC_OUT: out },
  });
  const load = (/** @type {number} */ count) =>
    runLoad({
      origin: gateway.origin,
      concurrency: scenario.concurrency,
      requests: scenario.requests,
      mode: { kind: 'count', count },
    });
  await load(Math.min(requests, 3_000));
  process.kill(/** @type {number} */ (gateway.pid), 'SIGUSR2');
  const result = await load(requests);
  process.kill(/** @type {number} */ (gateway.pid), 'SIGUSR2');
  for (let i = 0; i < 200 && !existsSync(out); i++) await sleep(50);
  await gateway.stop();
  await upstream.stop();
  const { profile, gcs, error } = JSON.parse(readFileSync(out, 'utf8'));
  if (error) throw new Error(error);
  const summary = summarizeAllocations(profile.head, settings.repoRoot);
  const perRequest = (/** @type {number} */ bytes) => (bytes / result.completed).toFixed(0);
  const lines = [
    `# Gateway allocations: ${scenario.id} (${gatewayRoot})`,
    '',
    `${result.completed} requests (${result.errors} errors); ${perRequest(summary.total)} bytes/request sampled; GCs per 10k requests: ${((gcs.minor / result.completed) * 1e4).toFixed(1)} scavenges, ${((gcs.major / result.completed) * 1e4).toFixed(1)} major; GC pauses ${((gcs.pauseMs / result.completed) * 1000).toFixed(1)} µs/request (load-dependent).`,
    '',
    '| bytes/request | share | function | location |',
    '|--:|--:|---|---|',
    ...summary.functions
      .slice(0, Number(process.env.BENCH_ALLOC_TOP ?? 40))
      .map(
        (f) =>
          `| ${perRequest(f.bytes)} | ${((f.bytes / summary.total) * 100).toFixed(1)}% | \`${f.name}\` | ${f.location} |`,
      ),
  ];
  const text = `${lines.join('\n')}\n`;
  process.stdout.write(text);
  writeFileSync(join(settings.outDir, 'alloc-latest.md'), text);
  const json = { scenario: scenario.id, requests: result.completed, gcs, ...summary };
  writeFileSync(join(settings.outDir, 'alloc-latest.json'), `${JSON.stringify(json)}\n`);
}
