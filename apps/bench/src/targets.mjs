import { highestRung } from './ladder-scenario.mjs';

/**
 * The targets, each read from one run's figures (ratios, so they hold across machines).
 *
 * @typedef {import('./aggregate.mjs').ScenarioFigures} ScenarioFigures
 * @typedef {ReturnType<typeof import('./aggregate.mjs').soakFigures>} SoakFigures
 *
 * @typedef {object} TargetResult
 * @property {string} id
 * @property {string} text
 * @property {number} value NaN when not measured.
 * @property {string} limit e.g. "≥ 0.85"
 * @property {boolean | null} pass null when not measured.
 * @property {string} [detail]
 */

/**
 * CPU per KB of request body, per target, for the scenarios that declare their body size: the
 * gateway's and the Express floor's CPU per request over the body's KB, and the gateway's CPU
 * above the floor's over the body's KB (what the gateway adds per KB).
 * @param {ScenarioFigures[]} figures
 * @param {import('./scenarios.mjs').Scenario[]} scenarios
 * @returns {Array<{ id: string; kb: number; gatewayUsPerKb: number; expressUsPerKb: number; addedUsPerKb: number; cpuVsExpress: number }>}
 */
export function bodyCost(figures, scenarios) {
  return scenarios.flatMap((scenario) => {
    const targets = figures.find((f) => f.id === scenario.id)?.targets;
    if (!scenario.bodyKb || !targets) return [];
    const gateway = targets.gateway?.cpuUsPerRequest.median ?? Number.NaN;
    const express = targets['express-floor']?.cpuUsPerRequest.median ?? Number.NaN;
    const kb = scenario.bodyKb;
    return [
      {
        id: scenario.id,
        kb,
        gatewayUsPerKb: gateway / kb,
        expressUsPerKb: express / kb,
        addedUsPerKb: (gateway - express) / kb,
        cpuVsExpress: gateway / express,
      },
    ];
  });
}

/**
 * Gateway CPU per KB of the larger body over the smaller's (1: linear; above: superlinear).
 * @param {ScenarioFigures[]} figures
 * @param {[string, number]} small scenario id and body KB
 * @param {[string, number]} large
 */
function perKbGrowth(figures, [small, smallKb], [large, largeKb]) {
  const cpu = (/** @type {string} */ id) =>
    figures.find((f) => f.id === id)?.targets.gateway?.cpuUsPerRequest.median ?? Number.NaN;
  return cpu(large) / largeKb / (cpu(small) / smallKb);
}

/** Growth of RSS over the soak that still counts as flat, in MB. */
export const FLAT_RSS_MB = 10;

/**
 * @param {ScenarioFigures[]} figures
 * @param {string} scenario
 * @param {(t: import('./aggregate.mjs').TargetFigures) => number} pick
 */
function gatewayValue(figures, scenario, pick) {
  const gateway = figures.find((f) => f.id === scenario)?.targets.gateway;
  return gateway ? pick(gateway) : Number.NaN;
}

/**
 * @param {string} id
 * @param {string} text
 * @param {number} value
 * @param {'>=' | '<=' | '<'} op
 * @param {number} limit
 * @param {string} [detail]
 * @returns {TargetResult}
 */
function result(id, text, value, op, limit, detail) {
  const pass = Number.isFinite(value)
    ? op === '>='
      ? value >= limit
      : op === '<='
        ? value <= limit
        : value < limit
    : null;
  const symbol = op === '>=' ? '≥' : op === '<=' ? '≤' : '<';
  return { id, text, value, limit: `${symbol} ${limit}`, pass, ...(detail ? { detail } : {}) };
}

/**
 * The gateway's CPU per request over the Express floor's, medians of the same scenario.
 * @param {ScenarioFigures[]} figures
 * @param {string} scenario
 */
function cpuVsExpress(figures, scenario) {
  const targets = figures.find((f) => f.id === scenario)?.targets;
  const gateway = targets?.gateway?.cpuUsPerRequest.median ?? Number.NaN;
  const express = targets?.['express-floor']?.cpuUsPerRequest.median ?? Number.NaN;
  return gateway / express;
}

/**
 * @param {ScenarioFigures[]} figures
 * @param {string} scenario
 */
