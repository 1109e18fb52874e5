import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Harness } from '@interlingua/gateway/test-support';
import { GATEWAY_KEY, providerForWire, startHarness, UPSTREAM_WIRES } from '@interlingua/gateway/test-support';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_CLI_RESULTS, readAgentCliResults } from '../../agent-clis-matrix.mjs';
import { AGENT_CLIS, type AgentCli } from './agent-clis.test-support.js';
import { startAgentTaskUpstream, type AgentTaskUpstream } from './agent-task-upstream.test-support.js';
import { judgeCompaction, judgeRun, taskFor, type AgentCliCell, type RunRecord } from './judge-run.test-support.js';
import { installed, runCli } from './run-cli.test-support.js';

/**
 * Every agent CLI does the scripted task through the gateway against every upstream style; each
 * cell's verdict must be the committed one (results/agent-clis.json, shown in
 * docs/compatibility.md). `UPDATE_AGENT_CLIS=1` rewrites the results instead
 * (apps/client-suites/agent-clis-matrix.mjs). `AGENT_CLIS_ONLY` / `AGENT_CLIS_UPSTREAMS` (comma
 * lists) narrow a local run.
 */
const ONLY = (process.env.AGENT_CLIS_ONLY ?? '').split(',').filter(Boolean);
const ONLY_UPSTREAMS = (process.env.AGENT_CLIS_UPSTREAMS ?? '').split(',').filter(Boolean);
const UPDATE = process.env.UPDATE_AGENT_CLIS === '1';
/** Where each run's upstream log goes, for reading what a CLI sent (optional). */
const LOG_DIR = process.env.AGENT_CLIS_LOG_DIR;

const UPSTREAM_TITLES: Record<GenerationStyle, string> = {
  'openai-chat': 'OpenAI chat',
  'openai-responses': 'OpenAI Responses',
  'anthropic-messages': 'Anthropic',
  gemini: 'Gemini',
};
const FEATURES = [
  { id: 'task', title: 'Multi-step task (read, write, run, answer)' },
  { id: 'signatures', title: 'Thinking signatures round-trip' },
  { id: 'compaction', title: 'Long session: compacts, then finishes the task' },
];
/** Filler lines making notes.txt a big tool output in the compaction runs (about 24 KiB). */
const BIG_NOTES = Array.from(
  { length: 240 },
  (_, line) => `Line ${line} of the meeting log: nothing here matters for the task, it only fills the context.\n`,
).join('');

let harness: Harness;
let upstream: AgentTaskUpstream;
let scratch: string;
/** WebSocket upgrade requests the gateway received so far. */
let upgrades = 0;
const cells: AgentCliCell[] = [];
const committed = readAgentCliResults();

beforeAll(async () => {
  upstream = await startAgentTaskUpstream();
  scratch = mkdtempSync(join(tmpdir(), 'interlingua-agent-clis-'));
  const providers = UPSTREAM_WIRES.map((wire) => providerForWire(wire, wire, upstream.url));
  const models = UPSTREAM_WIRES.map((wire) => ({
    name: `${wire}.*`,
    targets: [{ provider: wire }],
    // Anthropic requires max_tokens: the route gives one, as a deployment would.
    ...(wire === 'anthropic-messages' ? { defaultMaxOutputTokens: 4096 } : {}),
  }));
  harness = await startHarness(() => undefined, {
    providers,
    models,
    sections: { responses: { compaction: { secret: 'agent-cli-suite-secret-0123456789abcdef' } } },
  });
  harness.gateway.server.on('upgrade', () => upgrades++);
});

afterAll(async () => {
  await harness?.close();
  await upstream?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  if (!UPDATE) return;
  // A narrowed run replaces its own cells and keeps the others.
  const kept = (committed?.cells ?? []).filter(
    (old) =>
      !cells.some((cell) => cell.cli === old.cli && cell.upstream === old.upstream && cell.feature === old.feature),
  );
  const order = (cell: { cli: string; upstream: string; feature: string }) =>
    (AGENT_CLIS.findIndex((cli) => cli.id === cell.cli) * 10 +
      UPSTREAM_WIRES.indexOf(cell.upstream as GenerationStyle)) *
      10 +
    FEATURES.findIndex((feature) => feature.id === cell.feature);
  const results = {
    suite: 'agent-clis',
    lane: 'node24',
    upstreams: UPSTREAM_WIRES.map((id) => ({ id, title: UPSTREAM_TITLES[id] })),
    features: FEATURES,
    clis: AGENT_CLIS.map((cli) => ({
      id: cli.id,
      title: cli.title,
      package: cli.packageName,
      version: cli.version,
      speaks: cli.speaks,
      compactsBy: cli.compactsBy,
    })),
    cells: [...kept, ...cells].sort((a, b) => order(a) - order(b)),
  };
  writeFileSync(AGENT_CLI_RESULTS, `${JSON.stringify(results, null, 2)}\n`);
});

