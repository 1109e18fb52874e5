import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exitOf, freePort, startFleetHaproxy, waitFor, type Haproxy } from './fleet-services.test-support.js';

/** The fleet's settings every instance shares (one config file per instance: only the port differs). */
export interface FleetSettings {
  upstreamUrl: string;
  redisUrl: string;
  postgresUrl: string;
  adminSecret: string;
  workers: number;
  poolSize: number;
  keyRefreshMs: number;
  rpm: { secret: string; limit: number };
  tpm: { secret: string; limit: number };
  budget: { secret: string; cost: number };
  /** Keys with no limits, for the steady load. */
  loadSecrets: string[];
  /** Adds the route `fleet-added` (the config change a reload brings). */
  addedRoute: boolean;
}

/** Prices per million tokens of the fleet's models: each answer (11 in, 7 out) costs 0.025. */
export const FLEET_PRICES = { inputPerMillion: 1000, outputPerMillion: 2000 } as const;
export const GRACE_MS = 20_000;

export function fleetConfig(settings: FleetSettings, port: number, journalDir: string): string {
  const models = [
    { name: 'fleet-gpt', targets: [{ provider: 'up-openai', model: 'gpt-fleet' }] },
    {
      name: 'fleet-claude',
      targets: [{ provider: 'up-anthropic', model: 'claude-fleet' }],
      defaultMaxOutputTokens: 64,
    },
    ...(settings.addedRoute ? [{ name: 'fleet-added', targets: [{ provider: 'up-openai', model: 'gpt-fleet' }] }] : []),
  ];
  const config = {
    server: { host: '127.0.0.1', port, workers: settings.workers },
    store: { type: 'redis', url: settings.redisUrl, keyPrefix: 'fleet:', commandTimeoutMs: 500 },
    limits: { whenStoreFails: 'closed' },
    shutdown: { graceMs: GRACE_MS },
    logging: { level: 'warn' },
    admin: { secret: settings.adminSecret },
    database: {
      type: 'postgres',
      url: settings.postgresUrl,
      poolSize: settings.poolSize,
      keyRefreshMs: settings.keyRefreshMs,
      connectTimeoutMs: 1_000,
      unreachableStatus: 200,
    },
    ledger: { flushMs: 200, journal: { dir: journalDir } },
    providers: [
      { id: 'up-openai', type: 'openai', baseUrl: `${settings.upstreamUrl}/v1`, apiKey: 'fleet-upstream-secret' },
      { id: 'up-anthropic', type: 'anthropic', baseUrl: settings.upstreamUrl, apiKey: 'fleet-upstream-secret' },
    ],
    models,
    pricing: [{ model: '*', ...FLEET_PRICES }],
    keys: [
      ...settings.loadSecrets.map((secret, i) => ({ name: `load-${i}`, secret })),
      { name: 'rpm-limited', secret: settings.rpm.secret, rpm: settings.rpm.limit },
      { name: 'tpm-limited', secret: settings.tpm.secret, tpm: settings.tpm.limit },
      { name: 'budgeted', secret: settings.budget.secret, budgets: [{ period: 'day', cost: settings.budget.cost }] },
    ],
  };
  return JSON.stringify(config, null, 2);
}

/** One gateway instance: a primary and its workers in a process group of their own, on a fixed port. */
export class GatewayInstance {
  private child: ChildProcess | undefined;
  private errors = '';
  /** `SIGHUP: reloaded` lines seen on stderr. */
  private reloads = 0;
  readonly configFile: string;
  readonly journalDir: string;
  /** Process group ids this instance ran as (one per start). */
  readonly starts: number[] = [];

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly main: string,
    dir: string,
  ) {
    this.configFile = join(dir, `${name}.yaml`);
    this.journalDir = join(dir, `${name}-journal`);
    mkdirSync(this.journalDir, { recursive: true });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pgid(): number | undefined {
    return this.child?.pid;
  }

  get stderr(): string {
    return this.errors;
  }

  writeConfig(settings: FleetSettings): void {
    writeFileSync(this.configFile, fleetConfig(settings, this.port, this.journalDir));
  }

  /** Starts the instance and waits until it answers `/ready` with 200. */
  async start(): Promise<void> {
    const child = spawn(process.execPath, [this.main, '--config', this.configFile], {
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      this.reloads += text.split('SIGHUP: reloaded').length - 1;
      this.errors = (this.errors + text).slice(-50_000);
    });
    this.child = child;
    if (child.pid) this.starts.push(child.pid);
    let last = '';
    let gone = false;
    void exitOf(child).then(() => (gone = true));
    await waitFor(
      `${this.name} ready`,
      async () => {
        if (gone) return true;
        const response = await fetch(`${this.url}/ready`);
        last = `${response.status} ${await response.text()}`;
        return response.status === 200;
      },
      60_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}; /ready said ${last}; stderr:\n${this.errors.slice(-3000)}`);
    });
    if (gone) throw new Error(`${this.name} exited while starting:\n${this.errors.slice(-3000)}`);
  }

  /** SIGKILL to the whole group: the instance crashes (primary and workers at once). */
  async crash(): Promise<void> {
    const child = this.child;
    if (!child?.pid) return;
    process.kill(-child.pid, 'SIGKILL');
    await exitOf(child);
  }

  /** SIGTERM to the primary: it drains (its streams finish) and exits; resolves with its exit code. */
  async terminate(): Promise<number | null> {
    const child = this.child;
    if (!child) return null;
    child.kill('SIGTERM');
    await exitOf(child);
    return child.exitCode;
  }

  /** SIGHUP to the primary; resolves when it says it reloaded. */
  async reload(): Promise<void> {
    const before = this.reloads;
    this.child?.kill('SIGHUP');
    await waitFor(`${this.name} reload`, async () => this.reloads > before, 30_000).catch((error: unknown) => {
      throw new Error(`${String(error)}; stderr:\n${this.errors.slice(-3000)}`);
    });
  }

  /** Stops whatever is left of the instance. */
  kill(): void {
    const pid = this.child?.pid;
    if (pid && this.child?.exitCode === null) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}

/**
 * Three instances (gw1, gw2, gw3) on these settings, started: the first alone (it makes the
 * schema), the others beside each other; then HAProxy with the shipped config in front of them.
 */
export async function startFleet(
  settings: FleetSettings,
  main: string,
  dir: string,
): Promise<{ gateways: GatewayInstance[]; haproxy: Haproxy }> {
  const gateways: GatewayInstance[] = [];
  for (const name of ['gw1', 'gw2', 'gw3']) {
    const gateway = new GatewayInstance(name, await freePort(), main, dir);
    gateway.writeConfig(settings);
    gateways.push(gateway);
  }
  await gateways[0]?.start();
  await Promise.all(gateways.slice(1).map((gateway) => gateway.start()));
  const haproxy = await startFleetHaproxy(gateways);
  return { gateways, haproxy };
}
