#!/usr/bin/env node
/**
 * docs/clients.md is GENERATED from the results of the real-client suites (apps/client-suites/src),
 * never written by hand. Each suite file runs its clients against the gateway over loopback and
 * checks that its committed results, results/<lane>/<suite>.json, are what the run produced;
 * `renderClientsMarkdown` turns the results of every lane into the page, and
 * src/clients-page.test.ts checks the committed page against them.
 *
 *   node apps/client-suites/clients-matrix.mjs     run the suites on this Node (its lane), rewrite the results and the page
 *   $NODE24/bin/node apps/client-suites/clients-matrix.mjs    the same for the Node 24 lane
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeCell, numberedNotes, SYMBOL, tableHead } from './matrix-markdown.mjs';

export const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'results');
export const PAGE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'clients.md');
export const REGENERATE_COMMAND = 'node apps/client-suites/clients-matrix.mjs';

/**
 * @typedef {{ name: string, version: string }} LoadedPackage
 * @typedef {{ client: string, upstream: string, feature: string, status: 'pass' | 'fail' | 'n/a' | 'limit', note?: string }} CellResult
 * @typedef {{ id: string, title: string }} Labelled
 * @typedef {{ suite: string, title: string, lane: string, upstreams: Labelled[], features: Labelled[], clients: Array<{ id: string, title: string, packages: LoadedPackage[] }>, cells: CellResult[] }} SuiteResults
 */

/** The lanes, in the page's order. */
export const LANES = /** @type {Labelled[]} */ ([
  { id: 'node20', title: 'Node 20' },
  { id: 'node24', title: 'Node 24' },
]);

/**
 * Every committed results file, by lane.
 * @returns {SuiteResults[]}
 */
export function readAllResults() {
  return LANES.flatMap((lane) => {
    const dir = join(RESULTS_DIR, lane.id);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => /** @type {SuiteResults} */ (JSON.parse(readFileSync(join(dir, file), 'utf8'))));
  });
}

/**
 * The page for the results of every lane: versions, a pass count per client and upstream style,
 * then one table per client (features x upstream styles) with numbered notes.
 * Deterministic: the same results always give the same bytes.
 * @param {SuiteResults[]} results
 * @returns {string}
 */
