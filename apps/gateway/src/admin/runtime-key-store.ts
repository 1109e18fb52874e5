import { randomBytes } from 'node:crypto';
import type { BudgetConfig, EndpointName } from '../config/operations-schema.js';
import { nameTakenIn, numberOf, textOf, updateById, type SqlDatabase, type SqlRow } from '../ledger/sql-database.js';
import { sha256, type LimitHolder } from '../auth/api-keys.js';
import type { CreateKeyInput, UpdateKeyInput } from './runtime-key-input.js';
import type { McpGrantConfig } from '../config/mcp-schema.js';

/** A key created at runtime, as the admin API shows it (never its secret or hash). */
export interface RuntimeKeyRecord {
  id: string;
  name: string;
  /** The secret's first characters and last four, to tell keys apart. */
  secretHint: string;
  models: string[];
  endpoints?: EndpointName[];
  rpm?: number;
  tpm?: number;
  budgets: BudgetConfig[];
  /** The MCP servers and tools the key may use. */
  mcp?: McpGrantConfig;
  /** `false`: the key's requests are kept out of the response cache. */
  cache?: false;
  expiresAt?: string;
  metadata: Record<string, string>;
  disabled: boolean;
  /** The team whose limits the key shares, by id. */
  team?: string;
  /** Who issued it (a principal's subject): a member may revoke its own keys. */
  owner?: string;
  createdAt: string;
  updatedAt: string;
}

/** A record with the SHA-256 of its secret, for authentication. */
export interface StoredRuntimeKey extends RuntimeKeyRecord {
  secretSha256: string;
  /** The limits of its team, which every key of the team shares. */
  teamLimits?: LimitHolder;
}

/** A rotated key: its new secret (shown once) and, with an overlap, when the previous one stops working. */
export interface RotatedKey {
  record: RuntimeKeyRecord;
  secret: string;
  previousSecretValidUntil?: string;
}

/** Most previous secrets one key keeps in their overlap; older ones stop working at the next rotation. */
export const MAX_PREVIOUS_SECRETS = 4;

const COLUMNS =
  'id, name, secret_sha256, secret_hint, models, endpoints, rpm, tpm, budgets, expires_at, metadata, disabled, created_at, updated_at, team_id, owner, mcp, response_cache';

const PLACEHOLDERS = COLUMNS.split(',')
  .map(() => '?')
  .join(', ');

/** Keys created at runtime, in the database: only the SHA-256 of each secret is stored. */
export class RuntimeKeyStore {
  private lastStamp = 0;

  constructor(private readonly db: SqlDatabase) {}

  async create(input: CreateKeyInput, owner?: string): Promise<{ record: RuntimeKeyRecord; secret: string }> {
    const secret = newSecret();
    const now = this.stamp();
    const id = `key_${randomBytes(12).toString('hex')}`;
    await this.db.run(`INSERT INTO interlingua_keys (${COLUMNS}) VALUES (${PLACEHOLDERS})`, [
      id,
      input.name,
      sha256(secret).toString('hex'),
      hint(secret),
      JSON.stringify(input.models),
      input.endpoints ? JSON.stringify(input.endpoints) : null,
      input.rpm ?? null,
      input.tpm ?? null,
      JSON.stringify(input.budgets),
      input.expiresAt ? Date.parse(input.expiresAt) : null,
      JSON.stringify(input.metadata),
      0,
      now,
      now,
      input.team ?? null,
      owner ?? null,
      input.mcp ? JSON.stringify(input.mcp) : null,
      input.cache === false ? 0 : null,
    ]);
    return { record: (await this.get(id)) as RuntimeKeyRecord, secret };
  }

  async list(): Promise<RuntimeKeyRecord[]> {
    return (await this.db.all(`SELECT ${COLUMNS} FROM interlingua_keys ORDER BY created_at, id`)).map((row) =>
      publicRecord(recordOf(row)),
    );
  }

