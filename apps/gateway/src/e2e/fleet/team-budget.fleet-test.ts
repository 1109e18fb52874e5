import { describe, expect, it } from 'vitest';
import { FLEET_PRICES } from './fleet-gateways.test-support.js';
import { CHAT_KIND, send, type Sent } from './fleet-load.test-support.js';
import { useFleetRig } from './fleet-rig.test-support.js';
import { UPSTREAM_USAGE } from './fleet-upstream.test-support.js';

/**
 * A team's budget across a fleet: three gateway instances (two workers each) behind HAProxy,
 * sharing Redis and PostgreSQL; four keys of one team send waves of concurrent requests through
 * the balancer. Every key's admission holds against the team's counters in the same store call as
 * its own, so the team spends at most one request past its budget. Prints the figures.
 */
const REQUEST_COST =
  (UPSTREAM_USAGE.input * FLEET_PRICES.inputPerMillion + UPSTREAM_USAGE.output * FLEET_PRICES.outputPerMillion) / 1e6;
const TEAM_BUDGET = 10 * REQUEST_COST;
const KEYS = 4;
const PER_KEY_PER_WAVE = 10;
const WAVES = 3;
const TIMEOUT_MS = 30_000;

describe("a team's budget across a fleet of three gateways", () => {
  const rig = useFleetRig({
    name: 'team-fleet',
    streamMs: 300,
    loadSecrets: ['team-fleet-load-secret-a'],
    setupTimeoutMs: 120_000,
  });

  it('overspends the team budget by at most one request under concurrent load from several keys', async () => {
    const { gateways, haproxy, settings } = rig;
    const gw1 = gateways[0];
    if (!gw1) throw new Error('three instances');
    const headers = { authorization: `Bearer ${settings.adminSecret}`, 'content-type': 'application/json' };
    const post = async <T>(path: string, body: unknown): Promise<T> => {
      const response = await fetch(`${gw1.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const text = await response.text();
      expect(response.status, text).toBe(201);
      return JSON.parse(text) as T;
    };
    const team = await post<{ id: string }>('/admin/teams', {
      name: 'fleet-team',
      budgets: [{ period: 'month', cost: TEAM_BUDGET, reservePerRequest: REQUEST_COST }],
    });
    const keys = await Promise.all(
      Array.from({ length: KEYS }, (_, i) =>
        post<{ id: string; secret: string }>('/admin/keys', { name: `fleet-team-key-${i}`, team: team.id }),
      ),
    );
    // Every instance knows every key before the load (they follow the database within keyRefreshMs).
    for (const gateway of gateways)
      for (const key of keys)
        await expect
          .poll(
            async () =>
              (await fetch(`${gateway.url}/v1/models`, { headers: { authorization: `Bearer ${key.secret}` } })).status,
            {
              timeout: 10_000,
            },
          )
          .toBe(200);

    const sent: Sent[] = [];
    for (let wave = 0; wave < WAVES; wave++)
      sent.push(
        ...(await Promise.all(
          keys.flatMap((key, i) =>
            Array.from({ length: PER_KEY_PER_WAVE }, () =>
              send(haproxy.url, CHAT_KIND, key.secret, `team-${i}`, TIMEOUT_MS),
            ),
          ),
        )),
      );
    const answered = sent.filter((request) => request.status === 200).length;
    const refused = sent.filter((request) => request.status === 429).length;
    const teamSpend = async (): Promise<number> => {
      const response = await fetch(`${gw1.url}/admin/keys/${keys[0]?.id ?? ''}`, { headers });
      return ((await response.json()) as { teamUsage: { month: { cost: number } } }).teamUsage.month.cost;
    };
    // Each answer is charged to the team after it is sent: wait until every answered request is.
    await expect.poll(teamSpend, { timeout: 10_000 }).toBeCloseTo(answered * REQUEST_COST, 6);
    const spent = await teamSpend();
    const instances = new Set(sent.map((request) => request.instance).filter(Boolean));
    console.log(
      [
        'team budget across the fleet',
        `| requests sent | answered | refused (429) | other | instances | budget | spent | over budget |`,
        `|--:|--:|--:|--:|--:|--:|--:|--:|`,
        `| ${sent.length} | ${answered} | ${refused} | ${sent.length - answered - refused} | ${instances.size} | ${TEAM_BUDGET.toFixed(3)} | ${spent.toFixed(3)} | ${Math.max(0, (spent - TEAM_BUDGET) / REQUEST_COST).toFixed(2)} requests |`,
      ].join('\n'),
    );
    expect(answered).toBeGreaterThan(0);
    expect(sent.length - answered - refused).toBe(0);
    expect(spent).toBeLessThanOrEqual(TEAM_BUDGET + REQUEST_COST + 1e-9);
  });
});
