import { describe, expect, it } from 'vitest';
import { FLEET_PRICES } from './fleet-gateways.test-support.js';
import { ADDED_ROUTE_KIND, CHAT_KIND, LOAD_KINDS, send, steadyLoad, STREAM_KIND } from './fleet-load.test-support.js';
import { checkFleet, printTable, type FleetRun } from './fleet-report.test-support.js';
import { probeKeys, type KeyProbe } from './fleet-revocation.test-support.js';
import { useFleetRig } from './fleet-rig.test-support.js';
import { groupRssMiB, sleep } from './fleet-services.test-support.js';
import { UPSTREAM_USAGE } from './fleet-upstream.test-support.js';

/**
 * Three gateway instances (two workers each) behind HAProxy (deploy/haproxy/haproxy.cfg), with a
 * redis-server and a PostgreSQL cluster of their own, under a steady mix of requests while one
 * instance crashes, another restarts, Redis and PostgreSQL restart, keys are revoked and rotated
 * and the config is reloaded. Run by `.ci/fleet.sh`; prints the table docs/scaling.md shows.
 */
const LOAD_SECONDS = Number(process.env.FLEET_LOAD_SECONDS ?? 75);
const REQUEST_COST =
  (UPSTREAM_USAGE.input * FLEET_PRICES.inputPerMillion + UPSTREAM_USAGE.output * FLEET_PRICES.outputPerMillion) / 1e6;
const TIMEOUT_MS = 30_000;

