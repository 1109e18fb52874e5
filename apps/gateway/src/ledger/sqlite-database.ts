import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { SqlDatabase, SqlRow, SqlValue } from './sql-database.js';

/**
 * The embedded database: one SQLite file in the data folder (created when missing), in WAL mode
 * so readers never wait for the ledger's writes. Calls are synchronous underneath.
 */
export function openSqliteDatabase(dir: string, file: string): SqlDatabase {
  mkdirSync(dir, { recursive: true });
  return sqliteDatabase(new Database(join(dir, file)));
}

/** An in-memory SQLite database (tests of the query layer). */
export function openMemorySqliteDatabase(): SqlDatabase {
  return sqliteDatabase(new Database(':memory:'));
}

function sqliteDatabase(db: Database.Database): SqlDatabase {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  const database: SqlDatabase = {
    dialect: 'sqlite',
    all: async (sql, params = []) => db.prepare<SqlValue[], SqlRow>(sql).all(...params),
    run: async (sql, params = []) => db.prepare<SqlValue[]>(sql).run(...params).changes,
    exec: async (sql) => {
      db.exec(sql);
    },
    exclusive: async (work) => work(database),
    close: async () => {
      db.close();
    },
  };
  return database;
}
