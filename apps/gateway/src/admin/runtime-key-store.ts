import { randomBytes } from 'node:crypto';
import type { BudgetConfig, EndpointName } from '../config/operations-schema.js';
import { numberOf, textOf, type SqlDatabase, type SqlRow, type SqlValue } from '../ledger/sql-database.js';
import { sha256 } from '../auth/api-keys.js';
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
  expiresAt?: string;
  metadata: Record<string, string>;
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A record with the SHA-256 of its secret, for authentication. */
export interface StoredRuntimeKey extends RuntimeKeyRecord {
  secretSha256: string;
}

const COLUMNS =
  'id, name, secret_sha256, secret_hint, models, endpoints, rpm, tpm, budgets, expires_at, metadata, disabled, created_at, updated_at, mcp';

/** Keys created at runtime, in the database: only the SHA-256 of each secret is stored. */
export class RuntimeKeyStore {
  private lastStamp = 0;

  constructor(private readonly db: SqlDatabase) {}

  async create(input: CreateKeyInput): Promise<{ record: RuntimeKeyRecord; secret: string }> {
    const secret = newSecret();
    const now = this.stamp();
    const id = `key_${randomBytes(12).toString('hex')}`;
    await this.db.run(
      `INSERT INTO interlingua_keys (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
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
        input.mcp ? JSON.stringify(input.mcp) : null,
      ],
    );
    return { record: (await this.get(id)) as RuntimeKeyRecord, secret };
  }

  async list(): Promise<RuntimeKeyRecord[]> {
    return (await this.db.all(`SELECT ${COLUMNS} FROM interlingua_keys ORDER BY created_at, id`)).map((row) =>
      publicRecord(recordOf(row)),
    );
  }

  /** Every key with its secret's hash (the authentication cache). */
  async listForAuth(): Promise<StoredRuntimeKey[]> {
    return (await this.db.all(`SELECT ${COLUMNS} FROM interlingua_keys`)).map(recordOf);
  }

  async get(id: string): Promise<RuntimeKeyRecord | undefined> {
    const [row] = await this.db.all(`SELECT ${COLUMNS} FROM interlingua_keys WHERE id = ?`, [id]);
    return row ? publicRecord(recordOf(row)) : undefined;
  }

  async nameTaken(name: string, exceptId?: string): Promise<boolean> {
    const rows = await this.db.all('SELECT id FROM interlingua_keys WHERE name = ?', [name]);
    return rows.some((row) => row.id !== exceptId);
  }

  /** Applies the given fields; undefined when there is no such key. */
  async update(id: string, patch: UpdateKeyInput): Promise<RuntimeKeyRecord | undefined> {
    const sets: string[] = [];
    const values: SqlValue[] = [];
    const set = (column: string, value: SqlValue): void => {
      sets.push(`${column} = ?`);
      values.push(value);
    };
    if (patch.name !== undefined) set('name', patch.name);
    if (patch.models !== undefined) set('models', JSON.stringify(patch.models));
    if (patch.endpoints !== undefined)
      set('endpoints', patch.endpoints === null ? null : JSON.stringify(patch.endpoints));
    if (patch.rpm !== undefined) set('rpm', patch.rpm);
    if (patch.tpm !== undefined) set('tpm', patch.tpm);
    if (patch.budgets !== undefined) set('budgets', JSON.stringify(patch.budgets));
    if (patch.expiresAt !== undefined) set('expires_at', patch.expiresAt === null ? null : Date.parse(patch.expiresAt));
    if (patch.metadata !== undefined) set('metadata', JSON.stringify(patch.metadata));
    if (patch.disabled !== undefined) set('disabled', patch.disabled ? 1 : 0);
    if (patch.mcp !== undefined) set('mcp', patch.mcp === null ? null : JSON.stringify(patch.mcp));
    set('updated_at', this.stamp());
    const changed = await this.db.run(`UPDATE interlingua_keys SET ${sets.join(', ')} WHERE id = ?`, [...values, id]);
    return changed > 0 ? this.get(id) : undefined;
  }

  /** A new secret for the key; the old one stops working. */
  async rotate(id: string): Promise<{ record: RuntimeKeyRecord; secret: string } | undefined> {
    const secret = newSecret();
    const changed = await this.db.run(
      'UPDATE interlingua_keys SET secret_sha256 = ?, secret_hint = ?, updated_at = ? WHERE id = ?',
      [sha256(secret).toString('hex'), hint(secret), this.stamp(), id],
    );
    const record = changed > 0 ? await this.get(id) : undefined;
    return record ? { record, secret } : undefined;
  }

  async delete(id: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM interlingua_keys WHERE id = ?', [id])) > 0;
  }

  /** Changes whenever a key is created, changed or deleted, by any instance. */
  async version(): Promise<string> {
    const [row] = await this.db.all(
      'SELECT COUNT(*) AS n, COALESCE(MAX(updated_at), 0) AS latest, COALESCE(SUM(updated_at), 0) AS total FROM interlingua_keys',
    );
    return `${numberOf(row?.n)}:${String(row?.latest)}:${String(row?.total)}`;
  }

  /** The update time: the clock, but always later than this store's previous one. */
  private stamp(): number {
    this.lastStamp = Math.max(Date.now(), this.lastStamp + 1);
    return this.lastStamp;
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
    ...(expiresAt === undefined ? {} : { expiresAt: new Date(expiresAt).toISOString() }),
    metadata: JSON.parse(String(row.metadata)) as Record<string, string>,
    disabled: numberOf(row.disabled) !== 0,
    createdAt: new Date(numberOf(row.created_at)).toISOString(),
    updatedAt: new Date(numberOf(row.updated_at)).toISOString(),
  };
}

function publicRecord(stored: StoredRuntimeKey): RuntimeKeyRecord {
  const { secretSha256: _hash, ...record } = stored;
  return record;
}