describe('a fleet of three gateways behind HAProxy, under load and faults', () => {
  const rig = useFleetRig({
    name: 'fleet',
    streamMs: 700,
    loadSecrets: ['fleet-load-secret-a', 'fleet-load-secret-b', 'fleet-load-secret-c'],
    setupTimeoutMs: 240_000,
  });

  it('answers, limits, bills and forgets nothing through crashes, restarts, revocations and a reload', async () => {
    const { gateways, haproxy, redis, postgres } = rig;
    let settings = rig.settings;
    const [gw1, gw2, gw3] = gateways;
    if (!gw1 || !gw2 || !gw3) throw new Error('three instances');
    const lb = haproxy.url;
    const admin = { authorization: `Bearer ${settings.adminSecret}`, 'content-type': 'application/json' };
    const createKey = async (name: string): Promise<{ id: string; secret: string }> => {
      const response = await fetch(`${gw1.url}/admin/keys`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ name }),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; secret: string };
    };
    const revoked = await createKey('fleet-revoked');
    const rotated = await createKey('fleet-rotated');

    const run: FleetRun = {
      sent: [],
      events: [],
      rss: new Map(gateways.map((gateway) => [gateway.name, []])),
      connections: [],
      settings,
      requestCost: REQUEST_COST,
      tokensPerRequest: UPSTREAM_USAGE.input + UPSTREAM_USAGE.output,
      processes: gateways.length * settings.workers,
      probes: [],
    };
    const start = Date.now();
    const until = start + LOAD_SECONDS * 1000;
    const mark = (name: string): number => {
      const at = Date.now();
      run.events.push({ name, at });
      return at;
    };
    const at = async (seconds: number): Promise<void> => {
      const wait = start + seconds * 1000 - Date.now();
      if (wait > 0) await sleep(wait);
    };

    // Samplers: RSS of every instance and PostgreSQL connections, each second.
    let sampling = true;
    const samplers = (async () => {
      while (sampling) {
        for (const gateway of gateways) {
          const rss = gateway.pgid === undefined ? undefined : groupRssMiB(gateway.pgid);
          if (rss !== undefined) run.rss.get(gateway.name)?.push({ at: Date.now(), mib: rss, pgid: gateway.pgid ?? 0 });
        }
        const connections = await postgres.connections();
        if (connections !== undefined) run.connections.push(connections);
        await sleep(1000);
      }
    })();

    let addedFrom = Number.POSITIVE_INFINITY;
    const load = steadyLoad({
      url: lb,
      users: 10,
      until,
      secrets: settings.loadSecrets,
      kindsAt: (now) => (now >= addedFrom ? [...LOAD_KINDS, ADDED_ROUTE_KIND] : LOAD_KINDS),
      pauseMs: 50,
      timeoutMs: TIMEOUT_MS,
      sink: run.sent,
    });

    // One limited lane each: RPM (a request every 400 ms, none within 500 ms of a minute's edge), TPM (one at a time).
    /** One request at a time with `secret` every `everyMs`, none within `edgeMs` of a minute's edges. */
    const limitedLane = async (secret: string, lane: string, everyMs: number, edgeMs: number): Promise<void> => {
      while (Date.now() < until) {
        const intoMinute = Date.now() % 60_000;
        if (intoMinute > 500 && intoMinute < 60_000 - edgeMs)
          run.sent.push(await send(lb, CHAT_KIND, secret, lane, TIMEOUT_MS));
        await sleep(everyMs);
      }
    };
    const rpmLane = limitedLane(settings.rpm.secret, 'rpm', 400, 500);
    const tpmLane = limitedLane(settings.tpm.secret, 'tpm', 500, 1_000);

    // Budget: spend 3 of its 4 requests' worth, then 20 concurrent streams.
    await at(3);
    for (let i = 0; i < 3; i++) run.sent.push(await send(lb, CHAT_KIND, settings.budget.secret, 'budget', TIMEOUT_MS));
    await sleep(1000);
    mark('20 concurrent streams on the budget');
    run.sent.push(
      ...(await Promise.all(
        Array.from({ length: 20 }, () => send(lb, STREAM_KIND, settings.budget.secret, 'budget-burst', TIMEOUT_MS)),
      )),
    );

    await at(12);
    mark('SIGKILL gw1');
    await gw1.crash();
    await at(15);
    await gw1.start();
    mark('gw1 ready again');

    // Revocation and rotation, each through one instance's admin API, probed on every instance directly.
    const probes: KeyProbe[] = [];
    const probing = probeKeys(gateways, [revoked.secret, rotated.secret], probes, () => Date.now() < start + 34_000);
    await at(22);
    const revokedAt = mark('revoke a key through gw3');
    const revokeAnswer = await fetch(`${gw3.url}/admin/keys/${revoked.id}`, { method: 'DELETE', headers: admin });
    expect(revokeAnswer.status).toBeLessThan(300);
    await at(26);
    const rotatedAt = mark('rotate a key through gw2');
    const rotateAnswer = await fetch(`${gw2.url}/admin/keys/${rotated.id}/rotate`, { method: 'POST', headers: admin });
    expect(rotateAnswer.status).toBe(200);
    const newSecret = ((await rotateAnswer.json()) as { secret: string }).secret;
    const newSecretProbing = probeKeys(gateways, [newSecret], probes, () => Date.now() < start + 34_000);
    await Promise.all([probing, newSecretProbing]);
    run.probes.push(
      { label: 'revoked key', secret: revoked.secret, at: revokedAt, expect: 'refused', probes },
      { label: 'rotated-out secret', secret: rotated.secret, at: rotatedAt, expect: 'refused', probes },
      { label: 'new secret', secret: newSecret, at: rotatedAt, expect: 'accepted', probes },
    );

    await at(34);
    mark('SIGTERM gw2 (rolling restart)');
    const exitCode = await gw2.terminate();
    mark('gw2 exited');
    expect(exitCode).toBe(0);
    await gw2.start();
    mark('gw2 ready again');

    await at(44);
    mark('redis-server stops');
    await redis.stop();
    await sleep(1000);
    await redis.start();
    mark('redis-server back');

    await at(52);
    mark('PostgreSQL stops');
    postgres.stop();
    await sleep(3000);
    await postgres.start();
    mark('PostgreSQL back');

    await at(62);
    mark('config with a new route, SIGHUP to every instance');
    settings = { ...settings, addedRoute: true };
    for (const gateway of gateways) gateway.writeConfig(settings);
    await Promise.all(gateways.map((gateway) => gateway.reload()));
    addedFrom = mark('every instance reloaded');

    await Promise.all([load, rpmLane, tpmLane]);
    mark('load stops');
    sampling = false;
    await samplers;

    // Every answered request reaches the ledger: wait until no instance holds a row back.
    const answered = run.sent.filter((sent) => sent.complete).map((sent) => sent.id);
    let ledger = await postgres.ledger();
    for (let i = 0; i < 60 && answered.some((id) => (ledger.get(id)?.answered ?? 0) === 0); i++) {
      await sleep(500);
      ledger = await postgres.ledger();
    }
    const report = checkFleet(run, ledger, Date.now() - start);
    printTable(report);
    expect(report.problems).toEqual([]);
  }, 400_000);
});
