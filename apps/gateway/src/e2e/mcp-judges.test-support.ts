import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import { join } from 'node:path';

/**
 * The outside judges of the MCP endpoints, as processes: `@modelcontextprotocol/server-everything`
 * over Streamable HTTP on a loopback port, the official conformance suite and the MCP Inspector CLI.
 */
const packagesDir = join(import.meta.dirname, '..', '..', 'node_modules', '@modelcontextprotocol');
/** server-everything's entry: `[EVERYTHING_MAIN]` runs it over stdio, `[EVERYTHING_MAIN, 'streamableHttp']` over HTTP. */
export const EVERYTHING_MAIN = join(packagesDir, 'server-everything', 'dist', 'index.js');
const CONFORMANCE_MAIN = join(packagesDir, 'conformance', 'dist', 'index.js');
/** The Inspector CLI finds its own package.json relative to the working folder, so it runs from its `build`. */
const INSPECTOR_DIR = join(packagesDir, 'inspector-cli', 'build');

/**
 * Preloaded into server-everything (which listens on every interface at `PORT`): its listener
 * binds to 127.0.0.1 instead and prints the port it got.
 */
const LOOPBACK_LISTEN = `data:text/javascript,${encodeURIComponent(`
import http from 'node:http';
const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (port, ...rest) {
  const done = rest.find((arg) => typeof arg === 'function');
  this.once('listening', () => process.stderr.write('loopback port ' + this.address().port + '\\n'));
  return done ? listen.call(this, port, '127.0.0.1', done) : listen.call(this, port, '127.0.0.1');
};`)}`;

export interface ProcessOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `args` with this Node and collects its output; `timeoutMs` kills a process that hangs. */
export function runNode(args: string[], options: { cwd?: string; timeoutMs: number }): Promise<ProcessOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export interface EverythingServer {
  /** Its MCP endpoint, e.g. `http://127.0.0.1:5123/mcp`. */
  url: string;
  child: ChildProcess;
  close(): Promise<void>;
}

/** server-everything in Streamable HTTP mode on an ephemeral loopback port. */
export function startEverythingServer(): Promise<EverythingServer> {
  const child = spawn(process.execPath, ['--import', LOOPBACK_LISTEN, EVERYTHING_MAIN, 'streamableHttp'], {
    env: { PATH: process.env.PATH ?? '', PORT: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const port = /loopback port (\d+)/.exec(stderr)?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}/mcp`, child, close });
    });
    void exited.then(() => reject(new Error(`server-everything exited before listening:\n${stderr}`)));
  });
}

/** The conformance suite needs `fs.globSync` (Node 22+); on Node 20 its suite skips (the Node 24 lane runs it). */
export const CONFORMANCE_RUNS = 'globSync' in fs;

export type CheckStatus = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';

export interface ScenarioResult {
  scenario: string;
  passed: number;
  failed: number;
  /** Each check's id and status, in the order the suite wrote them. */
  checks: Array<{ id: string; status: CheckStatus; error?: string }>;
}

/** Runs every active server scenario of the conformance suite against `url`; results by scenario name. */
export async function runConformance(url: string, outputDir: string): Promise<Map<string, ScenarioResult>> {
  const run = await runNode([CONFORMANCE_MAIN, 'server', '--url', url, '--output-dir', outputDir], {
    timeoutMs: 120_000,
  });
  // Exit code 1 means some scenario failed; only a missing summary means the suite itself broke.
  if (!run.stdout.includes('=== SUMMARY ===')) {
    throw new Error(`conformance did not finish (${run.code}):\n${run.stdout.slice(-2000)}\n${run.stderr}`);
  }
  const results = new Map<string, ScenarioResult>();
  for (const entry of fs.readdirSync(outputDir)) {
    const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(entry)?.[1];
    if (!scenario) continue;
    const raw = JSON.parse(fs.readFileSync(join(outputDir, entry, 'checks.json'), 'utf8')) as Array<{
      id: string;
      status: CheckStatus;
      errorMessage?: string;
    }>;
    const checks = raw.map((check) => ({
      id: check.id,
      status: check.status,
      ...(check.errorMessage ? { error: check.errorMessage } : {}),
    }));
    results.set(scenario, {
      scenario,
      passed: checks.filter((check) => check.status === 'SUCCESS').length,
      failed: checks.filter((check) => check.status === 'FAILURE').length,
      checks,
    });
  }
  return results;
}

/**
 * A scenario passes when a check succeeded and none failed; `warning` when it neither succeeded
 * nor failed (only warnings or notes).
 */
export function verdictOf(result: ScenarioResult | undefined): 'pass' | 'fail' | 'warning' | 'missing' {
  if (!result) return 'missing';
  if (result.failed > 0) return 'fail';
  return result.passed > 0 ? 'pass' : 'warning';
}

/** Each check's id and status, in a stable order: what two runs of a scenario must share. */
export function checkStatuses(result: ScenarioResult | undefined): string[] {
  return (result?.checks ?? []).map((check) => `${check.id}: ${check.status}`).sort();
}

/** Scenario → verdict direct and through the gateway, as a Markdown table. */
export function conformanceTable(
  direct: Map<string, ScenarioResult>,
  gateway: Map<string, ScenarioResult>,
): { table: string; rows: Array<{ scenario: string; direct: string; gateway: string }> } {
  const scenarios = [...new Set([...direct.keys(), ...gateway.keys()])].sort();
  const rows = scenarios.map((scenario) => ({
    scenario,
    direct: verdictOf(direct.get(scenario)),
    gateway: verdictOf(gateway.get(scenario)),
  }));
  const counts = (result: ScenarioResult | undefined): string => (result ? `${result.passed}/${result.failed}` : '-');
  const lines = [
    '| scenario | direct | through the gateway | checks passed/failed (direct, gateway) |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${row.scenario} | ${row.direct} | ${row.gateway} | ${counts(direct.get(row.scenario))}, ${counts(gateway.get(row.scenario))} |`,
    ),
  ];
  return { table: lines.join('\n'), rows };
}

/** The MCP Inspector CLI against `url` over Streamable HTTP; `args` are its method options. */
export function runInspector(url: string, headers: Record<string, string>, args: string[]): Promise<ProcessOutcome> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['--header', `${name}: ${value}`]);
  return runNode(['index.js', url, '--transport', 'http', ...headerArgs, ...args], {
    cwd: INSPECTOR_DIR,
    timeoutMs: 30_000,
  });
}
