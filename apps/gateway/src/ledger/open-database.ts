import type { DatabaseConfig } from '../config/admin-schema.js';
import { migrate } from './migrations.js';
import { openPostgresDatabase } from './postgres-database.js';
import type { SqlDatabase } from './sql-database.js';
import { openSqliteDatabase } from './sqlite-database.js';

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: DatabaseConfig): Promise<SqlDatabase> {
  const db = config.type === 'postgres' ? openPostgresDatabase(config.url, config.poolSize) : openSqliteDatabase(config.dir, config.file);
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
