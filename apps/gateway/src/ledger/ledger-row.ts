import type { SqlValue } from './sql-database.js';

/** One API request as the ledger keeps it. */
export interface LedgerRow {
  requestId: string;
  /** Epoch milliseconds when the request ended. */
  at: number;
  /** The key's name when the request was made (a label). */
  key: string | null;
  /** The key's id (what the key owns hangs off it). */
  keyId: string | null;
  /** The caller's request style (`openai-chat`, …) or the service (`embeddings`, …). */
  style: string | null;
  endpoint: string;
  model: string | null;
  provider: string | null;
  upstreamModel: string | null;
  /** `fast`, `local` or `translated:<from>><to>`. */
  path: string | null;
  status: number;
  errorKind: string | null;
  inputTokens: number;
  outputTokens: number;
  /** Prompt-cache reads plus writes (both part of `inputTokens`). */
  cachedTokens: number;
  /** Input tokens read from a prompt cache. */
  cacheReadTokens: number;
  /** Input tokens written to a prompt cache. */
  cacheWriteTokens: number;
  reasoningTokens: number;
  cost: number | null;
  latencyMs: number;
  ttfbMs: number | null;
  attempts: number;
  /** The translation warnings as `kind:field`, comma-separated. */
  warnings: string | null;
  /** An MCP tool call's arguments, in bytes of JSON (other rows: null). */
  requestBytes?: number | null;
  /** An MCP tool call's result, in bytes of JSON (other rows: null). */
  resultBytes?: number | null;
}

/** Table columns, in the order `ledgerValues` gives them. */
export const LEDGER_COLUMNS = [
  'request_id',
  'at',
  'day',
  'key_name',
  'style',
  'endpoint',
  'model',
  'provider',
  'upstream_model',
  'path',
  'status',
  'error_kind',
  'input_tokens',
  'output_tokens',
  'cached_tokens',
  'reasoning_tokens',
  'cost',
  'latency_ms',
  'ttfb_ms',
  'attempts',
  'warnings',
  'cache_read_tokens',
  'cache_write_tokens',
  'key_id',
  'request_bytes',
  'result_bytes',
] as const;

/** What a write stores: the row's columns and its unique id (a second write of the same id is ignored). */
export const STORED_COLUMNS = [...LEDGER_COLUMNS, 'row_id'] as const;

export function ledgerValues(row: LedgerRow & { rowId: string }): SqlValue[] {
  return [
    row.requestId,
    row.at,
    dayOf(row.at),
    row.key,
    row.style,
    row.endpoint,
    row.model,
    row.provider,
    row.upstreamModel,
    row.path,
    row.status,
    row.errorKind,
    row.inputTokens,
    row.outputTokens,
    row.cachedTokens,
    row.reasoningTokens,
    row.cost,
    row.latencyMs,
    row.ttfbMs,
    row.attempts,
    row.warnings,
    row.cacheReadTokens,
    row.cacheWriteTokens,
    row.keyId,
    row.requestBytes ?? null,
    row.resultBytes ?? null,
    row.rowId,
  ];
}

/** The UTC day of a time, `YYYY-MM-DD` (the ledger groups by it). */
export function dayOf(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}
