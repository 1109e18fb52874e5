import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mcpLimitsSchema } from '../config/mcp-schema.js';
import { UpstreamServer, type ProcessCount } from './upstream-server.js';

const CRASHING = fileURLToPath(new URL('./crashing-mcp-server.test-support.mjs', import.meta.url));
const limits = mcpLimitsSchema.parse({ restartBaseMs: 20, restartMaxMs: 1_000, maxProcesses: 1 });
const servers: UpstreamServer[] = [];

function stdioServer(name: string, processes: ProcessCount): UpstreamServer {
  const server = new UpstreamServer({ name, command: process.execPath, args: [CRASHING], env: {} }, limits, processes);
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const text = (result: unknown): string =>
  ((result as { content: Array<{ text: string }> }).content[0]?.text ?? '') as string;

describe('an upstream stdio server', () => {
  it('is started at first use, started again with back-off after a crash, and reports it', async () => {
    const processes = { running: 0 };
    const server = stdioServer('crashing', processes);
    expect(server.status()).toMatchObject({ state: 'idle', transport: 'stdio', restarts: 0 });
    const client = await server.client();
    const firstPid = text(await client.callTool({ name: 'alive' }));
    expect(processes.running).toBe(1);
    await expect(client.callTool({ name: 'crash' })).rejects.toThrow();
    await vi.waitFor(() => expect(server.status().restarts).toBe(1), { timeout: 10_000, interval: 20 });
    await vi.waitFor(() => expect(server.status().state).toBe('up'), { timeout: 10_000, interval: 20 });
    expect(server.status().lastError).toBe('the connection closed');
    const again = await server.client();
    const secondPid = text(await again.callTool({ name: 'alive' }));
    expect(secondPid).not.toBe(firstPid);
    expect(processes.running).toBe(1);
  }, 30_000);

  it('is refused, naming the bound, when the instance runs maxProcesses already', async () => {
    const processes = { running: 0 };
    await stdioServer('first', processes).client();
    await expect(stdioServer('second', processes).client()).rejects.toThrow(/mcp\.limits\.maxProcesses/);
  }, 30_000);

  it('is reported down with the reason when its command cannot start, and refused until the back-off is over', async () => {
    const server = new UpstreamServer(
      { name: 'missing', command: '/nonexistent/mcp-server', args: [], env: {} },
      mcpLimitsSchema.parse({ restartBaseMs: 60_000, restartMaxMs: 60_000 }),
      { running: 0 },
    );
    servers.push(server);
    await expect(server.client()).rejects.toThrow(/failed to start/);
    expect(server.status()).toMatchObject({ state: 'down' });
    await expect(server.client()).rejects.toThrow(/next start in/);
  }, 30_000);
});