function cpuDetail(figures, scenario) {
  const targets = figures.find((f) => f.id === scenario)?.targets;
  const gateway = targets?.gateway?.cpuUsPerRequest.median;
  const express = targets?.['express-floor']?.cpuUsPerRequest.median;
  return gateway !== undefined && express !== undefined
    ? `${gateway.toFixed(0)} vs ${express.toFixed(0)} µs`
    : undefined;
}

/**
 * Highest peak RSS of a target over the window scenarios.
 * @param {ScenarioFigures[]} figures
 * @param {string} name
 */
function runPeakRss(figures, name) {
  const peaks = figures
    .filter((f) => f.id !== 'slow-streams')
    .map((f) => f.targets[name]?.peakRssMb.max ?? Number.NaN)
    .filter(Number.isFinite);
  return peaks.length > 0 ? Math.max(...peaks) : Number.NaN;
}

/**
 * @param {ScenarioFigures[]} figures
 * @param {SoakFigures | undefined} soak
 * @param {import('./ladder-scenario.mjs').LadderFigures[]} [ladders]
 * @returns {TargetResult[]}
 */
export function evaluateTargets(figures, soak, ladders = []) {
  const slow = figures.find((f) => f.id === 'slow-streams')?.targets.gateway;
  const slowDetail = slow
    ? `${slow.errors} errors; at most ${slow.openAtUpstream.max} streams open at the upstream at once`
    : undefined;
  const gatewayPeak = runPeakRss(figures, 'gateway');
  const expressPeak = runPeakRss(figures, 'express-floor');
  const growth = soak?.gateway?.growthMb ?? Number.NaN;
  return [
    result(
      'fast-throughput',
      'Fast path, non-streaming (c50): req/s vs the Express floor',
      gatewayValue(figures, 'chat-c50', (t) => t.vsExpress.median),
      '>=',
      0.85,
    ),
    result(
      'fast-cpu',
      "Fast path, non-streaming (c50): CPU per request vs the Express floor's",
      cpuVsExpress(figures, 'chat-c50'),
      '<=',
      1.2,
      cpuDetail(figures, 'chat-c50'),
    ),
    result(
      'agent-throughput',
      'Agent request, 64 KB body (c20): req/s vs the Express floor',
      gatewayValue(figures, 'agent-64k', (t) => t.vsExpress.median),
      '>=',
      0.85,
    ),
    result(
      'agent-cpu',
      "Agent request, 64 KB body (c20): CPU per request vs the Express floor's",
      cpuVsExpress(figures, 'agent-64k'),
      '<=',
      1.3,
      cpuDetail(figures, 'agent-64k'),
    ),
    ...agentTurnTargets(figures),
    result(
      'burst-throughput',
      'Same-style SSE burst (c50): req/s vs the Express floor',
      gatewayValue(figures, 'stream-burst', (t) => t.vsExpress.median),
      '>=',
      0.8,
    ),
    result(
      'fast-added-p50',
      'Fast path, non-streaming (c1): added p50 latency, ms',
      gatewayValue(figures, 'chat-c1', (t) => t.addedP50Ms.median),
      '<=',
      0.3,
    ),
    result(
      'fast-p99',
      "Fast path, non-streaming (c50): p99 vs the Express floor's p99",
      gatewayValue(figures, 'chat-c50', (t) => t.p99VsExpress.median),
      '<=',
      1.5,
    ),
    result(
      'paced-throughput',
      'Realistic-pace streaming (c100): req/s vs direct',
      gatewayValue(figures, 'stream-paced', (t) => t.vsDirect.median),
      '>=',
      0.99,
    ),
    result(
      'paced-ttfe',
      'Realistic-pace streaming (c100): added time to first event, ms',
      gatewayValue(figures, 'stream-paced', (t) => t.addedTtfeMs.median),
      '<=',
      1,
    ),
    result(
      'paced-ttfe-c10',
      'Realistic-pace streaming (c10): added time to first event, ms',
      gatewayValue(figures, 'stream-paced-c10', (t) => t.addedTtfeMs.median),
      '<=',
      1,
    ),
    result(
      'cross-messages',
      'Cross-style streaming (Messages in, OpenAI upstream): req/s vs the Express floor',
      gatewayValue(figures, 'cross-messages-openai', (t) => t.vsExpress.median),
      '>=',
      0.7,
    ),
    result(
      'cross-responses',
      'Cross-style streaming (Responses in, Anthropic upstream): req/s vs the Express floor',
      gatewayValue(figures, 'cross-responses-anthropic', (t) => t.vsExpress.median),
      '>=',
      0.7,
    ),
    result(
      'cross-small-json',
      'Translated small request, non-streaming (Messages in, OpenAI upstream, c50): req/s vs the Express floor',
      gatewayValue(figures, 'cross-messages-openai-json', (t) => t.vsExpress.median),
      '>=',
      0.9,
    ),
    ...ladderTargets(ladders),
    result(
      'peak-rss',
      "Peak RSS over the run vs the Express floor's",
      gatewayPeak / expressPeak,
      '<=',
      1.2,
      `${gatewayPeak.toFixed(0)} MB vs ${expressPeak.toFixed(0)} MB`,
    ),
    result(
      'slow-streams-rss',
      'Slow streams held open: gateway peak RSS, MB',
      slow ? slow.peakRssMb.max : Number.NaN,
      '<',
      250,
      slowDetail,
    ),
    result(
      'rss-flat',
      'RSS growth over the soak (last third vs first third of the samples), MB',
      growth,
      '<=',
      FLAT_RSS_MB,
      soak?.gateway ? `slope ${soak.gateway.slopeMbPer1k.toFixed(2)} MB per 1,000 requests` : undefined,
    ),
  ];
}