  /** Every key with its secret's hash and its team's limits (the authentication cache). */
  async listForAuth(): Promise<StoredRuntimeKey[]> {
    const rows = await this.db.all(
      `SELECT ${COLUMNS.split(', ')
        .map((column) => `k.${column}`)
        .join(
          ', ',
        )}, t.name AS team_name, t.rpm AS team_rpm, t.tpm AS team_tpm, t.budgets AS team_budgets FROM interlingua_keys k LEFT JOIN interlingua_teams t ON t.id = k.team_id`,
    );
    return rows.map((row) => {
      const record = recordOf(row);
      if (record.team === undefined || row.team_name === null || row.team_name === undefined) return record;
      const teamLimits: LimitHolder = {
        id: record.team,
        name: String(row.team_name),
        ...(row.team_rpm === null || row.team_rpm === undefined ? {} : { rpm: numberOf(row.team_rpm) }),
        ...(row.team_tpm === null || row.team_tpm === undefined ? {} : { tpm: numberOf(row.team_tpm) }),
        budgets: JSON.parse(String(row.team_budgets)) as BudgetConfig[],
      };
      return { ...record, teamLimits };
    });
  }

  async get(id: string): Promise<RuntimeKeyRecord | undefined> {
    const [row] = await this.db.all(`SELECT ${COLUMNS} FROM interlingua_keys WHERE id = ?`, [id]);
    return row ? publicRecord(recordOf(row)) : undefined;
  }

  async nameTaken(name: string, exceptId?: string): Promise<boolean> {
    return nameTakenIn(this.db, 'interlingua_keys', name, exceptId);
  }

  /** Applies the given fields; undefined when there is no such key. */
  async update(id: string, patch: UpdateKeyInput): Promise<RuntimeKeyRecord | undefined> {
    const json = (value: unknown): string | null | undefined =>
      value === undefined ? undefined : value === null ? null : JSON.stringify(value);
    const changed = await updateById(this.db, 'interlingua_keys', id, {
      name: patch.name,
      models: json(patch.models),
      endpoints: json(patch.endpoints),
      rpm: patch.rpm,
      tpm: patch.tpm,
      budgets: json(patch.budgets),
      expires_at:
        patch.expiresAt === undefined || patch.expiresAt === null ? patch.expiresAt : Date.parse(patch.expiresAt),
      metadata: json(patch.metadata),
      disabled: patch.disabled === undefined ? undefined : patch.disabled ? 1 : 0,
      mcp: json(patch.mcp),
      response_cache: patch.cache === undefined ? undefined : patch.cache === false ? 0 : null,
      updated_at: this.stamp(),
    });
    return changed > 0 ? this.get(id) : undefined;
  }

  /**
   * A new secret for the key, the same key otherwise (id, counters, budgets, ledger rows). With an
   * overlap the replaced secret keeps working for that long (at most the newest
   * `MAX_PREVIOUS_SECRETS`); without one it and every earlier secret stop working at once.
   */
  async rotate(id: string, overlapMs = 0): Promise<RotatedKey | undefined> {
    const secret = newSecret();
    const now = this.stamp();
    const validUntil = overlapMs > 0 ? now + overlapMs : undefined;
    const [current] = await this.db.all('SELECT secret_sha256 FROM interlingua_keys WHERE id = ?', [id]);
    if (!current) return undefined;
    if (validUntil === undefined) {
      await this.db.run('DELETE FROM interlingua_key_previous_secrets WHERE key_id = ?', [id]);
    } else {
      await this.db.run(
        'INSERT INTO interlingua_key_previous_secrets (key_id, secret_sha256, valid_until) VALUES (?, ?, ?)',
        [id, String(current.secret_sha256), validUntil],
      );
      await prunePreviousSecrets(this.db, id, now);
    }
    const changed = await this.db.run(
      'UPDATE interlingua_keys SET secret_sha256 = ?, secret_hint = ?, updated_at = ? WHERE id = ?',
      [sha256(secret).toString('hex'), hint(secret), now, id],
    );
    const record = changed > 0 ? await this.get(id) : undefined;
    if (!record) return undefined;
    const until = validUntil === undefined ? {} : { previousSecretValidUntil: new Date(validUntil).toISOString() };
    return { record, secret, ...until };
  }

  /** Every runtime key's previous secrets (their SHA-256 and end, ms), by key id. */
  async previousSecrets(): Promise<Map<string, Array<{ secretSha256: string; validUntil: number }>>> {
    const byKey = new Map<string, Array<{ secretSha256: string; validUntil: number }>>();
    for (const row of await this.db.all(
      'SELECT key_id, secret_sha256, valid_until FROM interlingua_key_previous_secrets',
    )) {
      const id = String(row.key_id);
      byKey.set(id, [
        ...(byKey.get(id) ?? []),
        { secretSha256: String(row.secret_sha256), validUntil: numberOf(row.valid_until) },
      ]);
    }
    return byKey;
  }

