import { LEDGER_COLUMNS, type LedgerRow } from './ledger-row.js';
import { numberOf, type SqlDatabase, type SqlValue } from './sql-database.js';

export const USAGE_GROUPS = ['key', 'key_id', 'model', 'provider', 'day'] as const;
export type UsageGroup = (typeof USAGE_GROUPS)[number];

const GROUP_COLUMN: Record<UsageGroup, string> = {
  key: 'key_name',
  key_id: 'key_id',
  model: 'model',
  provider: 'provider',
  day: 'day',
};

/** Which ledger rows a query covers: a time range (epoch ms, `to` exclusive) and exact filters. */
export interface LedgerFilter {
  from: number;
  to: number;
  /** A key's name (rows of every key that had it). */
  key?: string;
  /** A key's id (that key's rows only). */
  keyId?: string;
  model?: string;
  provider?: string;
}

/** The totals of one group (a key, model, provider or day). */
export interface UsageTotals {
  group: string | null;
  requests: number;
  errors: number;
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  reasoningTokens: number;
  cost: number;
  /** Requests with tokens but no price. */
  unpricedRequests: number;
  averageLatencyMs: number;
}

function where(filter: LedgerFilter): { sql: string; params: SqlValue[] } {
  const clauses = ['at >= ?', 'at < ?'];
  const params: SqlValue[] = [filter.from, filter.to];
  for (const [field, column] of [
    ['key', 'key_name'],
    ['keyId', 'key_id'],
    ['model', 'model'],
    ['provider', 'provider'],
  ] as const) {
    const value = filter[field];
    if (value !== undefined) {
      clauses.push(`${column} = ?`);
      params.push(value);
    }
  }
  return { sql: clauses.join(' AND '), params };
}

/** Totals per group over the filtered rows, largest request count first (days in order). */
export async function usageTotals(db: SqlDatabase, filter: LedgerFilter, group: UsageGroup): Promise<UsageTotals[]> {
  const column = GROUP_COLUMN[group];
  const { sql, params } = where(filter);
  const rows = await db.all(
    `SELECT ${column} AS grp, COUNT(*) AS requests, SUM(CASE WHEN status >= 400 THEN 1 ELSE 0 END) AS errors,
      SUM(input_tokens) AS input_tokens, SUM(output_tokens) AS output_tokens, SUM(cached_tokens) AS cached_tokens,
      SUM(cache_read_tokens) AS cache_read_tokens, SUM(cache_write_tokens) AS cache_write_tokens,
      SUM(reasoning_tokens) AS reasoning_tokens, SUM(COALESCE(cost, 0)) AS cost,
      SUM(CASE WHEN cost IS NULL AND input_tokens + output_tokens > 0 THEN 1 ELSE 0 END) AS unpriced, AVG(latency_ms) AS latency
    FROM interlingua_requests WHERE ${sql} GROUP BY ${column} ORDER BY ${group === 'day' ? `${column} ASC` : `COUNT(*) DESC, ${column} ASC`}`,
    params,
  );
  return rows.map((row) => ({
    group: row.grp === null || row.grp === undefined ? null : String(row.grp),
    requests: numberOf(row.requests),
    errors: numberOf(row.errors),
    inputTokens: numberOf(row.input_tokens),
    outputTokens: numberOf(row.output_tokens),
    cachedTokens: numberOf(row.cached_tokens),
    cacheReadTokens: numberOf(row.cache_read_tokens),
    cacheWriteTokens: numberOf(row.cache_write_tokens),
    reasoningTokens: numberOf(row.reasoning_tokens),
    cost: numberOf(row.cost),
    unpricedRequests: numberOf(row.unpriced),
    averageLatencyMs: Math.round(numberOf(row.latency) * 100) / 100,
  }));
}

/** The CSV header and columns of an export: the ledger's columns as stored. */
export const EXPORT_COLUMNS = LEDGER_COLUMNS;

/** The export's columns that hold numbers (written as numbers; every other column is guarded as text). */
export const NUMERIC_EXPORT_COLUMNS: ReadonlySet<string> = new Set([
  'at',
  'status',
  'input_tokens',
  'output_tokens',
  'cached_tokens',
  'reasoning_tokens',
  'cost',
  'latency_ms',
  'ttfb_ms',
  'attempts',
  'cache_read_tokens',
  'cache_write_tokens',
  'request_bytes',
  'result_bytes',
]);

/** The filtered rows, newest first, at most `limit`. */
export async function ledgerRows(
  db: SqlDatabase,
  filter: LedgerFilter,
  limit: number,
): Promise<Array<Record<string, unknown>>> {
  const { sql, params } = where(filter);
  return db.all(`SELECT ${EXPORT_COLUMNS.join(', ')} FROM interlingua_requests WHERE ${sql} ORDER BY at DESC LIMIT ?`, [
    ...params,
    limit,
  ]);
}

/** A stored row in the shape the ledger writes it (what the live log streams). */
export function ledgerRowOf(row: Record<string, unknown>): LedgerRow {
  const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
  const orNull = (value: unknown): number | null => (value === null || value === undefined ? null : numberOf(value));
  return {
    requestId: String(row.request_id),
    at: numberOf(row.at),
    key: text(row.key_name),
    keyId: text(row.key_id),
    style: text(row.style),
    endpoint: String(row.endpoint),
    model: text(row.model),
    provider: text(row.provider),
    upstreamModel: text(row.upstream_model),
    path: text(row.path),
    status: numberOf(row.status),
    errorKind: text(row.error_kind),
    inputTokens: numberOf(row.input_tokens),
    outputTokens: numberOf(row.output_tokens),
    cachedTokens: numberOf(row.cached_tokens),
    cacheReadTokens: numberOf(row.cache_read_tokens),
    cacheWriteTokens: numberOf(row.cache_write_tokens),
    reasoningTokens: numberOf(row.reasoning_tokens),
    cost: orNull(row.cost),
    latencyMs: numberOf(row.latency_ms),
    ttfbMs: orNull(row.ttfb_ms),
    attempts: numberOf(row.attempts),
    warnings: text(row.warnings),
    requestBytes: orNull(row.request_bytes),
    resultBytes: orNull(row.result_bytes),
  };
}
