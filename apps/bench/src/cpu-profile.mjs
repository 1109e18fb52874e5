import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join, relative, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { startGatewayProcess } from './gateway-process.mjs';
import { runLoad } from './load-generator.mjs';
import { allScenarios } from './scenarios.mjs';
import { startUpstream } from './server-processes.mjs';
import { startOtlpReceiver } from './telemetry-scenario.mjs';

/**
 * Profile mode: the gateway runs under `node --cpu-prof` while fast-path scenarios load it; the
 * profile's self time is summed per function and mapped back to the TypeScript sources through
 * dist/main.js.map.
 *
 * @typedef {{ id: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }} ProfileNode
 * @typedef {{ nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] }} CpuProfile
 * @typedef {{ name: string; location: string; area: string; selfMs: number }} FunctionTime
 */

/**
 * Where a profiled frame comes from, readable: a TypeScript source of ours (through the source
 * map), a package in node_modules, or Node itself.
 * @param {ProfileNode['callFrame']} frame
 * @param {string} repoRoot
 * @param {Map<string, SourceMap | null>} maps
 * @returns {{ location: string; area: string }}
 */
export function locate(frame, repoRoot, maps) {
  const { url, lineNumber, columnNumber } = frame;
  if (!url) return { location: '', area: 'v8' };
  if (url.startsWith('node:')) return { location: `${url}:${lineNumber + 1}`, area: 'node' };
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const modules = path.lastIndexOf('/node_modules/');
  if (modules !== -1) {
    const rest = path.slice(modules + '/node_modules/'.length);
    const name = rest.startsWith('@') ? rest.split('/').slice(0, 2).join('/') : (rest.split('/')[0] ?? rest);
    return { location: `${rest}:${lineNumber + 1}`, area: name };
  }
  if (!maps.has(path)) {
    try {
      maps.set(path, new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8'))));
    } catch {
      maps.set(path, null);
    }
  }
  const entry = maps.get(path)?.findEntry(lineNumber, columnNumber);
  if (entry && 'originalSource' in entry && entry.originalSource) {
    const source = relative(repoRoot, resolve(path, '..', entry.originalSource.replace(/^file:\/\//, '')));
    const area = /node_modules/.test(source)
      ? (source.split('node_modules/')[1]?.split('/')[0] ?? 'deps')
      : source.split('/').slice(0, 2).join('/') || 'gateway';
    return { location: `${source}:${entry.originalLine + 1}`, area };
  }
  return { location: `${relative(repoRoot, path)}:${lineNumber + 1}:${columnNumber + 1}`, area: 'bundle' };
}

/**
 * Self time per function (and per area) from a `.cpuprofile`, counting only the samples taken
 * in `window` (V8's profile clock and `process.hrtime` are both CLOCK_MONOTONIC, in µs here).
 * @param {CpuProfile} profile
 * @param {string} repoRoot
 * @param {{ fromUs: number; toUs: number }} [window]
 */
export function summarizeProfile(profile, repoRoot, window = { fromUs: 0, toUs: Number.POSITIVE_INFINITY }) {
  /** @type {Map<number, number>} */
  const selfByNode = new Map();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at >= window.fromUs && at <= window.toUs) selfByNode.set(id, (selfByNode.get(id) ?? 0) + delta);
  });
  /** @type {Map<string, FunctionTime>} */
  const byFunction = new Map();
  /** @type {Map<string, SourceMap | null>} */
  const maps = new Map();
  let totalUs = 0;
  for (const node of profile.nodes) {
    const selfUs = selfByNode.get(node.id) ?? 0;
    totalUs += selfUs;
    if (selfUs === 0) continue;
    const { location, area } = locate(node.callFrame, repoRoot, maps);
    const name = node.callFrame.functionName || '(anonymous)';
    const key = `${name}@${location}`;
    const entry = byFunction.get(key) ?? { name, location, area: name.startsWith('(') ? name : area, selfMs: 0 };
    entry.selfMs += selfUs / 1000;
    byFunction.set(key, entry);
  }
  const inclusive = inclusiveTimes(profile, selfByNode, (node) => {
    const { location } = locate(node.callFrame, repoRoot, maps);
    return /^(apps|packages)\//.test(location)
      ? `${node.callFrame.functionName || '(anonymous)'}@${location}`
      : undefined;
  });
  /** @type {Map<string, number>} */
  const byArea = new Map();
  for (const f of byFunction.values()) byArea.set(f.area, (byArea.get(f.area) ?? 0) + f.selfMs);
  const functions = [...byFunction.values()].sort((a, b) => b.selfMs - a.selfMs);
  const areas = [...byArea.entries()].map(([area, selfMs]) => ({ area, selfMs })).sort((a, b) => b.selfMs - a.selfMs);
  return { totalMs: totalUs / 1000, functions, areas, inclusive };
}

/**
 * Inclusive time (self plus callees) of the frames `keyOf` names, counting a recursive frame once.
 * @param {CpuProfile} profile
 * @param {Map<number, number>} selfByNode
 * @param {(node: ProfileNode) => string | undefined} keyOf
 * @returns {{ name: string; totalMs: number }[]}
 */
function inclusiveTimes(profile, selfByNode, keyOf) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<string, number>} */
  const totals = new Map();
  /** @type {Map<number, number>} */
  const subtree = new Map();
  /** @param {number} id @returns {number} */
  const sizeOf = (id) => {
    const known = subtree.get(id);
    if (known !== undefined) return known;
    let size = selfByNode.get(id) ?? 0;
    for (const child of byId.get(id)?.children ?? []) size += sizeOf(child);
    subtree.set(id, size);
    return size;
  };
  const root = profile.nodes[0];
  /** @type {[number, Set<string>][]} */
  const stack = root ? [[root.id, new Set()]] : [];
  while (stack.length > 0) {
    const [id, open] = /** @type {[number, Set<string>]} */ (stack.pop());
    const node = byId.get(id);
    if (!node) continue;
    const key = keyOf(node);
    let inner = open;
    if (key && !open.has(key)) {
      totals.set(key, (totals.get(key) ?? 0) + sizeOf(id));
      inner = new Set(open).add(key);
    }
    for (const child of node.children ?? []) stack.push([child, inner]);
  }
  return [...totals.entries()]
    .map(([name, us]) => ({ name, totalMs: us / 1000 }))
    .sort((a, b) => b.totalMs - a.totalMs);
}

