/** A value bound to a `?` placeholder. */
export type SqlValue = string | number | null;
export type SqlRow = Record<string, unknown>;

/**
 * The one query layer over the embedded SQLite database and PostgreSQL. Statements use `?`
 * placeholders and the SQL both understand; each implementation translates what it must.
 */
export interface SqlDatabase {
  readonly dialect: 'sqlite' | 'postgres';
  /** The rows a query returns. */
  all(sql: string, params?: readonly SqlValue[]): Promise<SqlRow[]>;
  /** Runs one statement; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
  /** Runs a script of statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `work` alone: no other process runs an `exclusive` block on this database meanwhile. */
  exclusive<T>(work: (db: SqlDatabase) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Largest number of placeholders one statement binds (below SQLite's and PostgreSQL's limits). */
const MAX_PARAMS = 30_000;

/**
 * Inserts rows in as few multi-row statements as the placeholder limit allows; with `unique`, a
 * row whose value in that (uniquely indexed) column is already stored is skipped.
 */
export async function insertRows(
  db: SqlDatabase,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly SqlValue[])[],
  unique?: string,
): Promise<void> {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    await db.run(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')}${unique ? ` ON CONFLICT (${unique}) DO NOTHING` : ''}`,
      chunk.flat(),
    );
  }
}

/**
 * `UPDATE table SET … WHERE id = ?` over the columns given a value (undefined leaves a column as
 * it is, null clears it); resolves to the number of rows changed.
 */
export function updateById(
  db: SqlDatabase,
  table: string,
  id: string,
  columns: Record<string, SqlValue | undefined>,
): Promise<number> {
  const set = Object.entries(columns).filter((entry): entry is [string, SqlValue] => entry[1] !== undefined);
  return db.run(`UPDATE ${table} SET ${set.map(([column]) => `${column} = ?`).join(', ')} WHERE id = ?`, [
    ...set.map(([, value]) => value),
    id,
  ]);
}

/** Whether another row of `table` (not `exceptId`) has this name. */
export async function nameTakenIn(db: SqlDatabase, table: string, name: string, exceptId?: string): Promise<boolean> {
  const rows = await db.all(`SELECT id FROM ${table} WHERE name = ?`, [name]);
  return rows.some((row) => row.id !== exceptId);
}

/** A number from a column (PostgreSQL returns 64-bit integers and sums as strings). */
export function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' || typeof value === 'bigint') return Number(value);
  return 0;
}

export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
