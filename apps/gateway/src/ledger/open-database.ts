import type { DatabaseConfig } from '../config/admin-schema.js';
import { migrate } from './migrations.js';
import type { LooseModeNotice } from './private-files.js';
import type { SqlDatabase } from './sql-database.js';
import { openSqliteDatabase } from './sqlite-database.js';

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: DatabaseConfig, onLoose?: LooseModeNotice): Promise<SqlDatabase> {
  // The PostgreSQL client is loaded only when a PostgreSQL database is configured.
  const db =
    config.type === 'postgres'
      ? (await import('./postgres-database.js')).openPostgresDatabase(config)
      : openSqliteDatabase(config.dir, config.file, onLoose);
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
