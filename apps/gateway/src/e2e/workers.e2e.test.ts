import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildGateway,
  chatsOnNewConnections,
  getOnNewConnection,
  postOnNewConnection,
  removeGatewayProcess,
  servedBy,
  startGatewayProcess,
  startOfRpmWindow,
  startTwoWorkerGateway,
  type GatewayBuild,
  type GatewayProcess,
} from './gateway-process.test-support.js';

/**
 * The built gateway with `server.workers: 2` and the memory store, as an operator runs it: the
 * workers share one set of counters held by the primary, reload and stop together, and a dead
 * worker is replaced. Which worker served a request is read from the request log (`pid`).
 */
const dir = mkdtempSync(join(tmpdir(), 'interlingua-workers-'));
const file = join(dir, 'gateway.yaml');
const RPM = 12;
const ADMIN_SECRET = 'workers-admin-secret-0123456789';

const config = (extraKeys = ''): string => `
server: { host: 127.0.0.1, port: 0, workers: 2 }
admin: { secret: ${ADMIN_SECRET} }
keys:
  - { name: limited, secret: workers-limited-secret, rpm: ${RPM} }
  - { name: free, secret: workers-free-secret }${extraKeys}
providers:
  - { id: mock, type: mock }
  - { id: slow, type: mock, options: { latencyMs: 250 } }
models:
  - { name: mock, targets: [{ provider: mock }] }
  - { name: slow, targets: [{ provider: slow }] }
`;

let build: GatewayBuild;
let gateway: GatewayProcess;
let url = '';
/** Sends `count` chat requests at once, each on its own connection. */
const chats = (count: number, secret: string): ReturnType<typeof chatsOnNewConnections> =>
  chatsOnNewConnections(url, count, secret);

/** The pid of the worker that logged each request id. */
const workersOf = (requestIds: readonly string[]): ReturnType<typeof servedBy> => servedBy(gateway, requestIds);

beforeAll(async () => {
  build = buildGateway('workers-e2e-test');
  writeFileSync(file, config());
  ({ gateway, url } = await startTwoWorkerGateway(build.main, file));
}, 180_000);

afterAll(() => removeGatewayProcess(gateway, build, dir));

