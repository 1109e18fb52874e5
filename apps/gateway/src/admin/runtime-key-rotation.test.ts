import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../ledger/open-database.js';
import type { SqlDatabase } from '../ledger/sql-database.js';
import { TEST_DATABASES } from '../ledger/test-databases.test-support.js';
import { RuntimeKeyRegistry } from './runtime-key-registry.js';
import type { CreateKeyInput } from './runtime-key-input.js';
import { MAX_PREVIOUS_SECRETS, RuntimeKeyStore } from './runtime-key-store.js';

const HOUR = 3_600_000;

/** A key with every model and no limits. */
function plainKey(name: string): CreateKeyInput {
  return { name, models: ['*'], metadata: {}, budgets: [] };
}

for (const database of TEST_DATABASES) {
  describe(`rotating a runtime key with an overlap on ${database.name}`, () => {
    const open: SqlDatabase[] = [];
    const registries: RuntimeKeyRegistry[] = [];
    afterEach(async () => {
      for (const registry of registries.splice(0)) registry.stop();
      await Promise.all(open.splice(0).map((db) => db.close()));
    });

    /** A store on a fresh database, and a registry over it whose clock the test sets. */
    async function setUp(): Promise<{ store: RuntimeKeyStore; registry: RuntimeKeyRegistry; clock: { now: number } }> {
      const db = await openDatabase(await database.fresh());
      open.push(db);
      const store = new RuntimeKeyStore(db);
      const clock = { now: Date.now() };
      const registry = new RuntimeKeyRegistry(
        store,
        (operation, error) => {
          throw new Error(`${operation}: ${String(error)}`);
        },
        () => undefined,
        () => clock.now,
      );
      registries.push(registry);
      await registry.start(60_000);
      return { store, registry, clock };
    }

    it('accepts the previous secret, as the same key, until the overlap ends, then refuses it', async () => {
      const { store, registry, clock } = await setUp();
      const { record, secret: first } = await store.create(plainKey('team-a'));
      const rotated = await store.rotate(record.id, HOUR);
      await registry.refresh(true);

      expect(rotated?.previousSecretValidUntil).toBeDefined();
      expect(registry.find(rotated?.secret as string)?.id).toBe(record.id);
      expect(registry.find(first)?.id).toBe(record.id);

      clock.now = Date.parse(rotated?.previousSecretValidUntil as string) - 1;
      expect(registry.find(first)?.id).toBe(record.id);
      clock.now += 1;
      expect(registry.find(first)).toBeUndefined();
      expect(registry.find(rotated?.secret as string)?.id).toBe(record.id);
    });

    it('keeps the overlap in the database: a new registry (a restart, another instance) accepts the previous secret', async () => {
      const { store } = await setUp();
      const { record, secret: first } = await store.create(plainKey('team-b'));
      await store.rotate(record.id, HOUR);
      const restarted = new RuntimeKeyRegistry(store, () => undefined);
      registries.push(restarted);
      await restarted.start(60_000);
      expect(restarted.find(first)?.id).toBe(record.id);
    });

    it('a rotation without overlap ends the replaced secret and every earlier one at once', async () => {
      const { store, registry } = await setUp();
      const { record, secret: first } = await store.create(plainKey('team-c'));
      const second = await store.rotate(record.id, HOUR);
      const third = await store.rotate(record.id, 0);
      await registry.refresh(true);
      expect(third?.previousSecretValidUntil).toBeUndefined();
      expect(registry.find(first)).toBeUndefined();
      expect(registry.find(second?.secret as string)).toBeUndefined();
      expect(registry.find(third?.secret as string)?.id).toBe(record.id);
    });

    it(`keeps at most ${MAX_PREVIOUS_SECRETS} previous secrets, the newest, and forgets them when the key is deleted`, async () => {
      const { store, registry } = await setUp();
      const { record, secret } = await store.create(plainKey('team-d'));
      const secrets = [secret];
      for (let i = 0; i <= MAX_PREVIOUS_SECRETS; i++)
        secrets.push((await store.rotate(record.id, HOUR))?.secret as string);
      await registry.refresh(true);
      expect(secrets.map((each) => registry.find(each) !== undefined)).toEqual([
        false,
        ...Array<boolean>(MAX_PREVIOUS_SECRETS + 1).fill(true),
      ]);
      expect((await store.previousSecrets()).get(record.id)).toHaveLength(MAX_PREVIOUS_SECRETS);
      await store.delete(record.id);
      expect((await store.previousSecrets()).get(record.id)).toBeUndefined();
    });
  });
}
