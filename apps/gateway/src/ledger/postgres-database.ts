import pg from 'pg';
import type { SqlDatabase, SqlRow, SqlValue } from './sql-database.js';

/** Any number; the advisory lock that keeps two instances from migrating at once. */
const EXCLUSIVE_LOCK_ID = 74_360_018;

type Queryable = Pick<pg.Pool, 'query'>;

/** PostgreSQL through a connection pool, for several gateway instances sharing one database. */
export function openPostgresDatabase(url: string, poolSize: number): SqlDatabase {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
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
          const locked: SqlDatabase = { ...queries(client), exclusive: (inner) => inner(locked), close: async () => undefined };
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
