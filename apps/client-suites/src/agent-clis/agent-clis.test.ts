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
import { judgeRun, taskFor, type AgentCliCell } from './judge-run.test-support.js';
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
];

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
    (old) => !cells.some((cell) => cell.cli === old.cli && cell.upstream === old.upstream),
  );
  const order = (cell: { cli: string; upstream: string }) =>
    AGENT_CLIS.findIndex((cli) => cli.id === cell.cli) * 10 + UPSTREAM_WIRES.indexOf(cell.upstream as GenerationStyle);
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
    })),
    cells: [...kept, ...cells].sort((a, b) => order(a) - order(b)),
  };
  writeFileSync(AGENT_CLI_RESULTS, `${JSON.stringify(results, null, 2)}\n`);
});

const clis = AGENT_CLIS.filter((cli) => ONLY.length === 0 || ONLY.includes(cli.id));
const wires = UPSTREAM_WIRES.filter((wire) => ONLY_UPSTREAMS.length === 0 || ONLY_UPSTREAMS.includes(wire));

describe.each(clis.map((cli) => [cli.title, cli] as [string, AgentCli]))('%s', (_title, cli) => {
  it.each(wires.map((wire) => [UPSTREAM_TITLES[wire], wire] as [string, GenerationStyle]))(
    'does the task through an %s upstream',
    async (_upstreamTitle, wire) => {
      expect(installed(cli), `${cli.packageName}@${cli.version} is not installed (run .ci/agent-clis.sh)`).toBe(true);
      const root = join(scratch, `${cli.id}-${wire}`);
      const home = join(root, 'home');
      const dir = join(root, 'work');
      mkdirSync(join(home, 'tmp'), { recursive: true });
      mkdirSync(dir, { recursive: true });
      const secret = `kiwi${cli.id.length}${wire.length}`;
      writeFileSync(join(dir, 'notes.txt'), `Project notes.\nThe secret word: ${secret}\n`);
      const task = taskFor(dir, secret);
      upstream.setTask(task);
      const first = upstream.turns.length;
      const firstRequest = upstream.requests.length;
      const upgradesBefore = upgrades;
      const outcome = await runCli(cli, {
        gateway: harness.url,
        key: GATEWAY_KEY,
        model: `${wire}.agent`,
        home,
        dir,
        prompt:
          'Read notes.txt, write answer.txt with the secret word, then run a command to count its bytes, and tell me both.',
      });
      const turns = upstream.turns.slice(first);
      const written = existsSync(join(dir, task.writeFile))
        ? readFileSync(join(dir, task.writeFile), 'utf8')
        : undefined;
      if (LOG_DIR) {
        mkdirSync(LOG_DIR, { recursive: true });
        writeFileSync(
          join(LOG_DIR, `${cli.id}-${wire}.json`),
          JSON.stringify(
            {
              outcome,
              turns,
              requests: upstream.requests.slice(firstRequest).map((request) => ({
                url: request.url,
                body: request.body.toString('utf8'),
              })),
            },
            null,
            1,
          ),
        );
      }
      const verdicts = judgeRun({
        cli: cli.id,
        wire,
        task,
        secret,
        outcome,
        turns,
        written,
        root,
        upgrades: upgrades - upgradesBefore,
        websocket: cli.websocket,
      });
      cells.push(...verdicts);
      if (UPDATE) return;
      const expected = FEATURES.map((feature) =>
        committed?.cells.find((c) => c.cli === cli.id && c.upstream === wire && c.feature === feature.id),
      );
      expect(verdicts, `stdout: ${outcome.stdout.slice(-1500)}\nstderr: ${outcome.stderr.slice(-1500)}`).toEqual(
        expected,
      );
    },
  );
});
