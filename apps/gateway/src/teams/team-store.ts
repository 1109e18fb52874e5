import { randomBytes } from 'node:crypto';
import type { MembershipSource, TeamMembership, TeamRole } from '../auth/admin-principal.js';
import type { BudgetConfig } from '../config/operations-schema.js';
import { nameTakenIn, numberOf, updateById, type SqlDatabase, type SqlRow } from '../ledger/sql-database.js';
import type { CreateTeamInput, UpdateTeamInput } from './team-input.js';

/** A team: the limits all its keys share, as the admin API shows it. */
export interface TeamRecord {
  id: string;
  name: string;
  rpm?: number;
  tpm?: number;
  budgets: BudgetConfig[];
  createdAt: string;
  updatedAt: string;
}

export interface TeamMember {
  subject: string;
  role: TeamRole;
  addedAt: string;
}

const COLUMNS = 'id, name, budgets, rpm, tpm, created_at, updated_at';

/** Teams and their members, in the operator's database; the memberships a principal is built from. */
export class TeamStore implements MembershipSource {
  private lastStamp = 0;

  constructor(private readonly db: SqlDatabase) {}

  async create(input: CreateTeamInput): Promise<TeamRecord> {
    const id = `team_${randomBytes(9).toString('hex')}`;
    const now = this.stamp();
    await this.db.run(`INSERT INTO interlingua_teams (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
      id,
      input.name,
      JSON.stringify(input.budgets),
      input.rpm ?? null,
      input.tpm ?? null,
      now,
      now,
    ]);
    return (await this.get(id)) as TeamRecord;
  }

  async list(): Promise<TeamRecord[]> {
    return (await this.db.all(`SELECT ${COLUMNS} FROM interlingua_teams ORDER BY created_at, id`)).map(teamOf);
  }

  async get(id: string): Promise<TeamRecord | undefined> {
    const [row] = await this.db.all(`SELECT ${COLUMNS} FROM interlingua_teams WHERE id = ?`, [id]);
    return row ? teamOf(row) : undefined;
  }

  async nameTaken(name: string, exceptId?: string): Promise<boolean> {
    return nameTakenIn(this.db, 'interlingua_teams', name, exceptId);
  }

  /** Applies the given fields; undefined when there is no such team. */
  async update(id: string, patch: UpdateTeamInput): Promise<TeamRecord | undefined> {
    const changed = await updateById(this.db, 'interlingua_teams', id, {
      name: patch.name,
      rpm: patch.rpm,
      tpm: patch.tpm,
      budgets: patch.budgets === undefined ? undefined : JSON.stringify(patch.budgets),
      updated_at: this.stamp(),
    });
    return changed > 0 ? this.get(id) : undefined;
  }

  /** Deletes the team and its memberships; false when there is no such team. */
  async delete(id: string): Promise<boolean> {
    await this.db.run('DELETE FROM interlingua_team_members WHERE team_id = ?', [id]);
    return (await this.db.run('DELETE FROM interlingua_teams WHERE id = ?', [id])) > 0;
  }

  async members(teamId: string): Promise<TeamMember[]> {
    const rows = await this.db.all(
      'SELECT subject, role, created_at FROM interlingua_team_members WHERE team_id = ? ORDER BY created_at, subject',
      [teamId],
    );
    return rows.map((row) => ({
      subject: String(row.subject),
      role: String(row.role) as TeamRole,
      addedAt: new Date(numberOf(row.created_at)).toISOString(),
    }));
  }

  /** Adds the subject to the team, or changes its role there. */
  async setMember(teamId: string, subject: string, role: TeamRole): Promise<void> {
    await this.db.run(
      'INSERT INTO interlingua_team_members (team_id, subject, role, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (team_id, subject) DO UPDATE SET role = excluded.role',
      [teamId, subject, role, Date.now()],
    );
  }

  async removeMember(teamId: string, subject: string): Promise<boolean> {
    return (
      (await this.db.run('DELETE FROM interlingua_team_members WHERE team_id = ? AND subject = ?', [teamId, subject])) >
      0
    );
  }

  async membershipsOf(subject: string): Promise<readonly TeamMembership[]> {
    const rows = await this.db.all(
      'SELECT team_id, role FROM interlingua_team_members WHERE subject = ? ORDER BY team_id',
      [subject],
    );
    return rows.map((row) => ({ teamId: String(row.team_id), role: String(row.role) as TeamRole }));
  }

  /** The update time: the clock, but always later than this store's previous one. */
  private stamp(): number {
    this.lastStamp = Math.max(Date.now(), this.lastStamp + 1);
    return this.lastStamp;
  }
}

function teamOf(row: SqlRow): TeamRecord {
  return {
    id: String(row.id),
    name: String(row.name),
    ...(row.rpm === null || row.rpm === undefined ? {} : { rpm: numberOf(row.rpm) }),
    ...(row.tpm === null || row.tpm === undefined ? {} : { tpm: numberOf(row.tpm) }),
    budgets: JSON.parse(String(row.budgets)) as BudgetConfig[],
    createdAt: new Date(numberOf(row.created_at)).toISOString(),
    updatedAt: new Date(numberOf(row.updated_at)).toISOString(),
  };
}
