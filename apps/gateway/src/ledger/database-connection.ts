import type { Logger } from 'pino';
import type { DatabaseConfig } from '../config/admin-schema.js';
import { openDatabase } from './open-database.js';
import type { SqlDatabase } from './sql-database.js';
import { gatewayError, errorText } from '../http/style-errors.js';

/** First wait before opening the database again after a failure; doubled up to `MAX_RETRY_MS`. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 15_000;

export type DatabaseState = 'up' | 'unreachable';

/**
 * The configured database, whether or not it answers: `db` can be handed out at once (its calls
 * fail with a 503 until the database was opened and migrated), `open` keeps trying in the
 * background until it is, and `report` follows whether the latest calls went through.
 */
export class DatabaseConnection {
  readonly db: SqlDatabase;
  private inner: SqlDatabase | undefined;
  private stateNow: DatabaseState = 'unreachable';
  private lastError = 'not opened yet';
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  /** Called each time the database answers after it did not. */
  onUp: () => void = () => undefined;

  constructor(
    private readonly config: DatabaseConfig,
    private readonly logger: Logger,
    private readonly onLoose: Parameters<typeof openDatabase>[1],
  ) {
    const current = (): SqlDatabase => {
      if (this.inner) return this.inner;
      throw gatewayError('overloaded', `The database is unreachable (${this.lastError}); try again shortly`, {
        status: 503,
        code: 'database_unreachable',
      });
    };
    this.db = {
      dialect: config.type,
      all: async (sql, params) => current().all(sql, params),
      run: async (sql, params) => current().run(sql, params),
      exec: async (sql) => current().exec(sql),
      exclusive: async (work) => current().exclusive(work),
      close: async () => this.close(),
    };
  }

  get state(): DatabaseState {
    return this.stateNow;
  }

  get error(): string | undefined {
    return this.stateNow === 'up' ? undefined : this.lastError;
  }

  /**
   * Opens and migrates the database, then runs `then` (loading what depends on it); on a failure
   * tries again later, waiting longer each time, until both went through. Resolves after the
   * first try, whatever its outcome.
   */
  async open(then: () => Promise<void>): Promise<void> {
    let waitMs = FIRST_RETRY_MS;
    const attempt = async (): Promise<void> => {
      if (this.closed) return;
      try {
        this.inner ??= await openDatabase(this.config, this.onLoose);
        await then();
        this.report(undefined);
      } catch (error) {
        this.report(error);
        this.retry = setTimeout(() => void attempt(), waitMs);
        this.retry.unref();
        waitMs = Math.min(waitMs * 2, MAX_RETRY_MS);
      }
    };
    await attempt();
  }

  /** The outcome of a database call: `undefined` when it went through. */
  report(error: unknown): void {
    if (error === undefined) {
      if (this.stateNow === 'up' || !this.inner) return;
      this.logger.info('database: reachable');
      this.stateNow = 'up';
      this.onUp();
      return;
    }
    this.lastError = errorText(error);
    if (this.stateNow === 'up' || !this.inner)
      this.logger.warn(
        { err: this.lastError },
        'database: unreachable; serving with the keys in memory, ledger rows wait in the journal',
      );
    this.stateNow = 'unreachable';
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    await this.inner?.close();
  }
}