/** Runs `cli` through the gateway on the `wire` upstream doing the task; `compact` makes the session compact. */
async function runTask(cli: AgentCli, wire: GenerationStyle, compact: boolean): Promise<RunRecord> {
  expect(installed(cli), `${cli.packageName}@${cli.version} is not installed (run .ci/agent-clis.sh)`).toBe(true);
  const name = `${cli.id}-${wire}${compact ? '-compaction' : ''}`;
  const root = join(scratch, name);
  const home = join(root, 'home');
  const dir = join(root, 'work');
  mkdirSync(join(home, 'tmp'), { recursive: true });
  mkdirSync(dir, { recursive: true });
  const secret = `kiwi${cli.id.length}${wire.length}`;
  writeFileSync(join(dir, 'notes.txt'), `Project notes.\nThe secret word: ${secret}\n${compact ? BIG_NOTES : ''}`);
  const task = {
    ...taskFor(dir, secret),
    ...(compact ? { measuredUsage: true } : {}),
  };
  // Compaction runs go side by side, each under its own model name; task runs one at a time.
  const model = compact ? `${wire}.compact-${cli.id}-${wire}` : `${wire}.agent`;
  // The upstream sees what the route's `*` matched.
  const upstreamModel = model.slice(wire.length + 1);
  if (compact) upstream.setTask(task, upstreamModel);
  else upstream.setTask(task);
  const first = upstream.turns.length;
  const firstRequest = upstream.requests.length;
  const upgradesBefore = upgrades;
  const setup = {
    gateway: harness.url,
    key: GATEWAY_KEY,
    model,
    home,
    dir,
    compactEarly: compact,
    prompt:
      'Read notes.txt, write answer.txt with the secret word, then run a command to count its bytes, and tell me both.',
  };
  let outcome = await runCli(cli, setup);
  if (compact && cli.compactsOnNextPrompt && outcome.code === 0) {
    const next = await runCli(cli, { ...setup, resume: true, prompt: cli.compactsOnNextPrompt });
    outcome = { ...next, start: outcome.start, ms: outcome.ms + next.ms, stdout: `${outcome.stdout}\n${next.stdout}` };
  }
  const turns = upstream.turns.slice(first).filter((turn) => !compact || turn.model === upstreamModel);
  const written = existsSync(join(dir, task.writeFile)) ? readFileSync(join(dir, task.writeFile), 'utf8') : undefined;
  if (LOG_DIR) {
    mkdirSync(LOG_DIR, { recursive: true });
    const requests = upstream.requests
      .slice(firstRequest)
      .map((request) => ({ url: request.url, body: request.body.toString('utf8') }))
      .filter((request) => !compact || request.body.includes(upstreamModel) || request.url.includes(upstreamModel));
    writeFileSync(
      join(LOG_DIR, `${name}.json`),
      JSON.stringify({ outcome, upgrades: upgrades - upgradesBefore, turns, requests }, null, 1),
    );
  }
  return {
    cli: cli.id,
    wire,
    task,
    secret,
    outcome,
    turns,
    written,
    root,
    upgrades: upgrades - upgradesBefore,
    // Side by side, WebSocket upgrades cannot be told apart: only the WebSocket run checks it saw some.
    websocket: compact && cli.websocket === false ? undefined : cli.websocket,
  };
}

function outputOf(run: RunRecord): string {
  return `stdout: ${run.outcome.stdout.slice(-1500)}\nstderr: ${run.outcome.stderr.slice(-1500)}`;
}

const clis = AGENT_CLIS.filter((cli) => ONLY.length === 0 || ONLY.includes(cli.id));
const wires = UPSTREAM_WIRES.filter((wire) => ONLY_UPSTREAMS.length === 0 || ONLY_UPSTREAMS.includes(wire));

describe.each(clis.map((cli) => [cli.title, cli] as [string, AgentCli]))('%s', (_title, cli) => {
  it.each(wires.map((wire) => [UPSTREAM_TITLES[wire], wire] as [string, GenerationStyle]))(
    'does the task through an %s upstream',
    async (_upstreamTitle, wire) => {
      const run = await runTask(cli, wire, false);
      const verdicts = judgeRun(run);
      cells.push(...verdicts);
      if (UPDATE) return;
      // A task run judges the task and the signatures; the compaction runs below judge compaction.
      const expected = verdicts.map((verdict) =>
        committed?.cells.find((c) => c.cli === cli.id && c.upstream === wire && c.feature === verdict.feature),
      );
      expect(verdicts, outputOf(run)).toEqual(expected);
    },
  );
});

describe.concurrent('compaction', () => {
  const cases = clis.flatMap((cli) =>
    wires.map((wire) => [cli.title, UPSTREAM_TITLES[wire], cli, wire] as [string, string, AgentCli, GenerationStyle]),
  );
  it.each(cases)('%s compacts a long session through an %s upstream and finishes', async (_t, _u, cli, wire) => {
    const expected = committed?.cells.find(
      (c) => c.cli === cli.id && c.upstream === wire && c.feature === 'compaction',
    );
    const run = await runTask(cli, wire, true);
    const verdict = judgeCompaction(run);
    cells.push(verdict);
    if (UPDATE) return;
    expect(verdict, outputOf(run)).toEqual(expected);
  });
});
