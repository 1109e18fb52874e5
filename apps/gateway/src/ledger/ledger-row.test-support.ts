import type { LedgerRow } from './ledger-row.js';

/** A ledger row of a plain local chat answer, with the fields a test cares about given. */
export function ledgerRow(overrides: Partial<LedgerRow> = {}): LedgerRow {
  return {
    requestId: `req_${Math.random().toString(36).slice(2)}`,
    at: Date.now(),
    key: 'k',
    keyId: 'cfg_k',
    style: 'openai-chat',
    endpoint: 'chat',
    model: 'mock',
    provider: 'mock',
    upstreamModel: 'mock',
    path: 'local',
    status: 200,
    errorKind: null,
    inputTokens: 1,
    outputTokens: 1,
    cachedTokens: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    reasoningTokens: 0,
    cost: null,
    latencyMs: 1,
    ttfbMs: null,
    attempts: 1,
    warnings: null,
    ...overrides,
  };
}
