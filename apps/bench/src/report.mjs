import { highestRung } from './ladder-scenario.mjs';

/**
 * The run's figures as a console table, as Markdown and as JSON.
 *
 * @typedef {import('./aggregate.mjs').ScenarioFigures} ScenarioFigures
 * @typedef {import('./aggregate.mjs').TargetFigures} TargetFigures
 * @typedef {import('./statistics.mjs').Spread} Spread
 * @typedef {import('./targets.mjs').TargetResult} TargetResult
 *
 * @typedef {object} BenchReport
 * @property {Record<string, unknown>} meta
 * @property {ScenarioFigures[]} scenarios
 * @property {import('./ladder-scenario.mjs').LadderFigures[]} [ladders]
 * @property {ReturnType<typeof import('./targets.mjs').bodyCost>} [bodyCost]
 * @property {ReturnType<typeof import('./aggregate.mjs').soakFigures> | undefined} soak
 * @property {TargetResult[]} targets
 * @property {string[]} notes
 */

const TARGET_ORDER = [
  'direct',
  'gateway',
  'gateway-workers',
  'gateway-fresh',
  'gateway-otel',
  'gateway-http',
  'gateway-ws',
  'express-floor',
  'node-floor',
];

/**
 * @param {number} value
 * @param {number} digits
 */
