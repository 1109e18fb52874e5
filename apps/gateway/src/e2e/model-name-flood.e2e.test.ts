import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildGateway,
  getOnNewConnection,
  removeGatewayProcess,
  type GatewayBuild,
  type GatewayProcess,
} from './gateway-process.test-support.js';

/**
 * One key sending a flood of distinct 1 MiB model names to the built gateway, run as an operator
 * runs it (request log, SQLite ledger, metrics) under a small heap (`--max-old-space-size`):
 * names that match no route and names a glob route would send upstream are both refused with a
 * 400 naming `model`, nothing keeps them, and the process stays up with its heap flat. Before
 * model names were bounded, every name was kept by the model router (and, on the glob route, in
 * the cooldowns, the metrics labels, the log line and the ledger): the process ran out of heap
 * after about 150 such requests.
 */
const MiB = 1024 * 1024;
const HEAP_LIMIT_MB = 160;
const FLOOD_REQUESTS = 320;
const AT_ONCE = 4;
const ADMIN_SECRET = 'model-name-flood-admin-secret-0123';
const KEY = 'model-name-flood-key-secret';
const dir = mkdtempSync(join(tmpdir(), 'interlingua-model-flood-'));
const file = join(dir, 'gateway.yaml');

let build: GatewayBuild;
let child: ChildProcess;
let url = '';
let stderr = '';

beforeAll(async () => {
  build = buildGateway('model-name-flood-e2e-test');
  writeFileSync(
    file,
    `
server: { host: 127.0.0.1, port: 0 }
admin: { secret: ${ADMIN_SECRET} }
database: { type: sqlite, dir: ${JSON.stringify(join(dir, 'data'))} }
keys:
  - { name: flooder, secret: ${KEY} }
providers:
  - { id: mock, type: mock }
models:
  - { name: mock, targets: [{ provider: mock }] }
  - { name: "mock/*", targets: [{ provider: mock }] }
`,
  );
  // The request log goes nowhere: a test process holding every line would measure itself.
  child = spawn(process.execPath, [`--max-old-space-size=${HEAP_LIMIT_MB}`, build.main, '--config', file], {
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-64 * 1024)));
  child.once('exit', (code, signal) => (stderr += `\nexit ${code} ${signal}`));
  url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match?.[1]) {
        clearInterval(timer);
        resolve(match[1]);
      }
    }, 20);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`gateway exited with ${code}:\n${stderr}`));
    });
  });
}, 180_000);

afterAll(() => {
  if (child?.exitCode !== null) console.info(`gateway exited with ${child?.exitCode}: ${stderr.slice(-2000)}`);
});
afterAll(() => removeGatewayProcess({ child } as GatewayProcess, build, dir));

async function heapUsedBytes(): Promise<number> {
  const { status, body } = await getOnNewConnection(url, '/metrics', { authorization: `Bearer ${ADMIN_SECRET}` });
  expect(status).toBe(200);
  return Number(/^interlingua_nodejs_heap_size_used_bytes (\S+)$/m.exec(body)?.[1]);
}

/** A chat request; its answer's head may be large (before the bound, the route header echoed the model). */
function chat(model: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const reject = (error: Error): void => resolve({ status: 0, body: error.message });
    const body = JSON.stringify({ model, messages: [{ role: 'user', content: 'hello' }] });
    const request = httpRequest(
      `${url}/v1/chat/completions`,
      {
        method: 'POST',
        maxHeaderSize: 4 * MiB,
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** A distinct name of 1 MiB: half of them match the glob route, half match nothing. */
const floodName = (i: number): string => `${i % 2 === 0 ? 'mock/' : 'unrouted-'}${i}-`.padEnd(MiB, 'x');

describe('a flood of distinct 1 MiB model names from one key', () => {
  it('is refused with a 400 naming model while the heap stays flat and the process up', async () => {
    expect((await chat('mock')).status).toBe(200);
    const before = await heapUsedBytes();
    let peak = before;
    const statuses: number[] = [];
    for (let i = 0; i < FLOOD_REQUESTS; i += AT_ONCE) {
      const answers = await Promise.all(Array.from({ length: AT_ONCE }, (_, j) => chat(floodName(i + j))));
      statuses.push(...answers.map((answer) => answer.status));
      if (i % 32 === 0) {
        const used = await heapUsedBytes();
        peak = Math.max(peak, used);
        console.info(`heap used after ${i + AT_ONCE} requests: ${(used / MiB).toFixed(1)} MiB`);
      }
      const refusal = answers[0];
      if (refusal?.status === 400)
        expect(JSON.parse(refusal.body)).toMatchObject({ error: { type: 'invalid_request_error', param: 'model' } });
    }
    const after = await heapUsedBytes();
    console.info(
      `answers: ${JSON.stringify(Object.fromEntries([...new Set(statuses)].map((status) => [status, statuses.filter((s) => s === status).length])))}`,
    );
    expect(statuses.filter((status) => status !== 400)).toEqual([]);
    peak = Math.max(peak, after);
    expect(child.exitCode).toBeNull();
    expect((await chat('mock')).status).toBe(200);
    expect((await chat('mock/mock-after-the-flood')).status).toBe(200);
    // The flood sent 320 MiB of names to a process with a 160 MB heap: kept, they could not fit.
    expect(after - before).toBeLessThan(48 * MiB);
    console.info(
      `heap used: ${(before / MiB).toFixed(1)} MiB before, ${(after / MiB).toFixed(1)} MiB after ${FLOOD_REQUESTS} x 1 MiB model names (peak sampled ${(peak / MiB).toFixed(1)} MiB)`,
    );
  }, 300_000);
});
