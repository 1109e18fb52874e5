import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { databaseSchema, type DatabaseConfig } from '../config/admin-schema.js';
import { postgresTestUrl } from './postgres-test-url.test-support.js';

/** A database kind the suites run against, each call giving a fresh, empty database. */
export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  fresh(): Promise<DatabaseConfig>;
}

const postgresUrl = postgresTestUrl();

/** SQLite always; PostgreSQL when `POSTGRES_URL` is set (and required under `CI=true`). */
export const TEST_DATABASES: TestDatabase[] = [
  {
    name: 'sqlite',
    fresh: async () => databaseSchema.parse({ type: 'sqlite', dir: mkdtempSync(join(tmpdir(), 'interlingua-db-')) }),
  },
  ...(postgresUrl ? [{ name: 'postgres' as const, fresh: () => freshPostgres(postgresUrl) }] : []),
];

/** A new schema in the test server, reached through `search_path`, so suites never see each other's rows. */
async function freshPostgres(url: string): Promise<DatabaseConfig> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
  const separator = url.includes('?') ? '&' : '?';
  return databaseSchema.parse({
    type: 'postgres',
    url: `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    poolSize: 4,
  });
}
