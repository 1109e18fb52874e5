#!/usr/bin/env node
/**
 * The compatibility matrix, docs/compatibility.md, is GENERATED from test results, never written
 * by hand. apps/gateway/src/e2e/compatibility-matrix.e2e.test.ts sends every feature in every
 * caller style through the gateway to every upstream protocol and records what passed (and the
 * warnings the gateway reported) as JSON; `renderCompatibilityMarkdown` below turns that JSON
 * into the page. The test fails when the committed page differs from what its run produced.
 *
 *   node scripts/compatibility-matrix.mjs                  run the matrix and rewrite docs/compatibility.md (+ .json)
 *   node scripts/compatibility-matrix.mjs --render <json>  print the page for a results file
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The test that produces the results. */
export const MATRIX_TEST = 'apps/gateway/src/e2e/compatibility-matrix.e2e.test.ts';
/** The command that regenerates the page, as printed when it is stale. */
export const REGENERATE_COMMAND = 'node scripts/compatibility-matrix.mjs';

/**
 * @typedef {{ id: string, title: string }} Labelled
 * @typedef {{ style: string, upstream: string, feature: string, status: 'pass' | 'fail' | 'n/a', problems: string[], warnings: string[] }} CellResult
 * @typedef {{ styles: Array<Labelled & { endpoint: string }>, upstreams: Labelled[], features: Labelled[], cells: CellResult[] }} CompatibilityResults
 */

const SYMBOL = { pass: '✅', warn: '⚠️', fail: '❌', 'n/a': '—' };

/** What a caller sees differently on a translated route, written once below the tables. */
const TRANSLATION_NOTES = [
  '## What translated answers cannot carry exactly',
  '',
  '- **Prompt tokens at the start of an Anthropic stream.** Anthropic clients read `input_tokens` from',
  '  `message_start` (LangChain reads it only there), but from OpenAI chat, OpenAI Responses and',
  '  Gemini upstreams the gateway learns them only after `message_start` has gone out. It then sends',
  '  its own estimate in',
  '  `message_start.usage.input_tokens` (the one `count_tokens` uses when the upstream has no count',
  "  endpoint: the characters of the prompt's text divided by 4), and the upstream's exact figure in",
  '  `message_delta.usage.input_tokens`. Usage logs and charges use the exact figure.',
  '- **Reasoning for Anthropic callers.** Anthropic accepts a `thinking` block back only with the',
  '  signature it minted, and clients send earlier turns back. Reasoning from other upstreams (OpenAI',
  '  reasoning summaries, Gemini thoughts, the mock) is therefore left out of Anthropic answers (a',
  '  `dropped` warning says so) instead of being sent as an unsigned `thinking` block. An unsigned',
  '  `thinking` block sent to the gateway by a client is removed before it reaches Anthropic.',
  '',
];

/**
 * The markdown page for a set of results: one table per caller style (features x upstream
 * protocols), each cell ✅ / ⚠️ / ❌ / —, with numbered notes holding the problems and warnings.
 * Deterministic: the same results always give the same bytes.
 * @param {CompatibilityResults} results
 * @returns {string}
 */
export function renderCompatibilityMarkdown(results) {
  const lines = [
    '# Compatibility matrix',
    '',
    `<!-- GENERATED from the results of ${MATRIX_TEST} by scripts/compatibility-matrix.mjs. Do not edit: run \`${REGENERATE_COMMAND}\`. -->`,
    '',
    'Which features work for each caller style (the API your client speaks) and each upstream protocol',
    '(the API the provider speaks). Every cell is a real request through the gateway: the caller sends',
    'the feature in its own style, a loopback upstream checks the request it receives against the',
    "provider's documented schema (and that the feature reached it), answers in its own protocol, and",
    "the answer the caller gets must pass the caller style's strict schema and carry the expected",
    'content. `mock` is the built-in mock provider. Same style on both sides is the byte-relaying fast path.',
    'The route to the Anthropic upstream sets `defaultMaxOutputTokens`, as Anthropic requires `max_tokens`',
    '(without it the gateway sends 4096 and says so in a warning).',
    '',
    'The client libraries people run (AI SDK, LangChain, OpenAI Agents SDK), judged through the gateway: [clients.md](clients.md).',
    '',
    `Legend: ${SYMBOL.pass} passes · ${SYMBOL.warn} passes, with warnings (\`x-interlingua-warnings\`) about what could not be carried · ${SYMBOL.fail} fails (see the note) · ${SYMBOL['n/a']} not applicable.`,
    '',
  ];
  for (const style of results.styles) lines.push(...renderStyle(results, style));
  lines.push(...TRANSLATION_NOTES);
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * @param {CompatibilityResults} results
 * @param {Labelled & { endpoint: string }} style
 * @returns {string[]}
 */
function renderStyle(results, style) {
  const notes = [];
  const lines = [`## ${style.title} callers (\`${style.endpoint}\`)`, '', `| Feature | ${results.upstreams.map((u) => u.title).join(' | ')} |`, `|---|${results.upstreams.map(() => '---').join('|')}|`];
  for (const feature of results.features) {
    const cells = results.upstreams.map((upstream) => {
      const cell = results.cells.find((c) => c.style === style.id && c.upstream === upstream.id && c.feature === feature.id);
      if (!cell) return '?';
      const symbol = cell.status === 'pass' && cell.warnings.length > 0 ? SYMBOL.warn : SYMBOL[cell.status];
      const details = [...cell.problems, ...cell.warnings.map((w) => `warning: ${w}`)];
      if (details.length === 0) return symbol;
      notes.push(`${notes.length + 1}. **${feature.title}, ${upstream.title} upstream:** ${details.map(escapeCell).join('; ')}`);
      return `${symbol} [${notes.length}]`;
    });
    lines.push(`| ${feature.title} | ${cells.join(' | ')} |`);
  }
  lines.push('');
  if (notes.length > 0) lines.push(...notes, '');
  return lines;
}

/** @param {string} text */
function escapeCell(text) {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

function main(argv) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const renderAt = argv.indexOf('--render');
  if (renderAt !== -1) {
    const file = argv[renderAt + 1];
    if (!file) throw new Error('--render needs a results file');
    process.stdout.write(renderCompatibilityMarkdown(JSON.parse(readFileSync(file, 'utf8'))));
    return 0;
  }
  const run = spawnSync('npx', ['vitest', 'run', MATRIX_TEST], { cwd: root, stdio: 'inherit', env: { ...process.env, UPDATE_COMPATIBILITY: '1' } });
  return run.status ?? 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main(process.argv.slice(2));
