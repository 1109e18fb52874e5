import type { FleetSettings } from './fleet-gateways.test-support.js';
import type { LedgerEntry } from './fleet-services.test-support.js';
import type { Sent } from './fleet-load.test-support.js';
import { changeDelays, type KeyProbe } from './fleet-revocation.test-support.js';

/** What a fleet run recorded, for the checks and the table. */
export interface FleetRun {
  sent: Sent[];
  events: Array<{ name: string; at: number }>;
  rss: Map<string, Array<{ at: number; mib: number; pgid: number }>>;
  connections: number[];
  settings: FleetSettings;
  requestCost: number;
  tokensPerRequest: number;
  /** Gateway processes that open the database (instances × workers). */
  processes: number;
  probes: Array<{ label: string; secret: string; at: number; expect: 'refused' | 'accepted'; probes: KeyProbe[] }>;
}

export type LedgerRows = Map<string, LedgerEntry>;

export interface FleetReport {
  rows: Array<[string, string, string]>;
  problems: string[];
}

/** Revocation must reach every instance within the key refresh interval plus this margin (a loaded machine). */
const REVOCATION_MARGIN_MS = 2_000;
/** Resident memory bound of one instance (its primary and two workers). */
const RSS_BOUND_MIB = 600;
/** The instance the run kills with SIGKILL (the `SIGKILL <instance>` event). */
const KILLED_INSTANCE = 'gw1';
/** How far either side of the SIGKILL a request counts as in flight on the instance killed. */
const KILL_WINDOW_MS = 100;