/**
 * The agent turns: same style at 64 and 256 KB at the Express floor; translated 64 KB within
 * 2.5× its CPU; translated 256 KB no dearer per KB than 64 KB; same style linear from 4 KB up.
 * @param {ScenarioFigures[]} figures
 * @returns {TargetResult[]}
 */
function agentTurnTargets(figures) {
  /** @param {string} id */
  const kb = (id) => {
    const match = /(\d+)k$/.exec(id);
    return match ? Number(match[1]) : Number.NaN;
  };
  const sameStyle = ['agent-chat-64k', 'agent-chat-256k'].flatMap((id) => [
    result(
      `${id}-throughput`,
      `Agent turn ${kb(id)} KB, same style (c20): req/s vs the Express floor`,
      gatewayValue(figures, id, (t) => t.vsExpress.median),
      '>=',
      0.85,
    ),
    result(
      `${id}-cpu`,
      `Agent turn ${kb(id)} KB, same style (c20): CPU per request vs the Express floor's`,
      cpuVsExpress(figures, id),
      '<=',
      1.3,
      cpuDetail(figures, id),
    ),
  ]);
  const translated = ['agent-messages-chat-64k', 'agent-responses-anthropic-64k', 'agent-chat-gemini-64k'].map((id) =>
    result(
      `${id}-cpu`,
      `Agent turn 64 KB, translated (${id.slice('agent-'.length, -'-64k'.length)}): CPU per request vs the Express floor's`,
      cpuVsExpress(figures, id),
      '<=',
      2.5,
      cpuDetail(figures, id),
    ),
  );
  return [
    ...sameStyle,
    ...translated,
    result(
      'agent-translated-per-kb',
      'Agent turn translated (Messages → chat): gateway CPU per KB at 256 KB over 64 KB',
      perKbGrowth(figures, ['agent-messages-chat-64k', 64], ['agent-messages-chat-256k', 256]),
      '<=',
      1,
    ),
    result(
      'agent-same-style-per-kb',
      'Agent turn same style: gateway CPU per KB at 256 KB over 64 KB',
      perKbGrowth(figures, ['agent-chat-64k', 64], ['agent-chat-256k', 256]),
      '<=',
      1,
    ),
  ];
}

/**
 * The paced-stream ladder: the highest rung the gateway passes, against the Express floor's.
 * @param {import('./ladder-scenario.mjs').LadderFigures[]} ladders
 * @returns {TargetResult[]}
 */
function ladderTargets(ladders) {
  const ladder = ladders[0];
  const gateway = ladder?.targets.gateway ? highestRung(ladder.targets.gateway) : Number.NaN;
  const express = ladder?.targets['express-floor'] ? highestRung(ladder.targets['express-floor']) : Number.NaN;
  const node = ladder?.targets['node-floor'] ? highestRung(ladder.targets['node-floor']) : Number.NaN;
  return [
    result(
      'ladder-rung',
      'Paced-stream ladder: highest rung the gateway passes, streams at once (at least the Express floor)',
      gateway,
      '>=',
      Number.isFinite(express) ? express : 512,
      `Express floor ${express}, node floor ${node}`,
    ),
  ];
}
