import type { SqlDatabase } from './sql-database.js';

interface Migration {
  version: number;
  name: string;
  /** SQL both SQLite and PostgreSQL run as written. */
  sql: string;
}

/** The schema, one step per version; a step once released is never edited, only followed. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'runtime keys and the usage ledger',
    sql: `
CREATE TABLE interlingua_keys (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  secret_sha256 TEXT NOT NULL UNIQUE,
  secret_hint TEXT NOT NULL,
  models TEXT NOT NULL,
  endpoints TEXT,
  rpm INTEGER,
  tpm INTEGER,
  budgets TEXT NOT NULL,
  expires_at BIGINT,
  metadata TEXT NOT NULL,
  disabled INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE TABLE interlingua_requests (
  request_id TEXT NOT NULL,
  at BIGINT NOT NULL,
  day TEXT NOT NULL,
  key_name TEXT,
  style TEXT,
  endpoint TEXT NOT NULL,
  model TEXT,
  provider TEXT,
  upstream_model TEXT,
  path TEXT,
  status INTEGER NOT NULL,
  error_kind TEXT,
  input_tokens BIGINT NOT NULL,
  output_tokens BIGINT NOT NULL,
  cached_tokens BIGINT NOT NULL,
  reasoning_tokens BIGINT NOT NULL,
  cost DOUBLE PRECISION,
  latency_ms DOUBLE PRECISION NOT NULL,
  ttfb_ms DOUBLE PRECISION,
  attempts INTEGER NOT NULL,
  warnings TEXT
);
CREATE INDEX interlingua_requests_at ON interlingua_requests (at);
CREATE INDEX interlingua_requests_key_at ON interlingua_requests (key_name, at);
`,
  },
  {
    version: 2,
    name: 'prompt-cache reads and writes apart',
    sql: `
ALTER TABLE interlingua_requests ADD COLUMN cache_read_tokens BIGINT NOT NULL DEFAULT 0;
ALTER TABLE interlingua_requests ADD COLUMN cache_write_tokens BIGINT NOT NULL DEFAULT 0;
`,
  },
  {
    version: 3,
    name: 'ledger rows name their key by id',
    // Rows written before keys had ids in the ledger take the id of the runtime key that has their name now.
    sql: `
ALTER TABLE interlingua_requests ADD COLUMN key_id TEXT;
UPDATE interlingua_requests SET key_id = (SELECT id FROM interlingua_keys WHERE interlingua_keys.name = interlingua_requests.key_name) WHERE key_name IS NOT NULL;
CREATE INDEX interlingua_requests_key_id_at ON interlingua_requests (key_id, at);
`,
  },
  {
    version: 4,
    name: 'ledger rows carry a unique id (a journal replayed twice writes each row once)',
    sql: `
ALTER TABLE interlingua_requests ADD COLUMN row_id TEXT;
CREATE UNIQUE INDEX interlingua_requests_row_id ON interlingua_requests (row_id);
`,
  },
  {
    version: 5,
    name: 'users signed in through the identity provider',
    sql: `
CREATE TABLE interlingua_users (
  subject TEXT PRIMARY KEY,
  email TEXT,
  name TEXT,
  gateway_role TEXT,
  first_sign_in_at BIGINT NOT NULL,
  last_sign_in_at BIGINT NOT NULL
);
`,
  },
  {
    version: 6,
    name: 'a rotated runtime key keeps its previous secrets for an overlap',
    sql: `
CREATE TABLE interlingua_key_previous_secrets (
  key_id TEXT NOT NULL,
  secret_sha256 TEXT NOT NULL,
  valid_until BIGINT NOT NULL
);
CREATE INDEX interlingua_key_previous_secrets_key_id ON interlingua_key_previous_secrets (key_id);
`,
  },
  {
    version: 7,
    name: 'ledger rows say when the response cache answered, and the cost it saved',
    sql: `
ALTER TABLE interlingua_requests ADD COLUMN cache_hit INTEGER NOT NULL DEFAULT 0;
ALTER TABLE interlingua_requests ADD COLUMN cost_saved DOUBLE PRECISION;
`,
  },
  {
    version: 8,
    name: 'teams, team members, per-user admin tokens, the audit trail; keys name their team and owner',
    sql: `
CREATE TABLE interlingua_teams (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  budgets TEXT NOT NULL,
  rpm INTEGER,
  tpm INTEGER,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE TABLE interlingua_team_members (
  team_id TEXT NOT NULL,
  subject TEXT NOT NULL,
  role TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (team_id, subject)
);
CREATE INDEX interlingua_team_members_subject ON interlingua_team_members (subject);
CREATE TABLE interlingua_admin_tokens (
  id TEXT PRIMARY KEY,
  subject TEXT NOT NULL,
  role TEXT,
  name TEXT NOT NULL,
  secret_sha256 TEXT NOT NULL,
  secret_hint TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX interlingua_admin_tokens_subject ON interlingua_admin_tokens (subject);
ALTER TABLE interlingua_keys ADD COLUMN team_id TEXT;
ALTER TABLE interlingua_keys ADD COLUMN owner TEXT;
CREATE TABLE interlingua_audit (
  at BIGINT NOT NULL,
  action TEXT NOT NULL,
  actor TEXT NOT NULL,
  actor_via TEXT NOT NULL,
  team_id TEXT,
  request_id TEXT,
  remote TEXT,
  fields TEXT NOT NULL
);
CREATE INDEX interlingua_audit_at ON interlingua_audit (at);
CREATE INDEX interlingua_audit_team_at ON interlingua_audit (team_id, at);
`,
  },
  {
    version: 9,
    name: 'MCP: the bytes of tool calls in the ledger, MCP grants on runtime keys',
    sql: `
ALTER TABLE interlingua_requests ADD COLUMN request_bytes BIGINT;
ALTER TABLE interlingua_requests ADD COLUMN result_bytes BIGINT;
ALTER TABLE interlingua_keys ADD COLUMN mcp TEXT;
`,
  },
  {
    version: 10,
    name: 'runtime keys kept out of the response cache',
    sql: `
ALTER TABLE interlingua_keys ADD COLUMN response_cache INTEGER;
`,
  },
];

/** Brings the database to the newest schema; two instances starting together migrate once. */
export async function migrate(db: SqlDatabase): Promise<void> {
  await db.exclusive(async (locked) => {
    await locked.exec(
      'CREATE TABLE IF NOT EXISTS interlingua_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
    );
    const applied = new Set(
      (await locked.all('SELECT version FROM interlingua_migrations')).map((row) => Number(row.version)),
    );
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      await locked.exec(migration.sql);
      await locked.run('INSERT INTO interlingua_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        migration.version,
        migration.name,
        Date.now(),
      ]);
    }
  });
}
