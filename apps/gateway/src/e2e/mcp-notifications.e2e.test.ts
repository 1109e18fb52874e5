import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Notification } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import { connectSdkClient } from './mcp-sdk-client.test-support.js';
import { EVERYTHING_BIN } from './mcp-upstreams.test-support.js';

/**
 * The servers' notices reach the sessions: list changes and log messages of an upstream server go
 * out on the GET stream of every session whose request sees that server (on `/mcp` only the
 * servers its key may use), log messages filtered by the level each session chose.
 */
const ALL = 'mcp-notices-all-0001';
const EVERYTHING_ONLY = 'mcp-notices-everything-0001';
const NOTIFIER_BIN = fileURLToPath(new URL('./notifying-mcp-server.test-support.mjs', import.meta.url));
let harness: Harness;
const open: Watcher[] = [];

beforeAll(async () => {
  harness = await startHarness((_request, response) => void response.end(), {
    keys: [
      { name: 'all', secret: ALL, mcp: { servers: ['*'] } },
      { name: 'everything-only', secret: EVERYTHING_ONLY, mcp: { servers: ['everything'] } },
    ],
    sections: {
      mcp: {
        servers: [
          { name: 'everything', command: process.execPath, args: [EVERYTHING_BIN] },
          { name: 'notifier', command: process.execPath, args: [NOTIFIER_BIN] },
        ],
      },
    },
  });
  // Both servers started before any stream opens: what they say while starting goes to no session.
  const warm = await watch('/mcp', ALL);
  await warm.client.listTools();
  await warm.client.close();
}, 60_000);
afterAll(async () => {
  await Promise.all(open.map((watcher) => watcher.client.close().catch(() => undefined)));
  await harness.close();
});

/** A session's client with its GET stream open, and every notice that stream brought. */
interface Watcher {
  client: Client;
  notices: Notification[];
  /** Resolves once the notices satisfy `done`. */
  until(done: (notices: readonly Notification[]) => boolean): Promise<void>;
}

async function watch(path: string, key: string): Promise<Watcher> {
  let streamOpened = (): void => undefined;
  const streamOpen = new Promise<void>((resolve) => (streamOpened = resolve));
  const { client } = await connectSdkClient(`${harness.url}${path}`, key, {
    onResponse: (response, request) => {
      if (request.method === 'GET' && response.ok) streamOpened();
    },
  });
  const notices: Notification[] = [];
  const waiting = new Set<() => void>();
  client.fallbackNotificationHandler = async (notice) => {
    notices.push({ method: notice.method, ...(notice.params ? { params: notice.params } : {}) });
    for (const check of [...waiting]) check();
  };
  await streamOpen;
  const watcher: Watcher = {
    client,
    notices,
    until: (done) =>
      new Promise<void>((resolve) => {
        const check = (): void => {
          if (!done(notices)) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      }),
  };
  open.push(watcher);
  return watcher;
}

const messages = (notices: readonly Notification[]) => notices.filter((n) => n.method === 'notifications/message');
const notify = (watcher: Watcher, name: string, args: Record<string, unknown>) =>
  watcher.client.callTool({ name, arguments: args });

describe('notices from the servers to the sessions', () => {
  it('relays list changes and log messages to the sessions that see the server, and to no other', async () => {
    const all = await watch('/mcp', ALL);
    const everythingOnly = await watch('/mcp', EVERYTHING_ONLY);
    const notifierOnly = await watch('/mcp/notifier', ALL);
    expect(all.client.getServerCapabilities()?.tools?.listChanged).toBe(true);
    expect(notifierOnly.client.getServerCapabilities()?.prompts?.listChanged).toBe(true);

    const lists = ['tools', 'prompts', 'resources'];
    await notify(all, 'notifier__notify', { lists, level: 'info', data: 'first' });
    const relayed = (logger: string) => [
      ...lists.map((list) => ({ method: `notifications/${list}/list_changed` })),
      { method: 'notifications/message', params: { level: 'info', logger, data: 'first' } },
    ];
    await all.until((notices) => messages(notices).length === 1);
    expect(all.notices).toEqual(relayed('notifier__app'));
    await notifierOnly.until((notices) => messages(notices).length === 1);
    expect(notifierOnly.notices).toEqual(relayed('app'));

    // server-everything sends one log message at once when its simulated logging is toggled on.
    await notify(everythingOnly, 'everything__toggle-simulated-logging', {});
    await everythingOnly.until((notices) => notices.length > 0);
    expect(everythingOnly.notices).toEqual([
      { method: 'notifications/message', params: expect.objectContaining({ logger: 'everything' }) },
    ]);
    await notify(everythingOnly, 'everything__toggle-simulated-logging', {});
    // Notices go out in order: once this one came, one from server-everything would have come before it.
    await notify(all, 'notifier__notify', { level: 'error', data: 'second' });
    await notifierOnly.until((notices) => messages(notices).length === 2);
    expect(messages(notifierOnly.notices).map((notice) => notice.params?.data)).toEqual(['first', 'second']);
  }, 60_000);

  it('honours each session’s logging/setLevel', async () => {
    const warnings = await watch('/mcp/notifier', ALL);
    const everything = await watch('/mcp/notifier', ALL);
    await warnings.client.setLoggingLevel('warning');
    await notify(everything, 'notify', { level: 'info', data: 'low' });
    await notify(everything, 'notify', { level: 'error', data: 'high' });
    await everything.until((notices) => messages(notices).length === 2);
    expect(messages(everything.notices).map((notice) => notice.params?.data)).toEqual(['low', 'high']);
    await warnings.until((notices) => messages(notices).length > 0);
    expect(messages(warnings.notices).map((notice) => notice.params?.data)).toEqual(['high']);
  }, 60_000);
});
