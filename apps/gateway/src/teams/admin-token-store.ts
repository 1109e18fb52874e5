import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { GatewayRole } from '../auth/admin-principal.js';
import { sha256 } from '../auth/api-keys.js';
import { numberOf, type SqlDatabase, type SqlRow } from '../ledger/sql-database.js';

/** What a user's admin token starts with: `ila_<id>_<secret>`. */
export const ADMIN_TOKEN_PREFIX = 'ila_';
const TOKEN_PATTERN = /^ila_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

/** A user's admin token as its owner sees it (never the secret or its hash). */
export interface AdminTokenRecord {
  id: string;
  subject: string;
  /** The gateway role its owner had when it was issued; team roles are read from the memberships on each use. */
  role?: GatewayRole;
  name: string;
  secretHint: string;
  createdAt: string;
}

const COLUMNS = 'id, subject, role, name, secret_sha256, secret_hint, created_at';

/** Per-user admin tokens: only the SHA-256 of each secret is stored, and it is compared in constant time. */
export class AdminTokenStore {
  constructor(private readonly db: SqlDatabase) {}

  async issue(
    subject: string,
    role: GatewayRole | undefined,
    name: string,
  ): Promise<{ record: AdminTokenRecord; token: string }> {
    const id = randomBytes(8).toString('hex');
    const token = `${ADMIN_TOKEN_PREFIX}${id}_${randomBytes(32).toString('base64url')}`;
    await this.db.run(`INSERT INTO interlingua_admin_tokens (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
      id,
      subject,
      role ?? null,
      name,
      sha256(token).toString('hex'),
      `${token.slice(0, 8)}…${token.slice(-4)}`,
      Date.now(),
    ]);
    return { record: (await this.get(id)) as AdminTokenRecord, token };
  }

  /** The token's record when `presented` is a live token; undefined otherwise. */
  async verify(presented: string): Promise<AdminTokenRecord | undefined> {
    const id = TOKEN_PATTERN.exec(presented)?.[1];
    if (!id) return undefined;
    const [row] = await this.db.all(`SELECT ${COLUMNS} FROM interlingua_admin_tokens WHERE id = ?`, [id]);
    if (!row) return undefined;
    const stored = Buffer.from(String(row.secret_sha256), 'hex');
    const given = sha256(presented);
    return stored.length === given.length && timingSafeEqual(stored, given) ? tokenOf(row) : undefined;
  }

  async get(id: string): Promise<AdminTokenRecord | undefined> {
    const [row] = await this.db.all(`SELECT ${COLUMNS} FROM interlingua_admin_tokens WHERE id = ?`, [id]);
    return row ? tokenOf(row) : undefined;
  }

  /** The subject's tokens; every token when no subject is given. */
  async list(subject?: string): Promise<AdminTokenRecord[]> {
    const rows =
      subject === undefined
        ? await this.db.all(`SELECT ${COLUMNS} FROM interlingua_admin_tokens ORDER BY created_at, id`)
        : await this.db.all(
            `SELECT ${COLUMNS} FROM interlingua_admin_tokens WHERE subject = ? ORDER BY created_at, id`,
            [subject],
          );
    return rows.map(tokenOf);
  }

  async revoke(id: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM interlingua_admin_tokens WHERE id = ?', [id])) > 0;
  }
}

function tokenOf(row: SqlRow): AdminTokenRecord {
  return {
    id: String(row.id),
    subject: String(row.subject),
    ...(row.role === 'admin' || row.role === 'viewer' ? { role: row.role } : {}),
    name: String(row.name),
    secretHint: String(row.secret_hint),
    createdAt: new Date(numberOf(row.created_at)).toISOString(),
  };
}
