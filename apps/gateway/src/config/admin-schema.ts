import { z } from 'zod';
import { strictObject } from './strict-object.js';

const positiveInt = z.number().int().positive();

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
    file: z.string().regex(/^[^/\\]+$/, 'a file name, without folders').default('interlingua.db'),
    /** How often other processes' key changes are picked up, in ms. */
    keyRefreshMs: positiveInt.default(1_000),
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
  }),
]);

/** `ledger`: one row per API request in the database, written in batches off the request path. */
export const ledgerSchema = strictObject({
  enabled: z.boolean().default(true),
  /** Rows older than this many days are deleted (checked hourly); 0 keeps every row. */
  retentionDays: z.number().int().min(0).default(90),
  /** A batch is written at least this often. */
  flushMs: positiveInt.default(1_000),
  /** Most rows written in one batch. */
  batchSize: positiveInt.default(500),
  /** Most rows held while the database does not answer; further rows are dropped, counted and logged. */
  maxBuffered: positiveInt.default(10_000),
});

/** Top-level sections for the operator's side: the database and the usage ledger. */
export const adminSections = {
  database: databaseSchema.optional(),
  ledger: ledgerSchema.prefault({}),
};

export type DatabaseConfig = z.infer<typeof databaseSchema>;
export type LedgerConfig = z.infer<typeof ledgerSchema>;
