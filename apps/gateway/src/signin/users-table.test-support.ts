import type { GatewayRole } from '../auth/admin-principal.js';
import { numberOf, textOf, type SqlDatabase } from '../ledger/sql-database.js';

/** A user who signed in to the console, as `interlingua_users` keeps them. */
export interface UserRecord {
  subject: string;
  email?: string;
  name?: string;
  /** The gateway role the groups claim gave at the last sign-in. */
  role?: GatewayRole;
  firstSignInAt: number;
  lastSignInAt: number;
}

/** The user with this subject, when one ever signed in. */
export async function findUser(db: SqlDatabase, subject: string): Promise<UserRecord | undefined> {
  const [row] = await db.all('SELECT * FROM interlingua_users WHERE subject = ?', [subject]);
  if (!row) return undefined;
  const role = textOf(row.gateway_role);
  return {
    subject: String(row.subject),
    ...(textOf(row.email) ? { email: textOf(row.email) } : {}),
    ...(textOf(row.name) ? { name: textOf(row.name) } : {}),
    ...(role === 'admin' || role === 'viewer' ? { role } : {}),
    firstSignInAt: numberOf(row.first_sign_in_at),
    lastSignInAt: numberOf(row.last_sign_in_at),
  };
}
