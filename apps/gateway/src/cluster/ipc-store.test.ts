import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../store/memory-store.js';
import { describeStateStoreContract } from '../store/state-store-contract.test-support.js';
import type { StateStore } from '../store/state-store.js';
import { IpcStore } from './ipc-store.js';
import { answerStoreRequest } from './store-host.js';
import { isStoreMessage, type StoreChannel, type StoreReply, type StoreRequest } from './store-protocol.js';

/**
 * A worker's store wired to a primary's store through a message port, each message passed
 * through JSON as cluster IPC passes it. `sent` collects the requests that crossed.
 */
function connected(primary: StateStore): { store: IpcStore; sent: StoreRequest[] } {
  const { port1: worker, port2: host } = new MessageChannel();
  const sent: StoreRequest[] = [];
  host.on('message', (message: unknown) => {
    if (!isStoreMessage(message)) return;
    const request = JSON.parse(JSON.stringify(message)) as StoreRequest;
    void answerStoreRequest(primary, request).then((reply) => host.postMessage(JSON.parse(JSON.stringify(reply))));
  });
  const channel: StoreChannel = {
    send(request) {
      sent.push(request);
      worker.postMessage(request);
    },
    onReply(listener) {
      const onMessage = (message: unknown): void => {
        if (isStoreMessage(message)) listener(message as StoreReply);
      };
      worker.on('message', onMessage);
      return () => {
        worker.off('message', onMessage);
        worker.close();
      };
    },
  };
  return { store: new IpcStore(channel), sent };
}

describeStateStoreContract(
  'IpcStore (a worker reaching the primary memory store)',
  () => connected(new MemoryStore()).store,
);

describe('IpcStore', () => {
  it('sends the calls of one turn of the event loop as one message', async () => {
    const { store, sent } = connected(new MemoryStore());
    const answers = await Promise.all([
      store.increment('a', 1, 60_000),
      store.increment('a', 2, 60_000),
      store.set('v', 'x'),
      store.get('v'),
      store.counter('a'),
      store.isCoolingDown('t'),
    ]);
    expect(answers).toEqual([1, 3, undefined, 'x', 3, false]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.calls.map((call) => call.method)).toEqual([
      'increment',
      'increment',
      'set',
      'get',
      'counter',
      'isCoolingDown',
    ]);
    await store.close();
  });

  it('keeps a value set without a TTL (JSON turns the missing argument into null)', async () => {
    const { store } = connected(new MemoryStore());
    await store.set('forever', 'yes');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await store.get('forever')).toBe('yes');
    await store.close();
  });

  it('lets exactly the limit through when two workers check one counter at once', async () => {
    const primary = new MemoryStore();
    const workers = [connected(primary).store, connected(primary).store];
    const limit = 25;
    const check = async (store: IpcStore): Promise<boolean> => {
      const [count = 0] = await store.counters([{ key: 'rpm:shared:1', by: 1, ttlMs: 60_000 }]);
      return count <= limit;
    };
    const verdicts = await Promise.all(Array.from({ length: 120 }, (_, i) => check(workers[i % 2] as IpcStore)));
    expect(verdicts.filter(Boolean)).toHaveLength(limit);
    await Promise.all(workers.map((store) => store.close()));
  });

  it('answers a failing call with an error and the others in the same message normally', async () => {
    const failing: StateStore = Object.assign(new MemoryStore(), {
      coolDown: () => Promise.reject(new Error('disk on fire')),
    });
    const { store } = connected(failing);
    const [cooled, counted] = await Promise.allSettled([store.coolDown('t', 10), store.increment('c', 1, 1_000)]);
    expect(cooled).toMatchObject({ status: 'rejected', reason: { message: 'store (primary process): disk on fire' } });
    expect(counted).toEqual({ status: 'fulfilled', value: 1 });
    await store.close();
  });

  it('refuses calls after close, and rejects the ones still waiting', async () => {
    const { store } = connected(new MemoryStore());
    const waiting = store.counter('x');
    await store.close();
    await expect(waiting).rejects.toThrow('the store was closed');
    await expect(store.ping()).rejects.toThrow('the store was closed');
  });
});
