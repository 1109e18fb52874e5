import { describe, expect, it } from 'vitest';
import type { FleetSettings } from './fleet-gateways.test-support.js';
import type { Sent } from './fleet-load.test-support.js';
import { checkFleet, type FleetRun, type LedgerRows } from './fleet-report.test-support.js';

/*
 * The fleet report's checks on hand-made runs: a run that keeps every promise passes, and each
 * way of breaking one (no samples, a failure the SIGKILL does not explain) is a problem.
 */

const KILL_AT = 12_000;
const SETTINGS: FleetSettings = {
  upstreamUrl: '',
  redisUrl: '',
  postgresUrl: '',
  adminSecret: '',
  workers: 2,
  poolSize: 4,
  keyRefreshMs: 1_000,
  rpm: { secret: 'rpm', limit: 60 },
  tpm: { secret: 'tpm', limit: 1_000 },
  budget: { secret: 'budget', cost: 0.1 },
  loadSecrets: [],
  addedRoute: true,
};

function answered(id: string, instance: string, startedAt: number): Sent {
  return {
    id,
    kind: 'chat fleet-added',
    lane: 'load',
    startedAt,
    endedAt: startedAt + 50,
    status: 200,
    complete: true,
    instance,
  };
}

/** A run where everything held: answered requests with their ledger rows, samples within their bounds. */
function healthyRun(): { run: FleetRun; ledger: LedgerRows } {
  const sent = [answered('a', 'gw1', 1_000), answered('b', 'gw2', 2_000), answered('c', 'gw3', 3_000)];
  const ledger: LedgerRows = new Map(
    sent.map((s) => [s.id, { rows: 1, answered: 1, input: 11, output: 7, cost: 0.025, statuses: '200' }]),
  );
  const samples = [{ at: 1_000, mib: 200, pgid: 7 }];
  const run: FleetRun = {
    sent,
    events: [{ name: 'SIGKILL gw1', at: KILL_AT }],
    rss: new Map(['gw1', 'gw2', 'gw3'].map((name) => [name, samples])),
    connections: [5, 8],
    settings: SETTINGS,
    requestCost: 0.025,
    tokensPerRequest: 18,
    processes: 9,
    probes: [],
  };
  return { run, ledger };
}

/** A request cut mid-answer: the head came from `instance`, the body never ended. */
function cut(id: string, instance: string | undefined, startedAt: number, endedAt: number): Sent {
  return {
    id,
    kind: 'chat',
    lane: 'load',
    startedAt,
    endedAt,
    status: 0,
    complete: false,
    ...(instance ? { instance } : {}),
    error: 'TypeError: terminated',
  };
}

describe('the fleet report', () => {
  it('finds no problem in a run that kept every promise', () => {
    const { run, ledger } = healthyRun();
    expect(checkFleet(run, ledger, 60_000).problems).toEqual([]);
  });

  it('fails the RSS bound of an instance with no sample', () => {
    const { run, ledger } = healthyRun();
    run.rss.set('gw2', []);
    expect(checkFleet(run, ledger, 60_000).problems).toEqual(['gw2 RSS: no sample']);
  });

  it('fails the PostgreSQL connection bound with no sample', () => {
    const { run, ledger } = healthyRun();
    run.connections = [];
    expect(checkFleet(run, ledger, 60_000).problems).toEqual(['PostgreSQL connections: no sample']);
  });

  it('fails a run that sent nothing', () => {
    const { run, ledger } = healthyRun();
    run.sent = [];
    expect(checkFleet(run, ledger, 60_000).problems).toContain('no request was sent');
  });

  it('excuses a failure on the killed instance in flight at the kill', () => {
    const { run, ledger } = healthyRun();
    run.sent.push(cut('k', 'gw1', KILL_AT - 400, KILL_AT + 5));
    const report = checkFleet(run, ledger, 60_000);
    expect(report.problems).toEqual([]);
    expect(report.rows).toContainEqual(['failed, in flight on the instance killed', '1', 'clean error, no hang']);
  });

  it.each([
    ['on another instance at the kill', cut('x', 'gw2', KILL_AT - 400, KILL_AT + 5)],
    ['on no known instance at the kill', cut('x', undefined, KILL_AT - 400, KILL_AT + 5)],
    ['on the killed instance, ended before the kill', cut('x', 'gw1', KILL_AT - 900, KILL_AT - 500)],
    ['on the killed instance, started after the kill', cut('x', 'gw1', KILL_AT + 500, KILL_AT + 900)],
  ])('does not excuse a failure %s', (_name, failure) => {
    const { run, ledger } = healthyRun();
    run.sent.push(failure);
    expect(checkFleet(run, ledger, 60_000).problems).toEqual([
      `failure not explained by the SIGKILL: ${JSON.stringify(failure)}`,
    ]);
  });
});
