import pg from 'pg';
import type { DatabaseConfig } from '../config/admin-schema.js';
import type { SqlDatabase, SqlRow, SqlValue } from './sql-database.js';

/** Any number; the advisory lock that keeps two instances from migrating at once. */
const EXCLUSIVE_LOCK_ID = 74_360_018;

type Queryable = Pick<pg.Pool, 'query'>;

/** How much longer than the server's statement timeout the client waits before it gives up itself. */
const CLIENT_TIMEOUT_MARGIN_MS = 1_000;

export type PostgresSettings = Pick<
  Extract<DatabaseConfig, { type: 'postgres' }>,
  'url' | 'poolSize' | 'connectTimeoutMs' | 'statementTimeoutMs' | 'idleTimeoutMs'
>;

/**
 * PostgreSQL through a connection pool, for several gateway instances sharing one database. Every
 * wait is bounded (connecting, a statement, an idle connection), and a server that restarts costs
 * only the calls in flight: broken connections leave the pool and new ones are opened on demand.
 */
export function openPostgresDatabase(settings: PostgresSettings): SqlDatabase {
  const pool = new pg.Pool({
    connectionString: settings.url,
    max: settings.poolSize,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    idleTimeoutMillis: settings.idleTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
    query_timeout: settings.statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
    keepAlive: true,
  });
  // An idle connection that breaks is replaced on the next query; never an unhandled error.
  pool.on('error', () => undefined);
  return {
    ...queries(pool),
    exclusive: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [EXCLUSIVE_LOCK_ID]);
        try {
          // Inside the block the lock is held: nested blocks run on the same connection.
          const locked: SqlDatabase = {
            ...queries(client),
            exclusive: (inner) => inner(locked),
            close: async () => undefined,
          };
          return await work(locked);
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [EXCLUSIVE_LOCK_ID]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

function queries(target: Queryable): Pick<SqlDatabase, 'dialect' | 'all' | 'run' | 'exec'> {
  return {
    dialect: 'postgres',
    all: async (sql, params = []) => (await target.query<SqlRow>(numbered(sql), [...params] as SqlValue[])).rows,
    run: async (sql, params = []) => (await target.query(numbered(sql), [...params] as SqlValue[])).rowCount ?? 0,
    exec: async (sql) => {
      await target.query(sql);
    },
  };
}

/** `?` placeholders as PostgreSQL's `$1`, `$2`, … (the gateway's SQL has no `?` inside strings). */
function numbered(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
}
