import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AgentCli, CliSetup } from './agent-clis.test-support.js';
import { quietEnv } from './agent-clis.test-support.js';

/**
 * Where the agent CLIs are installed: an npm prefix holding them at the suite's pinned versions
 * (.ci/agent-clis.sh installs them into a cache folder), never the workspace or a global folder.
 */
export const CLIS_PREFIX = process.env.INTERLINGUA_AGENT_CLIS ?? '';

export function executablePath(cli: AgentCli): string {
  return join(CLIS_PREFIX, 'node_modules', cli.executable);
}

export function installed(cli: AgentCli): boolean {
  return CLIS_PREFIX !== '' && existsSync(executablePath(cli));
}

export interface CliOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** When the CLI started (ms since the epoch) and how long it ran. */
  start: number;
  ms: number;
}

/** Longest a single CLI run may take before it is stopped (and the cell fails). */
export const CLI_RUN_LIMIT_MS = 120_000;

/** Output kept per stream: the CLIs' answers are short, their failure reports too. */
const OUTPUT_LIMIT = 64 * 1024;

/** Runs the CLI in its task directory with only the environment its setup gives (PATH keeps the lane's Node first). */
export function runCli(cli: AgentCli, setup: CliSetup): Promise<CliOutcome> {
  const built = cli.build({ ...setup });
  const executable = executablePath(cli);
  const command = cli.node ? process.execPath : executable;
  const args = cli.node ? [executable, ...built.args] : built.args;
  const env = {
    PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
    ...quietEnv(setup.home),
    ...built.env,
  };
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: setup.dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < OUTPUT_LIMIT) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < OUTPUT_LIMIT) stderr += chunk.toString('utf8');
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, CLI_RUN_LIMIT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      // The CLI may leave helpers (shells, language servers) in its process group.
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
      resolve({ code, signal, timedOut, stdout, stderr, start: started, ms: Date.now() - started });
    });
  });
}
