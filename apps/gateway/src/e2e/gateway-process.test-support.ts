import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built gateway in a child process, as an operator runs it. Each suite builds into its own
 * folder (`name`) so suites building `dist/` at once do not race.
 */
const gatewayDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface GatewayBuild {
  main: string;
  remove(): void;
}

export function buildGateway(name: string): GatewayBuild {
  const outDir = join(gatewayDir, 'node_modules', '.cache', name);
  execFileSync(
    process.execPath,
    [join(gatewayDir, '..', '..', 'node_modules', 'tsup', 'dist', 'cli-default.js'), '--out-dir', outDir],
    { cwd: gatewayDir, stdio: 'ignore' },
  );
  return { main: join(outDir, 'main.js'), remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

export interface GatewayProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
  /** Resolves with the first match of `pattern` in stderr; rejects when the process exits first. */
  waitForStderr(pattern: RegExp): Promise<RegExpExecArray>;
}

/**
 * The built gateway started with `args`; its data folder (`INTERLINGUA_DATA_DIR`, which a config
 * file without `database` uses too) is a fresh temporary one unless `env` names one, removed when
 * the process exits.
 */
export function startGatewayProcess(main: string, args: string[], env: NodeJS.ProcessEnv = {}): GatewayProcess {
  const dataDir = env.INTERLINGUA_DATA_DIR === undefined ? mkdtempSync(join(tmpdir(), 'interlingua-e2e-')) : undefined;
  const child = spawn(process.execPath, [main, ...args], {
    env: { PATH: process.env.PATH ?? '', ...(dataDir ? { INTERLINGUA_DATA_DIR: dataDir } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (dataDir) child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitForStderr = (pattern: RegExp): Promise<RegExpExecArray> =>
    new Promise((resolve, reject) => {
      const timer = setInterval(() => {
        const match = pattern.exec(err);
        if (match) {
          clearInterval(timer);
          resolve(match);
        }
      }, 20);
      void exited.then((code) => {
        clearInterval(timer);
        reject(new Error(`gateway exited with ${code} before ${pattern}:\n${err}`));
      });
    });
  return { child, stdout: () => out, stderr: () => err, exited, waitForStderr };
}

/** The built gateway started from `configFile` (which sets `server.workers: 2`), once its primary says where it listens. */
export async function startTwoWorkerGateway(
  main: string,
  configFile: string,
): Promise<{ gateway: GatewayProcess; url: string }> {
  const gateway = startGatewayProcess(main, ['--config', configFile]);
  const [, url = ''] = await gateway.waitForStderr(/listening on (http:\/\/\S+) \(2 workers\)/);
  return { gateway, url };
}

/** Kills a gateway that is still running and removes its build and its folder. */
export function removeGatewayProcess(
  gateway: GatewayProcess | undefined,
  build: GatewayBuild | undefined,
  dir: string,
): void {
  if (gateway?.child.exitCode === null) gateway.child.kill('SIGKILL');
  build?.remove();
  rmSync(dir, { recursive: true, force: true });
}

/** A POST on a connection of its own (no keep-alive), so a cluster hands each to the next worker. */
export function postOnNewConnection(
  url: string,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; body: string }> {
  return onNewConnection('POST', url, path, { 'content-type': 'application/json', ...headers }, JSON.stringify(body));
}

/** A GET on a connection of its own. */
export function getOnNewConnection(
  url: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return onNewConnection('GET', url, path, headers);
}

function onNewConnection(
  method: string,
  url: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${url}${path}`,
      { method, agent: false, headers: { connection: 'close', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let sent = 0;

/** Sends `count` chat requests to `model` at once, each on its own connection; returns their statuses and request ids. */
export function chatsOnNewConnections(
  url: string,
  count: number,
  secret: string,
  model = 'mock',
): Promise<Array<{ status: number; requestId: string }>> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const requestId = `gateway-process-test-${process.pid}-${++sent}`;
      const { status } = await postOnNewConnection(
        url,
        '/v1/chat/completions',
        { authorization: `Bearer ${secret}`, 'x-request-id': requestId },
        { model, messages: [{ role: 'user', content: 'hello' }] },
      );
      return { status, requestId };
    }),
  );
}

/** The pid of the process that logged each request id (waits for the asynchronous log lines). */
export async function servedBy(gateway: GatewayProcess, requestIds: readonly string[]): Promise<Map<string, number>> {
  for (;;) {
    const pids = new Map(
      logLines(gateway.stdout(), 'request').map((line) => [String(line.requestId), Number(line.pid)]),
    );
    if (requestIds.every((id) => pids.has(id))) return new Map(requestIds.map((id) => [id, pids.get(id) ?? 0]));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits, when the calendar minute (an RPM window) ends within `marginSeconds`, for the next one. */
export async function startOfRpmWindow(marginSeconds = 20): Promise<void> {
  const secondsLeft = 60 - new Date().getUTCSeconds();
  if (secondsLeft < marginSeconds) await new Promise((resolve) => setTimeout(resolve, secondsLeft * 1000 + 200));
}

/** The JSON log lines of a gateway's stdout with the given message. */
export function logLines(stdout: string, msg: string): Array<Record<string, unknown>> {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === msg);
}