/** Checks everything the fleet promises and lays it out as table rows (check, measured, bound). */
export function checkFleet(run: FleetRun, ledger: LedgerRows, durationMs: number): FleetReport {
  const rows: FleetReport['rows'] = [];
  const problems: string[] = [];
  const when = (name: string): number => run.events.find((event) => event.name.startsWith(name))?.at ?? Number.NaN;
  const killAt = when(`SIGKILL ${KILLED_INSTANCE}`);
  const redisDown = [when('redis-server stops'), when('redis-server back')] as const;
  const postgresDown = [when('PostgreSQL stops'), when('PostgreSQL back')] as const;
  const limited = new Set(['rpm', 'tpm', 'budget', 'budget-burst']);
  const inRedisOutage = (sent: Sent): boolean =>
    sent.endedAt >= redisDown[0] - 1_000 && sent.startedAt <= redisDown[1] + 3_000;
  const refusedByLimits = (sent: Sent): boolean =>
    limited.has(sent.lane) && (sent.status === 429 || (sent.status === 503 && inRedisOutage(sent)));
  // Only a request the killed instance was answering, in flight when it was killed, is explained by the kill.
  const cutByKill = (sent: Sent): boolean =>
    sent.instance === KILLED_INSTANCE &&
    sent.startedAt <= killAt + KILL_WINDOW_MS &&
    sent.endedAt >= killAt - KILL_WINDOW_MS;

  // Availability.
  const failed = run.sent.filter((sent) => !sent.complete && !refusedByLimits(sent));
  const cut = failed.filter(cutByKill);
  const other = failed.filter((sent) => !cutByKill(sent));
  const longest = Math.max(...run.sent.map((sent) => sent.endedAt - sent.startedAt));
  rows.push(['requests sent through HAProxy', String(run.sent.length), '']);
  rows.push(['answered completely (200, whole body or stream)', String(run.sent.filter((s) => s.complete).length), '']);
  rows.push([
    'refused by a limit (429, or 503 while Redis was away)',
    String(run.sent.filter(refusedByLimits).length),
    'limited keys only',
  ]);
  rows.push(['failed, in flight on the instance killed', String(cut.length), 'clean error, no hang']);
  rows.push(['failed otherwise', String(other.length), '0']);
  rows.push(['longest request (ms)', String(longest), '< client timeout 30000']);
  for (const sent of other) problems.push(`failure not explained by the SIGKILL: ${JSON.stringify(sent)}`);
  if (run.sent.length === 0) problems.push('no request was sent');
  if (longest >= 30_000) problems.push(`a request hung for ${longest} ms`);

  // Ledger completeness.
  const answered = run.sent.filter((sent) => sent.complete);
  let missing = 0;
  let duplicated = 0;
  let wrong = 0;
  let refusedThenRetried = 0;
  for (const sent of answered) {
    const row = ledger.get(sent.id);
    if (!row || row.answered === 0) missing++;
    else if (row.answered !== 1) duplicated++;
    else if (row.input + row.output !== run.tokensPerRequest || Math.abs(row.cost - run.requestCost) > 1e-9) wrong++;
    // A row besides the answer: an instance refused it (503 while draining) and the balancer retried it elsewhere.
    if (row && row.rows > row.answered) refusedThenRetried++;
  }
  for (const sent of run.sent) if (!sent.complete && (ledger.get(sent.id)?.answered ?? 0) > 1) duplicated++;
  const beforeKill = answered.filter(
    (sent) => sent.instance === KILLED_INSTANCE && sent.endedAt <= killAt && sent.endedAt > killAt - 2_000,
  ).length;
  const duringOutage = answered.filter(
    (sent) => sent.endedAt >= postgresDown[0] && sent.endedAt <= postgresDown[1],
  ).length;
  rows.push(['ledger rows missing for answered requests', String(missing), '0']);
  rows.push(['ledger rows duplicated (two answers for one request)', String(duplicated), '0']);
  rows.push(['ledger rows with wrong tokens or cost', String(wrong), '0']);
  rows.push([
    '  answered requests with a refusal row too (503 draining, retried by HAProxy)',
    String(refusedThenRetried),
    'no cost',
  ]);
  rows.push(['  of which answered by gw1 in the 2 s before its SIGKILL', String(beforeKill), '']);
  rows.push(['  of which answered while PostgreSQL was down', String(duringOutage), '']);
  if (missing + duplicated + wrong > 0) {
    problems.push(`ledger: ${missing} missing, ${duplicated} duplicated, ${wrong} wrong`);
    for (const sent of answered.filter((s) => (ledger.get(s.id)?.answered ?? 0) !== 1).slice(0, 10))
      problems.push(`ledger ${JSON.stringify(ledger.get(sent.id))} for ${JSON.stringify(sent)}`);
  }

  // RPM and TPM per minute window.
  const windows = (lane: string): Map<number, Sent[]> => {
    const byWindow = new Map<number, Sent[]>();
    for (const sent of run.sent.filter((s) => s.lane === lane)) {
      const window = Math.floor(sent.startedAt / 60_000);
      byWindow.set(window, [...(byWindow.get(window) ?? []), sent]);
    }
    return byWindow;
  };
  const rpm = run.settings.rpm.limit;
  for (const [window, sents] of windows('rpm')) {
    const passed = sents.filter((s) => s.complete).length;
    const refused = sents.filter((s) => s.status === 429).length;
    const lost = sents.filter((s) => !s.complete && s.status !== 429).length;
    rows.push([
      `RPM ${rpm}, window ${windowName(window)}: passed / 429 / 503-or-cut`,
      `${passed} / ${refused} / ${lost}`,
      `${rpm} when any 429`,
    ]);
    if (passed > rpm) problems.push(`RPM window ${windowName(window)}: ${passed} passed, limit ${rpm}`);
    if (refused > 0 && passed < rpm - lost) problems.push(`RPM window ${windowName(window)}: only ${passed} passed`);
  }
  const tpm = run.settings.tpm.limit;
  for (const [window, sents] of windows('tpm')) {
    const tokens = sents.filter((s) => s.complete).length * run.tokensPerRequest;
    const refused = sents.filter((s) => s.status === 429).length;
    // A charge made while Redis is away is not counted (documented): one request's tokens each.
    const uncharged = sents.filter((s) => s.complete && inRedisOutage(s)).length * run.tokensPerRequest;
    const bound = tpm + run.tokensPerRequest - 1 + uncharged;
    rows.push([
      `TPM ${tpm}, window ${windowName(window)}: tokens passed / 429s`,
      `${tokens} / ${refused}`,
      `<= ${bound}`,
    ]);
    if (tokens > bound) problems.push(`TPM window ${windowName(window)}: ${tokens} tokens, bound ${bound}`);
    if (refused > 0 && tokens < tpm) problems.push(`TPM window ${windowName(window)}: refused at ${tokens} tokens`);
  }

  // Budget.
  const budget = run.settings.budget.cost;
  const spent = run.sent
    .filter((s) => s.lane.startsWith('budget') && s.complete)
    .reduce((sum, s) => sum + (ledger.get(s.id)?.cost ?? run.requestCost), 0);
  const burst = run.sent.filter((s) => s.lane === 'budget-burst');
  rows.push([
    `budget ${budget}/day: 20 concurrent streams after spending ${3 * run.requestCost}: passed`,
    `${burst.filter((s) => s.complete).length} of ${burst.length}`,
    '',
  ]);
  rows.push([
    `budget spent (one request costs ${run.requestCost})`,
    spent.toFixed(4),
    `<= ${(budget + run.requestCost).toFixed(4)}`,
  ]);
  if (spent > budget + run.requestCost + 1e-9) problems.push(`budget overspent: ${spent} of ${budget}`);

  // Revocation and rotation.
  const bound = run.settings.keyRefreshMs + REVOCATION_MARGIN_MS;
  for (const probe of run.probes) {
    const delays = changeDelays(probe.probes, probe.secret, probe.at, probe.expect);
    const values = [...delays.values()];
    const worst = values.some((value) => value === undefined) ? undefined : Math.max(...(values as number[]));
    rows.push([
      `${probe.label} ${probe.expect} by every instance after (ms)`,
      [...delays].map(([instance, delay]) => `${instance} ${delay ?? 'never'}`).join(', '),
      `<= ${bound}`,
    ]);
    if (worst === undefined || worst > bound || delays.size !== 3)
      problems.push(`${probe.label}: ${JSON.stringify([...delays])}, bound ${bound}`);
  }

  // Memory.
  for (const [instance, samples] of run.rss) {
    const max = Math.max(...samples.map((s) => s.mib));
    const trend = rssTrend(samples);
    rows.push([
      `RSS of ${instance} (primary + workers), MiB: max; last third vs first third of its last life`,
      `${max.toFixed(0)}; ${trend ? `${trend.last.toFixed(0)} vs ${trend.first.toFixed(0)}` : 'too short'}`,
      `<= ${RSS_BOUND_MIB}; no growth`,
    ]);
    if (samples.length === 0) problems.push(`${instance} RSS: no sample`);
    else if (max > RSS_BOUND_MIB) problems.push(`${instance} RSS ${max} MiB`);
    if (trend && trend.last > trend.first * 1.25 + 16) problems.push(`${instance} RSS grows: ${JSON.stringify(trend)}`);
  }

  // Database pressure.
  const poolBound = run.settings.poolSize * run.processes;
  const maxConnections = Math.max(...run.connections);
  rows.push([
    'PostgreSQL connections, most seen',
    String(maxConnections),
    `<= poolSize ${run.settings.poolSize} x ${run.processes} processes = ${poolBound}`,
  ]);
  if (run.connections.length === 0) problems.push('PostgreSQL connections: no sample');
  else if (maxConnections > poolBound) problems.push(`PostgreSQL connections ${maxConnections} > ${poolBound}`);

  // Reload.
  const added = run.sent.filter((s) => s.kind.includes('fleet-added'));
  rows.push([
    'requests to the route the reload added: answered',
    `${added.filter((s) => s.complete).length} of ${added.length}`,
    'all',
  ]);
  if (added.length === 0 || added.some((s) => !s.complete))
    problems.push('the reloaded route did not answer everywhere');
  rows.push(['run length (s)', (durationMs / 1000).toFixed(0), '']);
  return { rows, problems };
}