describe('two gateway workers on one port', () => {
  it(`lets exactly the key's RPM (${RPM}) through across both workers, the memory store held by the primary`, async () => {
    await startOfRpmWindow();
    const answers = await chats(48, 'workers-limited-secret');
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(RPM);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(48 - RPM);
    const pids = await workersOf(answers.map((answer) => answer.requestId));
    expect(new Set(pids.values()).size).toBe(2);
  });

  it("answers /metrics with every worker's counters summed, whichever worker takes the scrape", async () => {
    const refused = async (): Promise<number> => {
      const { status, body } = await getOnNewConnection(url, '/metrics', { authorization: `Bearer ${ADMIN_SECRET}` });
      expect(status).toBe(200);
      return [...body.matchAll(/^interlingua_requests_total\{[^}]*status="429"[^}]*\} (\d+)$/gm)].reduce(
        (sum, match) => sum + Number(match[1]),
        0,
      );
    };
    expect([await refused(), await refused(), await refused()]).toEqual([48 - RPM, 48 - RPM, 48 - RPM]);
  });

  it('keeps the running config in every worker after SIGHUP with a broken file, and gives every worker a good one', async () => {
    writeFileSync(file, 'keys: [');
    gateway.child.kill('SIGHUP');
    await gateway.waitForStderr(/SIGHUP: .* refused, keeping the running config:\n {2}- not valid YAML/);
    const before = await chats(6, 'workers-late-secret');
    expect(before.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 401]);
    writeFileSync(file, config('\n  - { name: late, secret: workers-late-secret }'));
    gateway.child.kill('SIGHUP');
    await gateway.waitForStderr(/SIGHUP: reloaded /);
    const after = await chats(6, 'workers-late-secret');
    expect(after.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set((await workersOf(after.map((answer) => answer.requestId))).values()).size).toBe(2);
  });

  it('opens a compaction item sealed by one worker on the other (one secret per run)', async () => {
    const auth = { authorization: 'Bearer workers-free-secret' };
    const input = [
      { role: 'user', content: 'Plan a trip to Paris' },
      { role: 'assistant', content: 'Checking the weather first.' },
    ];
    const compacted = await postOnNewConnection(url, '/v1/responses/compact', auth, { model: 'mock', input });
    expect(compacted.status).toBe(200);
    const { output } = JSON.parse(compacted.body) as { output: Array<{ type: string }> };
    expect(output.some((item) => item.type === 'compaction')).toBe(true);
    const followUps = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const requestId = `workers-compaction-${i}`;
        const answer = await postOnNewConnection(
          url,
          '/v1/responses',
          { ...auth, 'x-request-id': requestId },
          { model: 'mock', input: [...output, { role: 'user', content: 'And dinner?' }] },
        );
        return { ...answer, requestId };
      }),
    );
    expect(followUps.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(new Set((await workersOf(followUps.map((answer) => answer.requestId))).values()).size).toBe(2);
  });

  it('starts another worker when one dies, and keeps serving on the port', async () => {
    const [first] = await chats(1, 'workers-free-secret');
    const victim = (await workersOf([first?.requestId ?? ''])).get(first?.requestId ?? '') ?? 0;
    process.kill(victim, 'SIGKILL');
    await gateway.waitForStderr(
      new RegExp(`gateway worker ${victim} exited \\(SIGKILL\\); starting another in \\d+ ms`),
    );
    const [, replacement = ''] = await gateway.waitForStderr(/gateway worker (\d+) serving/);
    const answers = await chats(6, 'workers-free-secret');
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const pids = new Set((await workersOf(answers.map((answer) => answer.requestId))).values());
    expect(pids).toContain(Number(replacement));
    expect(pids).not.toContain(victim);
  });

  it('reloads on SIGHUP while a replacement worker is still starting', async () => {
    const reloadsSoFar = (): number => gateway.stderr().split('SIGHUP: reloaded').length - 1;
    const before = reloadsSoFar();
    const [first] = await chats(1, 'workers-free-secret');
    const victim = (await workersOf([first?.requestId ?? ''])).get(first?.requestId ?? '') ?? 0;
    process.kill(victim, 'SIGKILL');
    const [, delayMs = '0'] = await gateway.waitForStderr(
      new RegExp(`gateway worker ${victim} exited \\(SIGKILL\\); starting another in (\\d+) ms`),
    );
    // The replacement is forked after the delay and takes a while to listen: the signal lands in between.
    await new Promise((resolve) => setTimeout(resolve, Number(delayMs) + 20));
    gateway.child.kill('SIGHUP');
    await expect.poll(reloadsSoFar, { timeout: 15_000, interval: 50 }).toBe(before + 1);
    await gateway.waitForStderr(new RegExp(`gateway worker ${victim} exited[\\s\\S]*gateway worker \\d+ serving`));
    const answers = await chats(4, 'workers-free-secret');
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  });

  it('finishes an open stream on SIGTERM, then every process exits cleanly', async () => {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer workers-free-secret', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'slow', stream: true, messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    gateway.child.kill('SIGTERM');
    await gateway.waitForStderr(/SIGTERM: stopping/);
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value);
    expect(text).toContain('data: [DONE]');
    expect(await gateway.exited).toBe(0);
  });
});

describe('the command line', () => {
  const run = async (args: string[]): Promise<{ code: number | null; out: string; err: string }> => {
    const child = startGatewayProcess(build.main, args);
    const code = await child.exited;
    return { code, out: child.stdout(), err: child.stderr() };
  };

  it('prints the usage for --help', async () => {
    const { code, out } = await run(['--help']);
    expect(code).toBe(0);
    expect(out).toMatch(/--workers <n\|auto>/);
  });

  it('refuses an unknown flag, naming it, with the usage', async () => {
    const { code, err } = await run(['--confg', file]);
    expect(code).toBe(2);
    expect(err).toContain("Unknown option '--confg'");
    expect(err).toContain('Usage:');
  });

  it('refuses a worker count that is not a whole number or auto', async () => {
    const { code, err } = await run(['--workers', 'many', '--config', file]);
    expect(code).toBe(2);
    expect(err).toContain("--workers takes a whole number from 1 to 256 or 'auto', not 'many'");
  });

  it('refuses an unknown command', async () => {
    const { code, err } = await run(['serve']);
    expect(code).toBe(2);
    expect(err).toContain("Unknown command 'serve'");
  });
});