  async delete(id: string): Promise<boolean> {
    await this.db.run('DELETE FROM interlingua_key_previous_secrets WHERE key_id = ?', [id]);
    return (await this.db.run('DELETE FROM interlingua_keys WHERE id = ?', [id])) > 0;
  }

  /** Changes whenever a key or a team is created, changed or deleted, by any instance. */
  async version(): Promise<string> {
    const [row] = await this.db.all(
      'SELECT COUNT(*) AS n, COALESCE(MAX(updated_at), 0) AS latest, COALESCE(SUM(updated_at), 0) AS total FROM interlingua_keys',
    );
    const [teams] = await this.db.all(
      'SELECT COUNT(*) AS n, COALESCE(SUM(updated_at), 0) AS total FROM interlingua_teams',
    );
    return `${numberOf(row?.n)}:${String(row?.latest)}:${String(row?.total)}:${numberOf(teams?.n)}:${String(teams?.total)}`;
  }

  /** The update time: the clock, but always later than this store's previous one. */
  private stamp(): number {
    this.lastStamp = Math.max(Date.now(), this.lastStamp + 1);
    return this.lastStamp;
  }
}

/** Drops a key's previous secrets whose overlap has ended, and all but the newest `MAX_PREVIOUS_SECRETS`. */
async function prunePreviousSecrets(db: SqlDatabase, id: string, now: number): Promise<void> {
  await db.run('DELETE FROM interlingua_key_previous_secrets WHERE key_id = ? AND valid_until <= ?', [id, now]);
  const kept = await db.all(
    'SELECT secret_sha256, valid_until FROM interlingua_key_previous_secrets WHERE key_id = ? ORDER BY valid_until DESC',
    [id],
  );
  for (const row of kept.slice(MAX_PREVIOUS_SECRETS)) {
    await db.run('DELETE FROM interlingua_key_previous_secrets WHERE key_id = ? AND secret_sha256 = ?', [
      id,
      String(row.secret_sha256),
    ]);
  }
}

function newSecret(): string {
  return `ilg-${randomBytes(32).toString('base64url')}`;
}

function hint(secret: string): string {
  return `${secret.slice(0, 4)}…${secret.slice(-4)}`;
}

function recordOf(row: SqlRow): StoredRuntimeKey {
  const endpoints = textOf(row.endpoints);
  const mcp = textOf(row.mcp);
  const expiresAt = row.expires_at === null || row.expires_at === undefined ? undefined : numberOf(row.expires_at);
  return {
    id: String(row.id),
    name: String(row.name),
    secretSha256: String(row.secret_sha256),
    secretHint: String(row.secret_hint),
    models: JSON.parse(String(row.models)) as string[],
    ...(endpoints ? { endpoints: JSON.parse(endpoints) as EndpointName[] } : {}),
    ...(row.rpm === null || row.rpm === undefined ? {} : { rpm: numberOf(row.rpm) }),
    ...(row.tpm === null || row.tpm === undefined ? {} : { tpm: numberOf(row.tpm) }),
    budgets: JSON.parse(String(row.budgets)) as BudgetConfig[],
    ...(mcp ? { mcp: JSON.parse(mcp) as McpGrantConfig } : {}),
    ...(row.response_cache === null || row.response_cache === undefined ? {} : { cache: false as const }),
    ...(expiresAt === undefined ? {} : { expiresAt: new Date(expiresAt).toISOString() }),
    metadata: JSON.parse(String(row.metadata)) as Record<string, string>,
    disabled: numberOf(row.disabled) !== 0,
    ...(typeof row.team_id === 'string' ? { team: row.team_id } : {}),
    ...(typeof row.owner === 'string' ? { owner: row.owner } : {}),
    createdAt: new Date(numberOf(row.created_at)).toISOString(),
    updatedAt: new Date(numberOf(row.updated_at)).toISOString(),
  };
}

function publicRecord(stored: StoredRuntimeKey): RuntimeKeyRecord {
  const { secretSha256: _hash, ...record } = stored;
  return record;
}
