#!/usr/bin/env node
/**
 * The agent-CLI table of docs/compatibility.md is GENERATED from the agent-CLI suite
 * (apps/client-suites/src/agent-clis), never written by hand. The suite runs each agent CLI
 * through the gateway against every upstream style and checks that its committed results,
 * results/agent-clis.json, are what the run produced; `renderAgentCliSection` turns them into the
 * page's section (scripts/compatibility-matrix.mjs places it).
 *
 *   node apps/client-suites/agent-clis-matrix.mjs    install the CLIs, run the suite on Node 24, rewrite the results and the page
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
export const AGENT_CLI_RESULTS = join(HERE, 'results', 'agent-clis.json');
export const AGENT_CLI_REGENERATE = 'node apps/client-suites/agent-clis-matrix.mjs';
const SYMBOL = { pass: '✅', fail: '❌', 'n/a': '—', limit: '⚠️' };

/**
 * Failures outside the gateway's reach, with the reason the page gives (read from what each CLI
 * sent back in the suite's upstream log): shown as ⚠️ with the reason instead of ❌.
 * @type {Record<string, string>}
 */
export const OUTSIDE_OUR_REACH = {
  'opencode/signatures':
    "opencode's OpenAI-compatible provider sends back only the `reasoning_content` text of an answer: the `reasoning_details` carrier and the calls' `extra_content` signature are not kept, so no artefact can return to the upstream",
  'qwen-code/signatures':
    "qwen-code sends back only the `reasoning_content` text of an answer: the `reasoning_details` carrier and the calls' `extra_content` signature are not kept, so no artefact can return to the upstream",
  'pi/signatures':
    "pi's OpenAI-completions client sends back only the reasoning text of an answer: the `reasoning_details` carrier and the calls' `extra_content` signature are not kept, so no artefact can return to the upstream",
};

/**
 * @typedef {{ id: string, title: string }} Labelled
 * @typedef {{ cli: string, upstream: string, feature: string, status: 'pass' | 'fail' | 'n/a' | 'limit', note?: string }} AgentCliCell
 * @typedef {{ suite: 'agent-clis', lane: string, upstreams: Labelled[], features: Labelled[], clis: Array<Labelled & { package: string, version: string, speaks: string, compactsBy?: string }>, cells: AgentCliCell[] }} AgentCliResults
 */

/**
 * The committed results, or undefined before the first run.
 * @returns {AgentCliResults | undefined}
 */
export function readAgentCliResults() {
  if (!existsSync(AGENT_CLI_RESULTS)) return undefined;
  return JSON.parse(readFileSync(AGENT_CLI_RESULTS, 'utf8'));
}

/** @param {string} text */
function escapeCell(text) {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

/**
 * The page section: versions, then one table per feature (CLI x upstream style) with numbered notes.
 * @param {AgentCliResults | undefined} results
 * @returns {string[]}
 */
export function renderAgentCliSection(results) {
  if (!results) return [];
  const lines = [
    '## Agent CLIs',
    '',
    'Each agent CLI run non-interactively through the gateway, as a new user would set it up (its own',
    'configuration pointing at the gateway, a fresh home, updates and telemetry off), against a',
    'loopback upstream of each style that plays a model doing one coding task with the tools the CLI',
    'offers: read a file, write a file, run a command, then answer with what it read and what the',
    'command printed. A task cell passes when the CLI exits 0, the file holds what the model wrote and',
    "the CLI prints the model's answer. Every step of the model thinks first and signs its thinking as",
    'its provider does (Anthropic thinking signatures, Gemini thought signatures on the call, Responses',
    'encrypted reasoning); a signature cell passes when every later request brought every signature',
    "back unchanged (an altered one is refused with the provider's 400). OpenAI chat upstreams sign",
    `nothing (${SYMBOL['n/a']}).`,
    '',
    'A compaction cell runs the same task as a long session that each CLI must compact with its own',
    'mechanism (made to compact by the settings in the next table): notes.txt is a big tool output',
    'and the upstream reports input tokens that grow with the tool results the request carries, so',
    "the session passes the CLI's limit once the notes are read. The cell passes when the upstream",
    'received the summarising request (for Codex: its remote compaction, the `compaction_trigger`',
    'passed through to an OpenAI Responses upstream or emulated by the gateway on the others), a',
    'later request carried the summary (for Codex: the sealed `compaction` item came back and was',
    'opened), and the task still finished. CLIs that compact only between prompts get a second',
    `prompt continuing the session. ${SYMBOL.limit}: fails for a reason outside the gateway (see the note). Generated by \`${AGENT_CLI_REGENERATE}\` (Node 24 lane, apps/client-suites/src/agent-clis).`,
    '',
    '| CLI | Package | Speaks | Made to compact by |',
    '|---|---|---|---|',
    ...results.clis.map(
      (cli) =>
        `| ${cli.title} | \`${cli.package}@${cli.version}\` | ${cli.speaks} | ${escapeCell(cli.compactsBy ?? '—')} |`,
    ),
    '',
  ];
  /** @type {string[]} */
  const notes = [];
  const noteNumber = (/** @type {string} */ note) => {
    const text = escapeCell(note);
    if (!notes.includes(text)) notes.push(text);
    return notes.indexOf(text) + 1;
  };
  for (const feature of results.features) {
    lines.push(
      `**${feature.title}**`,
      '',
      `| CLI | ${results.upstreams.map((u) => u.title).join(' | ')} |`,
      `|---|${results.upstreams.map(() => '---').join('|')}|`,
    );
    for (const cli of results.clis) {
      const row = results.upstreams.map((upstream) => {
        const cell = results.cells.find(
          (c) => c.cli === cli.id && c.upstream === upstream.id && c.feature === feature.id,
        );
        if (!cell) return '?';
        const outside = cell.status === 'fail' ? OUTSIDE_OUR_REACH[`${cell.cli}/${cell.feature}`] : undefined;
        if (outside) return `${SYMBOL.limit} [${noteNumber(`${outside} (${cell.note ?? 'failed'})`)}]`;
        return cell.note ? `${SYMBOL[cell.status]} [${noteNumber(cell.note)}]` : SYMBOL[cell.status];
      });
      lines.push(`| ${cli.title} | ${row.join(' | ')} |`);
    }
    lines.push('');
  }
  notes.forEach((note, i) => lines.push(`${i + 1}. ${note}`));
  if (notes.length > 0) lines.push('');
  return lines;
}

function main() {
  const root = join(HERE, '..', '..');
  const node24 = spawnSync('bash', ['.ci/node24-bin.sh'], { cwd: root, encoding: 'utf8' });
  const clis = spawnSync('bash', ['.ci/agent-clis.sh'], { cwd: root, encoding: 'utf8' });
  if (node24.status !== 0 || clis.status !== 0) {
    process.stderr.write(node24.stderr + clis.stderr);
    return 1;
  }
  const run = spawnSync(
    node24.stdout.trim(),
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'apps/client-suites/vitest.agent-clis.config.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, INTERLINGUA_AGENT_CLIS: clis.stdout.trim(), UPDATE_AGENT_CLIS: '1' },
    },
  );
  if (run.status !== 0) return run.status ?? 1;
  const page = spawnSync(
    process.execPath,
    ['scripts/compatibility-matrix.mjs', '--render', 'docs/compatibility.json'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (page.status !== 0) return page.status ?? 1;
  writeFileSync(join(root, 'docs', 'compatibility.md'), page.stdout);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main();
