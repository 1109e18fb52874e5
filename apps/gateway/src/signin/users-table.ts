import type { SqlDatabase } from '../ledger/sql-database.js';
import type { SessionUser } from './console-sessions.js';

/** Records a sign-in: a new user row, or the known user's email, name, role and last sign-in brought up to date. */
export async function recordSignIn(db: SqlDatabase, user: SessionUser, at: number): Promise<void> {
  await db.run(
    `INSERT INTO interlingua_users (subject, email, name, gateway_role, first_sign_in_at, last_sign_in_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (subject) DO UPDATE SET email = excluded.email, name = excluded.name,
       gateway_role = excluded.gateway_role, last_sign_in_at = excluded.last_sign_in_at`,
    [user.subject, user.email ?? null, user.name ?? null, user.role ?? null, at, at],
  );
}
