import { createRequire } from 'node:module';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { privateFile, privateFolder, tightenIfPresent, type LooseModeNotice } from './private-files.js';
import type { SqlDatabase, SqlRow, SqlValue } from './sql-database.js';

/** What the gateway uses of a synchronous SQLite binding (better-sqlite3 and Node's `node:sqlite` alike). */
interface SqliteConnection {
  exec(sql: string): void;
  prepare(sql: string): {
    all(...params: SqlValue[]): unknown[];
    run(...params: SqlValue[]): { changes: number | bigint };
  };
  close(): void;
}

/**
 * The embedded database: one SQLite file in the data folder (created when missing), in WAL mode
 * so readers never wait for the ledger's writes. Calls are synchronous underneath. The folder is
 * owner-only (0700) and the file, its `-wal` and `-shm` owner-only (0600): they hold key hashes
 * and the ledger. Looser ones found are tightened and reported through `onLoose`.
 */
export function openSqliteDatabase(dir: string, file: string, onLoose: LooseModeNotice = () => undefined): SqlDatabase {
  privateFolder(dir, onLoose);
  const path = join(dir, file);
  privateFile(path, onLoose);
  const db = sqliteDatabase(connect(path));
  // SQLite gives them the database file's mode; ones left by an older version may be looser.
  for (const suffix of ['-wal', '-shm']) tightenIfPresent(`${path}${suffix}`, onLoose);
  return db;
}

/**
 * better-sqlite3; when it is not installed (an optional dependency: its native module is built at
 * install time) or its native module was built for another Node version (a second Node runtime on
 * the same install), Node's own `node:sqlite` where that exists (Node 22.5 and later).
 */
function connect(path: string): SqliteConnection {
  try {
    const BetterSqlite = createRequire(import.meta.url)('better-sqlite3') as typeof Database;
    // Its statements take and return what `SqliteConnection` names (positional values, rows as objects).
    return new BetterSqlite(path) as unknown as SqliteConnection;
  } catch (error) {
    const builtIn = nodeSqlite();
    if (!builtIn || !isBindingUnusable(error)) throw error;
    return new builtIn.DatabaseSync(path);
  }
}

/** better-sqlite3 missing, unbuilt, or built for another Node version. */
function isBindingUnusable(error: unknown): boolean {
  return (
    error instanceof Error &&
    (/NODE_MODULE_VERSION|ERR_DLOPEN_FAILED|Could not locate the bindings file|Cannot find module 'better-sqlite3'/.test(
      error.message,
    ) ||
      (error as { code?: string }).code === 'ERR_DLOPEN_FAILED')
  );
}

function nodeSqlite(): { DatabaseSync: new (path: string) => SqliteConnection } | undefined {
  try {
    return createRequire(import.meta.url)('node:sqlite') as { DatabaseSync: new (path: string) => SqliteConnection };
  } catch {
    return undefined;
  }
}

function sqliteDatabase(db: SqliteConnection): SqlDatabase {
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
  const database: SqlDatabase = {
    dialect: 'sqlite',
    all: async (sql, params = []) => db.prepare(sql).all(...params) as SqlRow[],
    run: async (sql, params = []) => Number(db.prepare(sql).run(...params).changes),
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