/**
 * @param {ReturnType<typeof summarizeProfile>} summary
 * @param {number} top
 */
export function profileMarkdown(summary, top) {
  const pct = (/** @type {number} */ ms) => `${((ms / summary.totalMs) * 100).toFixed(1)}%`;
  const lines = [
    `Total sampled: ${summary.totalMs.toFixed(0)} ms`,
    '',
    '| self ms | self % | function | location |',
    '|--:|--:|---|---|',
  ];
  for (const f of summary.functions.slice(0, top))
    lines.push(`| ${f.selfMs.toFixed(1)} | ${pct(f.selfMs)} | \`${f.name}\` | ${f.location} |`);
  lines.push(
    '',
    "Inclusive time (self + callees) of the gateway's and the packages' own functions:",
    '',
    '| total ms | total % | function@location |',
    '|--:|--:|---|',
  );
  for (const f of summary.inclusive.slice(0, top))
    lines.push(`| ${f.totalMs.toFixed(1)} | ${pct(f.totalMs)} | \`${f.name}\` |`);
  lines.push('', '| area | self ms | self % |', '|---|--:|--:|');
  for (const a of summary.areas.slice(0, 20)) lines.push(`| ${a.area} | ${a.selfMs.toFixed(1)} | ${pct(a.selfMs)} |`);
  return lines.join('\n');
}

