import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../ledger/open-database.js';
import { TEST_DATABASES } from '../ledger/test-databases.test-support.js';
import { recordSignIn } from './users-table.js';
import { findUser } from './users-table.test-support.js';

const T0 = Date.UTC(2026, 10, 1, 9);

for (const database of TEST_DATABASES) {
  describe(`users on ${database.name}`, () => {
    it('records a first sign-in, then keeps it while the name, email, role and last sign-in follow the provider', async () => {
      const db = await openDatabase(await database.fresh());
      onTestFinished(() => db.close());
      expect(await findUser(db, 'ada')).toBeUndefined();
      await recordSignIn(db, { subject: 'ada', name: 'Ada', email: 'ada@example.test', role: 'viewer' }, T0);
      expect(await findUser(db, 'ada')).toEqual({
        subject: 'ada',
        name: 'Ada',
        email: 'ada@example.test',
        role: 'viewer',
        firstSignInAt: T0,
        lastSignInAt: T0,
      });
      await recordSignIn(db, { subject: 'ada', name: 'Ada L.', role: 'admin' }, T0 + 1_000);
      expect(await findUser(db, 'ada')).toEqual({
        subject: 'ada',
        name: 'Ada L.',
        role: 'admin',
        firstSignInAt: T0,
        lastSignInAt: T0 + 1_000,
      });
      await recordSignIn(db, { subject: 'nora' }, T0 + 2_000);
      expect(await findUser(db, 'nora')).toEqual({
        subject: 'nora',
        firstSignInAt: T0 + 2_000,
        lastSignInAt: T0 + 2_000,
      });
    });
  });
}
