import { z } from 'zod';
import { strictObject } from './strict-object.js';

const positiveInt = z.number().int().positive();
const unreachableStatus = z.union([z.literal(200), z.literal(503)]).default(503);

/**
 * `database`: where keys created at runtime and the usage ledger live. SQLite is the embedded
 * default (one file in a data folder); PostgreSQL is for several instances sharing one database.
 * Without this section the admin key API and the ledger are off.
 */
export const databaseSchema = z.discriminatedUnion('type', [
  strictObject({
    type: z.literal('sqlite'),
    /** The data folder; created when missing. */
    dir: z.string().min(1),
    /** The database file inside `dir`. */
    file: z
      .string()
      .regex(/^[^/\\]+$/, 'a file name, without folders')
      .default('interlingua.db'),
    /** How often other processes' key changes are picked up, in ms. */
    keyRefreshMs: positiveInt.default(1_000),
    unreachableStatus: unreachableStatus,
  }),
  strictObject({
    type: z.literal('postgres'),
    /** `postgres://user:password@host:port/database`. */
    url: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
    /** Most connections open at once. */
    poolSize: positiveInt.default(5),
    keyRefreshMs: positiveInt.default(1_000),
    /** Longest wait for a connection (a new one, or a free one of the pool). */
    connectTimeoutMs: positiveInt.default(5_000),
    /** Longest a statement may run (the server's `statement_timeout`; the client gives up 1 s later). */
    statementTimeoutMs: positiveInt.default(15_000),
    /** An idle connection is closed after this long. */
    idleTimeoutMs: positiveInt.default(30_000),
    /** What `/ready` answers while the database does not answer: 503 takes the instance out of a balancer, 200 keeps it in. */
    unreachableStatus: unreachableStatus,
  }),
]);

/** `ledger`: one row per API request in the database, written in batches off the request path. */
export const ledgerSchema = strictObject({
  enabled: z.boolean().default(true),
  /** Rows older than this many days are deleted (once the database is open, then hourly); 0 keeps every row. */
  retentionDays: z.number().int().min(0).default(90),
  /** A batch is written at least this often. */
  flushMs: positiveInt.default(1_000),
  /** Most rows written in one batch. */
  batchSize: positiveInt.default(500),
  /** Most rows held in memory while the database does not answer (past it rows wait in the journal only). */
  maxBuffered: positiveInt.default(10_000),
  /** The local append-only journal rows go to before the database has them. */
  journal: strictObject({
    enabled: z.boolean().default(true),
    /** Its folder; by default the SQLite data folder, or `interlingua-data` with PostgreSQL. */
    dir: z.string().min(1).optional(),
    /**
     * 0: each row is appended in the turn of the event loop it is recorded (the rows of one turn in
     * one write) and its answer's last bytes wait for that write, so a process crash loses no
     * answered row. Above 0: rows are appended this often and answers do not wait (the rows a
     * process crash can lose).
     */
    commitMs: z.number().int().min(0).default(0),
    /** The journal is synced to disk at least this often (the rows a machine crash can lose). */
    syncMs: positiveInt.default(1_000),
    /** Most bytes of journal one process keeps while the database does not answer; past it rows are held in memory only. */
    maxBytes: positiveInt.default(256 * 1024 * 1024),
  }).prefault({}),
});

/** Top-level sections for the operator's side: the database and the usage ledger. */
export const adminSections = {
  database: databaseSchema.optional(),
  ledger: ledgerSchema.prefault({}),
};

export type DatabaseConfig = z.infer<typeof databaseSchema>;
export type LedgerConfig = z.infer<typeof ledgerSchema>;