/**
 * Profiles one scenario: a fresh gateway under `--cpu-prof`, loaded for `seconds`, then stopped
 * (SIGTERM) so that Node writes the profile. The `telemetry` scenario profiles the gateway with
 * tracing on, exporting to a loopback OTLP receiver.
 * @param {import('./bench-settings.mjs').BenchSettings} settings
 * @param {import('./scenarios.mjs').Scenario} scenario
 * @param {import('./server-processes.mjs').Upstream} upstream
 * @param {number} seconds
 */
async function profileScenario(settings, scenario, upstream, seconds) {
  const dir = join(settings.outDir, 'tmp', `profile-${scenario.id}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const receiver = scenario.kind === 'telemetry' ? await startOtlpReceiver() : undefined;
  const gateway = await startGatewayProcess({
    repoRoot: settings.repoRoot,
    upstreamOrigin: upstream.origin,
    logPath: settings.gatewayLog,
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
    env: receiver ? { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.origin, OTEL_SERVICE_NAME: 'interlingua-bench' } : {},
  });
  await upstream.setProfile(scenario.profile);
  const window = { fromUs: 0, toUs: 0 };
  const nowUs = () => Number(process.hrtime.bigint() / 1000n);
  const result = await runLoad({
    origin: gateway.origin,
    concurrency: scenario.concurrency,
    requests: scenario.requests,
    mode: {
      kind: 'window',
      warmupMs: 1_000,
      durationMs: seconds * 1000,
      onWindowStart: () => (window.fromUs = nowUs()),
      onWindowEnd: () => (window.toUs = nowUs()),
    },
  });
  await gateway.stop();
  await receiver?.stop();
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile written in ${dir}`);
  const summary = summarizeProfile(JSON.parse(readFileSync(join(dir, file), 'utf8')), settings.repoRoot, window);
  const rps = ((result.completed / result.elapsedMs) * 1000).toFixed(0);
  return `## ${scenario.id}: ${scenario.title}\n\n${rps} req/s, ${result.errors} errors; profile ${relative(settings.repoRoot, join(dir, file))}.\n\n${profileMarkdown(summary, 30)}\n`;
}

/**
 * Runs the profile mode (one gateway process per scenario) and writes
 * `bench/results/profile-latest.md`; `BENCH_PROFILE_FILE` only summarizes an existing profile.
 * @param {import('./bench-settings.mjs').BenchSettings} settings
 */
export async function runProfile(settings) {
  if (process.env.BENCH_PROFILE_FILE) {
    const summary = summarizeProfile(
      JSON.parse(readFileSync(process.env.BENCH_PROFILE_FILE, 'utf8')),
      settings.repoRoot,
    );
    process.stdout.write(`${profileMarkdown(summary, 30)}\n`);
    return;
  }
  const ids = (process.env.BENCH_PROFILE_SCENARIOS ?? 'chat-c50,stream-burst,cross-messages-openai').split(',');
  const seconds = Number(process.env.BENCH_PROFILE_SECONDS ?? 8);
  const upstream = await startUpstream();
  const sections = [];
  for (const scenario of allScenarios({ ...settings, scenarios: ids }).filter((s) =>
    ['window', 'telemetry'].includes(s.kind),
  )) {
    process.stderr.write(`profiling ${scenario.id} for ${seconds} s…\n`);
    sections.push(await profileScenario(settings, scenario, upstream, seconds));
  }
  await upstream.stop();
  const text = `# Gateway CPU profiles\n\nNode ${process.version}; ${new Date().toISOString()}. Only the samples of the measured window count (start-up and the 1 s warm-up are left out); (idle) is time the gateway waited for work.\n\n${sections.join('\n')}`;
  process.stdout.write(`${text}\n`);
  mkdirSync(settings.outDir, { recursive: true });
  writeFileSync(join(settings.outDir, 'profile-latest.md'), text);
}
