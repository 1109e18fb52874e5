import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { closedPort } from '../upstream-wires.test-support.js';

/**
 * The servers a fleet run starts, stops and restarts itself, all on loopback ports of their own:
 * a redis-server, a PostgreSQL cluster and HAProxy.
 */

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A loopback port free right now (bound, then released). */
export const freePort = closedPort;

/** True once something accepts TCP connections on the port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

/** Sends SIGTERM to a child process and waits for it to exit. */
async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child) return;
  child.kill('SIGTERM');
  await exitOf(child);
}

/** Waits for a child process to exit (at once when it already has). */
export function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * A redis-server with an append-only file synced on every write, so a restart keeps the current
 * windows' counters (as a production Redis with persistence does).
 */
export class RedisServer {
  private child: ChildProcess | undefined;
  constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      [
        '--bind',
        '127.0.0.1',
        '--port',
        String(this.port),
        '--dir',
        this.dir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
      ],
      { stdio: 'ignore' },
    );
    this.child = child;
    await waitFor('redis-server', () => listening(this.port), 15_000);
  }

  /** SIGTERM: redis-server writes its append-only file and exits. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    await stopChild(child);
  }
}

/** The newest PostgreSQL server binaries Debian installed. */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const newest = versions[versions.length - 1];
  if (!newest) throw new Error('PostgreSQL server binaries are not installed (Debian package postgresql)');
  return join(root, newest, 'bin');
}

/** The ledger rows of one request id. */
export interface LedgerEntry {
  rows: number;
  /** Rows with status 200. */
  answered: number;
  input: number;
  output: number;
  cost: number;
  /** Every row's status, comma-separated. */
  statuses: string;
}

/** A PostgreSQL cluster of its own (initdb), on a loopback port, stopped and started with pg_ctl. */
export class PostgresCluster {
  private readonly bin = postgresBin();
  private readonly data: string;
  constructor(
    readonly port: number,
    private readonly dir: string,
  ) {
    this.data = join(dir, 'data');
  }

  get url(): string {
    return `postgres://interlingua@127.0.0.1:${this.port}/fleet`;
  }

  /** PostgreSQL refuses to run as root: the cluster then belongs to the postgres user. */
  private run(tool: string, args: string[]): void {
    const command = join(this.bin, tool);
    const stdio: ['ignore', 'ignore', 'pipe'] = ['ignore', 'ignore', 'pipe'];
    if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio });
    else execFileSync(command, args, { stdio });
  }

  async create(): Promise<void> {
    if (process.getuid?.() === 0) {
      // The postgres user owns the cluster's folder and may pass through its parent.
      chmodSync(dirname(this.dir), 0o711);
      chownSync(this.dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
    }
    this.run('initdb', ['-D', this.data, '-U', 'interlingua', '--auth=trust', '--no-sync']);
    await this.start();
    this.run('createdb', ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'interlingua', 'fleet']);
  }

  async start(): Promise<void> {
    const options = `-c listen_addresses=127.0.0.1 -c port=${this.port} -c unix_socket_directories=${this.dir} -c fsync=off -c max_connections=100`;
    this.run('pg_ctl', [
      '-D',
      this.data,
      '-l',
      join(this.dir, 'postgres.log'),
      '-w',
      '-t',
      '30',
      '-o',
      options,
      'start',
    ]);
    await waitFor('PostgreSQL', () => listening(this.port), 15_000);
  }

  /** A fast shutdown: every session is cut, as in a database restart. */
  stop(): void {
    this.run('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  }

  /** Connections to the fleet's database other than this query's own; undefined while the server is away. */
  async connections(): Promise<number | undefined> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 1_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ n: string }>(
        "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = 'fleet' AND pid <> pg_backend_pid()",
      );
      return Number(rows[0]?.n ?? 0);
    } catch {
      return undefined;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** Ledger rows by request id: how many, how many answered (200) with their tokens and cost, and every status. */
  async ledger(): Promise<Map<string, LedgerEntry>> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', () => undefined);
    await client.connect();
    try {
      const { rows } = await client.query<{
        request_id: string;
        n: string;
        ok: string;
        input: string | null;
        output: string | null;
        cost: number | null;
        statuses: string;
      }>(
        `SELECT request_id, COUNT(*) AS n, COUNT(*) FILTER (WHERE status = 200) AS ok,
                MAX(input_tokens) FILTER (WHERE status = 200) AS input,
                MAX(output_tokens) FILTER (WHERE status = 200) AS output,
                MAX(cost) FILTER (WHERE status = 200) AS cost, string_agg(status::text, ',') AS statuses
           FROM interlingua_requests GROUP BY request_id`,
      );
      return new Map(
        rows.map((row) => [
          row.request_id,
          {
            rows: Number(row.n),
            answered: Number(row.ok),
            input: Number(row.input ?? Number.NaN),
            output: Number(row.output ?? Number.NaN),
            cost: Number(row.cost ?? Number.NaN),
            statuses: row.statuses,
          },
        ]),
      );
    } finally {
      await client.end();
    }
  }

  /** Stops the cluster for good (its folder is the caller's to remove). */
  destroy(): void {
    try {
      this.stop();
    } catch {
      // already stopped
    }
  }
}

/** HAProxy from Debian, run in the foreground with the repository's configuration and ports from the environment. */
export class Haproxy {
  private child: ChildProcess | undefined;
  private output = '';
  constructor(
    private readonly configFile: string,
    private readonly env: Record<string, string>,
    readonly port: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get log(): string {
    return this.output;
  }

  async start(): Promise<void> {
    execFileSync('haproxy', ['-c', '-q', '-f', this.configFile], { env: { ...process.env, ...this.env } });
    const child = spawn('haproxy', ['-W', '-db', '-f', this.configFile], {
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-20_000)));
    child.stderr?.on('data', (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-20_000)));
    this.child = child;
    await waitFor('HAProxy', () => listening(this.port), 15_000);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    await stopChild(child);
  }
}

/** The repository's HAProxy configuration (deploy/haproxy/haproxy.cfg) in front of three instances, started. */
export async function startFleetHaproxy(instances: ReadonlyArray<{ port: number }>): Promise<Haproxy> {
  const ports = instances.map((instance) => instance.port);
  if (ports.length !== 3) throw new Error('the HAProxy configuration names three instances');
  const lbPort = await freePort();
  const haproxy = new Haproxy(
    join(import.meta.dirname, '..', '..', '..', '..', '..', 'deploy', 'haproxy', 'haproxy.cfg'),
    {
      INTERLINGUA_LB_BIND: `127.0.0.1:${lbPort}`,
      INTERLINGUA_LB_OPERATOR_BIND: `127.0.0.1:${await freePort()}`,
      INTERLINGUA_GW1: `127.0.0.1:${ports[0]}`,
      INTERLINGUA_GW2: `127.0.0.1:${ports[1]}`,
      INTERLINGUA_GW3: `127.0.0.1:${ports[2]}`,
    },
    lbPort,
  );
  await haproxy.start();
  return haproxy;
}

/** Resident memory (MiB) of every process in a process group: an instance's primary and workers. */
export function groupRssMiB(pgid: number): number | undefined {
  let kib = 0;
  let seen = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command (which may hold spaces): state ppid pgrp ...
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const rss = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'));
      if (rss) {
        kib += Number(rss[1]);
        seen++;
      }
    } catch {
      // the process ended while being read
    }
  }
  return seen === 0 ? undefined : kib / 1024;
}