function fixed(value, digits) {
  if (!Number.isFinite(value)) return '–';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/**
 * A median, with its range when there are several passes and `range` is asked for.
 * @param {Spread} s
 * @param {number} digits
 * @param {boolean} range
 * @param {string} [suffix]
 */
function show(s, digits, range, suffix = '') {
  if (!Number.isFinite(s.median)) return '–';
  const median = `${fixed(s.median, digits)}${suffix}`;
  return range && s.n > 1 ? `${median} (${fixed(s.min, digits)}–${fixed(s.max, digits)})` : median;
}

const COLUMNS = [
  'target',
  'req/s',
  '×direct',
  '×express',
  '×node',
  'p50 ms',
  'p99 ms',
  '+p50 ms',
  '+p99 ms',
  'TTFE ms',
  '+TTFE ms',
  'CPU µs/req',
  'peak RSS MB',
  'errors',
];

/**
 * @param {string} name
 * @param {TargetFigures} t
 * @param {boolean} range
 * @param {boolean} slow
 */
function row(name, t, range, slow) {
  const self = name === 'direct';
  return [
    name,
    show(t.rps, 0, range),
    self ? '1' : show(t.vsDirect, 2, range, '×'),
    show(t.vsExpress, 2, range, '×'),
    show(t.vsNode, 2, range, '×'),
    show(t.p50Ms, 2, range),
    show(t.p99Ms, 2, range),
    self ? '' : show(t.addedP50Ms, 2, range),
    self ? '' : show(t.addedP99Ms, 2, range),
    show(t.ttfeP50Ms, 2, range),
    self ? '' : show(t.addedTtfeMs, 2, range),
    show(t.cpuUsPerRequest, 0, range),
    show(t.peakRssMb, 0, range) +
      (slow && Number.isFinite(t.openAtUpstream.max) ? ` [${t.openAtUpstream.max} open]` : ''),
    t.errors > 0 ? `${t.errors}/${t.completed}` : '0',
  ];
}

/** @param {ScenarioFigures} figures @param {boolean} range */
function scenarioRows(figures, range) {
  return TARGET_ORDER.filter((name) => figures.targets[name]).map((name) =>
    row(name, /** @type {TargetFigures} */ (figures.targets[name]), range, figures.id === 'slow-streams'),
  );
}

/**
 * Pads columns for a terminal.
 * @param {string[]} header
 * @param {string[][]} rows
 */
function textTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (/** @type {string[]} */ cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

/**
 * @param {string[]} header
 * @param {string[][]} rows
 * @param {Set<number>} [textColumns] Left-aligned columns besides the first (the rest are figures).
 */
function markdownTable(header, rows, textColumns = new Set()) {
  const escape = (/** @type {string} */ c) => c.replace(/\|/g, '\\|');
  const align = header.map((_, i) => (i === 0 || textColumns.has(i) ? '---' : '--:'));
  return [
    `| ${header.join(' | ')} |`,
    `|${align.join('|')}|`,
    ...rows.map((r) => `| ${r.map(escape).join(' | ')} |`),
  ].join('\n');
}

/** @param {TargetResult} t */
function targetRow(t) {
  const verdict = t.pass === null ? 'not measured' : t.pass ? 'PASS' : 'FAIL';
  return [t.text, Number.isFinite(t.value) ? fixed(t.value, 2) : '–', t.limit, verdict, t.detail ?? ''];
}

const TARGET_COLUMNS = ['target', 'value', 'limit', 'result', 'detail'];
const SOAK_COLUMNS = [
  'proxy',
  'RSS first third MB',
  'RSS last third MB',
  'growth MB',
  'slope MB/1k req',
  'peak MB',
  'errors',
];

/** @param {NonNullable<BenchReport['soak']>} soak */
function soakRows(soak) {
  return Object.entries(soak).map(([name, s]) => [
    name,
    fixed(s.baselineMb, 1),
    fixed(s.endMb, 1),
    fixed(s.growthMb, 1),
    fixed(s.slopeMbPer1k, 2),
    fixed(s.peakMb, 0),
    String(s.errors),
  ]);
}

/**
 * One scenario's figures for the terminal (medians only).
 * @param {ScenarioFigures} figures
 */
export function scenarioText(figures) {
  const skipped = Object.entries(figures.skipped).map(([name, why]) => `  skipped ${name}: ${why}`);
  const errors = Object.entries(figures.targets).flatMap(([name, t]) =>
    t.firstError ? [`  first error (${name}): ${t.firstError}`] : [],
  );
  return [
    `\n== ${figures.id}: ${figures.title}`,
    textTable(COLUMNS, scenarioRows(figures, false)),
    ...skipped,
    ...errors,
  ].join('\n');
}

const LADDER_COLUMNS = [
  'target',
  'streams',
  'arrived',
  'late > 2× pace',
  'max late ms',
  'p99.9 late ms',
  'errors',
  'open upstream',
  'rung',
];

/** @param {import('./ladder-scenario.mjs').LadderFigures} ladder */
function ladderRows(ladder) {
  return TARGET_ORDER.filter((name) => ladder.targets[name]).flatMap((name) =>
    (ladder.targets[name] ?? []).map((r) => [
      name,
      String(r.streams),
      `${fixed((100 * r.arrived) / r.expected, 2)} %`,
      String(r.late),
      fixed(r.maxLateMs, 1),
      fixed(r.p999LateMs, 1),
      String(r.errors),
      String(r.peakOpen),
      r.pass ? 'pass' : 'FAIL',
    ]),
  );
}

/** @param {import('./ladder-scenario.mjs').LadderFigures} ladder */
export function ladderText(ladder) {
  const skipped = Object.entries(ladder.skipped).map(([name, why]) => `  skipped ${name}: ${why}`);
  const best = Object.entries(ladder.targets).map(([name, rungs]) => `${name} ${highestRung(rungs)}`);
  return [
    `\n== ${ladder.id}: ${ladder.title}`,
    textTable(LADDER_COLUMNS, ladderRows(ladder)),
    `  highest rung passed: ${best.join(', ')}`,
    ...skipped,
  ].join('\n');
}

const BODY_COST_COLUMNS = [
  'scenario',
  'body KB',
  'gateway µs/KB',
  'Express floor µs/KB',
  'added µs/KB',
  'CPU ×Express',
];

/** @param {NonNullable<BenchReport['bodyCost']>} rows */
function bodyCostRows(rows) {
  return rows.map((r) => [
    r.id,
    fixed(r.kb, 1),
    fixed(r.gatewayUsPerKb, 2),
    fixed(r.expressUsPerKb, 2),
    fixed(r.addedUsPerKb, 2),
    `${fixed(r.cpuVsExpress, 2)}×`,
  ]);
}

/** @param {BenchReport} report */
export function summaryText(report) {
  const parts = [];
  if (report.bodyCost?.length)
    parts.push(`\n== CPU per KB of request body\n${textTable(BODY_COST_COLUMNS, bodyCostRows(report.bodyCost))}`);
  if (report.soak) parts.push(`\n== soak\n${textTable(SOAK_COLUMNS, soakRows(report.soak))}`);
  parts.push(`\n== targets\n${textTable(TARGET_COLUMNS, report.targets.map(targetRow))}`);
  if (report.notes.length > 0) parts.push(`\nNotes:\n${report.notes.map((n) => `- ${n}`).join('\n')}`);
  return parts.join('\n');
}

/** @param {BenchReport} report */
export function markdownReport(report) {
  const meta = report.meta;
  const out = [
    `# Benchmark results — ${meta.date}`,
    '',
    `Node ${meta.node}, ${meta.cpus} CPUs (${meta.cpuModel}), ${meta.platform}; scale \`${meta.scale}\` (${meta.rounds} ABBA rounds); load average ${meta.loadStart} at start, ${meta.loadEnd} at end; gateway ${meta.gitCommit}.`,
    `Gateway features checked from outside: ${JSON.stringify(meta.features)}.`,
    '',
    "Figures are medians over the passes, with their range in brackets; ratios and added latencies are paired pass by pass. TTFE = time to the first SSE event. CPU and RSS are the proxy process's own.",
    '',
    '## Targets',
    '',
    markdownTable(TARGET_COLUMNS, report.targets.map(targetRow), new Set([3, 4])),
  ];
  for (const figures of report.scenarios) {
    out.push(
      '',
      `## ${figures.id}: ${figures.title}`,
      '',
      `_${figures.note}_`,
      '',
      markdownTable(COLUMNS, scenarioRows(figures, true)),
    );
    for (const [name, why] of Object.entries(figures.skipped)) out.push('', `Skipped for ${name}: ${why}`);
    for (const [name, t] of Object.entries(figures.targets))
      if (t.firstError) out.push('', `First error (${name}): \`${t.firstError.replace(/`/g, "'")}\``);
  }
  for (const ladder of report.ladders ?? []) {
    out.push(
      '',
      `## ${ladder.id}: ${ladder.title}`,
      '',
      `_${ladder.note}_`,
      '',
      markdownTable(LADDER_COLUMNS, ladderRows(ladder)),
    );
    for (const [name, why] of Object.entries(ladder.skipped)) out.push('', `Skipped for ${name}: ${why}`);
  }
  if (report.bodyCost?.length)
    out.push('', '## CPU per KB of request body', '', markdownTable(BODY_COST_COLUMNS, bodyCostRows(report.bodyCost)));
  if (report.soak)
    out.push('', '## Soak (RSS over many requests)', '', markdownTable(SOAK_COLUMNS, soakRows(report.soak)));
  if (report.notes.length > 0) out.push('', '## Notes', '', ...report.notes.map((n) => `- ${n}`));
  return `${out.join('\n')}\n`;
}