export function renderClientsMarkdown(results) {
  const suites = [...new Set(results.map((r) => r.suite))].sort();
  const lanes = LANES.filter((lane) => results.some((r) => r.lane === lane.id));
  const { upstreams, features } = results[0] ?? { upstreams: [], features: [] };
  const lines = [
    '# Real clients against the gateway',
    '',
    `<!-- GENERATED from the results of apps/client-suites by apps/client-suites/clients-matrix.mjs. Do not edit: run \`${REGENERATE_COMMAND}\` (on each Node lane). -->`,
    '',
    'The clients people run, pointed at the gateway and judged by their own parsers: every cell is a',
    'real call of the client library through the gateway, over loopback, to an upstream of that style.',
    'The OpenAI, Anthropic and Gemini upstreams answer with answers recorded from the real APIs (the',
    'recordings in packages/testkit), streams paced event by event; their request is checked against',
    "the provider's documented schema first. `mock` is the built-in mock provider. A cell passes when",
    'the client returns the recorded content (text, tool call and arguments, object, vector), a',
    'streamed text reaches the client in more than one delta at distinct times, a tool loop sends the',
    "tool's output back and ends with the recorded answer, an upstream error surfaces as the client's",
    'own API error class with the upstream status, and usage has input and output tokens above zero.',
    'Structured output is asked for in JSON-schema mode (the recorded answers are JSON text, as that',
    'mode returns them); clients whose default mode is a forced tool call are set to it, as their titles say.',
    '',
    'Two CI lanes run the same tests: Node 20 with the newest releases that still support Node 20, and',
    'Node 24 with the current majors (which need Node 22 or newer).',
    '',
    `Legend: ${SYMBOL.pass} passes · ${SYMBOL.limit} a known limit of the client (see the note) · ${SYMBOL.fail} fails (see the note) · ${SYMBOL['n/a']} not applicable. A cell that differs between the lanes shows both.`,
    '',
    '## Versions',
    '',
    `| Client | ${lanes.map((l) => `${l.title} lane`).join(' | ')} |`,
    `|---|${lanes.map(() => '---').join('|')}|`,
  ];
  const clients = clientRows(results, suites);
  for (const client of clients) {
    const versions = lanes.map((lane) => {
      const entry = results
        .find((r) => r.lane === lane.id && r.suite === client.suite)
        ?.clients.find((c) => c.id === client.id);
      return entry ? entry.packages.map((p) => `\`${p.name}@${p.version}\``).join(', ') : 'not run';
    });
    lines.push(`| ${client.title} | ${versions.join(' | ')} |`);
  }
  lines.push(
    '',
    '## Summary',
    '',
    'Cells passed out of cells that apply, per upstream style' +
      (lanes.length > 1 ? ` (${lanes.map((l) => l.title).join(' · ')})` : '') +
      '.',
    '',
  );
  lines.push(...tableHead('Client', upstreams));
  for (const client of clients) {
    const counts = upstreams.map((upstream) =>
      lanes
        .map((lane) => {
          const cells = cellsOf(results, lane.id, client).filter(
            (c) => c.upstream === upstream.id && c.status !== 'n/a',
          );
          return cells.length === 0 ? '—' : `${cells.filter((c) => c.status === 'pass').length}/${cells.length}`;
        })
        .join(' · '),
    );
    lines.push(`| ${client.title} | ${counts.join(' | ')} |`);
  }
  lines.push('');
  for (const suite of suites) {
    const title = results.find((r) => r.suite === suite)?.title ?? suite;
    lines.push(`## ${title}`, '');
    for (const client of clients.filter((c) => c.suite === suite))
      lines.push(...renderClient(results, lanes, upstreams, features, client));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * @param {SuiteResults[]} results
 * @param {string[]} suites
 * @returns {Array<{ suite: string, id: string, title: string }>}
 */
function clientRows(results, suites) {
  /** @type {Array<{ suite: string, id: string, title: string }>} */
  const rows = [];
  for (const suite of suites) {
    for (const result of results.filter((r) => r.suite === suite)) {
      for (const client of result.clients)
        if (!rows.some((row) => row.suite === suite && row.id === client.id))
          rows.push({ suite, id: client.id, title: client.title });
    }
  }
  return rows;
}

/**
 * @param {SuiteResults[]} results
 * @param {string} lane
 * @param {{ suite: string, id: string }} client
 * @returns {CellResult[]}
 */
function cellsOf(results, lane, client) {
  return (
    results.find((r) => r.lane === lane && r.suite === client.suite)?.cells.filter((c) => c.client === client.id) ?? []
  );
}

/**
 * @param {SuiteResults[]} results
 * @param {Labelled[]} lanes
 * @param {Labelled[]} upstreams
 * @param {Labelled[]} features
 * @param {{ suite: string, id: string, title: string }} client
 * @returns {string[]}
 */
function renderClient(results, lanes, upstreams, features, client) {
  const notes = numberedNotes();
  const noteNumber = (/** @type {string} */ note) => notes.number(escapeCell(note));
  const lines = [`### ${client.title}`, '', ...tableHead('Feature', upstreams)];
  for (const feature of features) {
    const row = upstreams.map((upstream) => {
      const perLane = lanes.map((lane) => ({
        lane,
        cell: cellsOf(results, lane.id, client).find((c) => c.upstream === upstream.id && c.feature === feature.id),
      }));
      const shown = perLane.map(({ lane, cell }) => {
        if (!cell) return { lane, text: '?' };
        const mark = cell.note ? `${SYMBOL[cell.status]} [${noteNumber(cell.note)}]` : SYMBOL[cell.status];
        return { lane, text: mark };
      });
      const same = shown.every((s) => s.text === shown[0]?.text);
      return same ? (shown[0]?.text ?? '?') : shown.map((s) => `${s.lane.title}: ${s.text}`).join(', ');
    });
    lines.push(`| ${feature.title} | ${row.join(' | ')} |`);
  }
  lines.push('');
  lines.push(...notes.lines());
  return lines;
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const run = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'apps/client-suites/src'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, UPDATE_CLIENT_MATRIX: '1' } },
  );
  writeFileSync(PAGE, renderClientsMarkdown(readAllResults()));
  return run.status ?? 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main();