function windowName(window: number): string {
  return new Date(window * 60_000).toISOString().slice(11, 16);
}

/** Mean RSS of the first and last third of an instance's last process group, past its first 10 s. */
function rssTrend(
  samples: ReadonlyArray<{ at: number; mib: number; pgid: number }>,
): { first: number; last: number } | undefined {
  const lastPgid = samples[samples.length - 1]?.pgid;
  const life = samples.filter((s) => s.pgid === lastPgid);
  const settled = life.filter((s) => s.at >= (life[0]?.at ?? 0) + 10_000);
  if (settled.length < 15) return undefined;
  const third = Math.floor(settled.length / 3);
  const mean = (part: ReadonlyArray<{ mib: number }>): number => part.reduce((sum, s) => sum + s.mib, 0) / part.length;
  return { first: mean(settled.slice(0, third)), last: mean(settled.slice(-third)) };
}

export function printTable(report: FleetReport): void {
  const width = Math.max(...report.rows.map(([check]) => check.length));
  const valueWidth = Math.max(...report.rows.map(([, value]) => value.length));
  const lines = report.rows.map(
    ([check, value, bound]) => `| ${check.padEnd(width)} | ${value.padEnd(valueWidth)} | ${bound} |`,
  );
  process.stdout.write(
    `\nFleet run\n${lines.join('\n')}\n${report.problems.length === 0 ? 'all checks hold' : report.problems.join('\n')}\n`,
  );
}
