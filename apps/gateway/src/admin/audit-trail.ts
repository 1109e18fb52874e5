import { numberOf, type SqlDatabase } from '../ledger/sql-database.js';
import type { AuditEntry, AuditFields } from './admin-audit.js';

const COLUMNS = 'at, action, actor, actor_via, team_id, request_id, remote, fields';
const MAX_ENTRIES = 1_000;

/** The admin actions, kept in the database beside the audit log lines (`GET /admin/audit`). */
export class AuditTrail {
  constructor(private readonly db: SqlDatabase) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.db.run(`INSERT INTO interlingua_audit (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, [
      Date.parse(entry.at),
      entry.action,
      entry.actor,
      entry.actorVia,
      entry.team ?? null,
      entry.requestId ?? null,
      entry.remote ?? null,
      JSON.stringify(entry.fields),
    ]);
  }

  /** The newest entries first, at most `limit` (up to 1,000); only these teams' when `teams` is given. */
  async recent(limit: number, teams?: readonly string[]): Promise<AuditEntry[]> {
    const bounded = Math.min(MAX_ENTRIES, Math.max(1, Math.floor(limit) || 1));
    const scoped =
      teams === undefined
        ? ''
        : teams.length === 0
          ? 'WHERE 1 = 0'
          : `WHERE team_id IN (${teams.map(() => '?').join(', ')})`;
    const rows = await this.db.all(`SELECT ${COLUMNS} FROM interlingua_audit ${scoped} ORDER BY at DESC LIMIT ?`, [
      ...(teams ?? []),
      bounded,
    ]);
    return rows.map((row) => ({
      at: new Date(numberOf(row.at)).toISOString(),
      action: String(row.action),
      actor: String(row.actor),
      actorVia: String(row.actor_via),
      ...(typeof row.team_id === 'string' ? { team: row.team_id } : {}),
      ...(typeof row.request_id === 'string' ? { requestId: row.request_id } : {}),
      ...(typeof row.remote === 'string' ? { remote: row.remote } : {}),
      fields: JSON.parse(String(row.fields)) as AuditFields,
    }));
  }
}
