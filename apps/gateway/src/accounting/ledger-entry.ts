import type { IrUsage } from '@interlingua/ir';
import type { LedgerRow } from '../ledger/ledger-row.js';
import type { ObservedCall } from '../context/observed-call.js';

/** What the request observer knows of a request. */
export interface ObservedRequest {
  requestId: string;
  endpoint: string;
  key?: { id: string; name: string };
  call?: ObservedCall;
  /** `performance.now()` at arrival. */
  started: number;
}

/** How the request ended. */
export interface RequestResult {
  status: number;
  latencyMs: number;
  usage: IrUsage | undefined;
  cost: number | null;
}

/**
 * Hands a finished request to the usage ledger (a buffer append; the database write happens
 * later) and gives the journal write that carries its row, if any. The request and its result
 * come apart, so nothing is copied when no ledger is kept.
 */
export function recordLedgerRow(
  ledger: { add(row: LedgerRow): Promise<void> | undefined } | undefined,
  request: ObservedRequest,
  result: RequestResult,
): Promise<void> | undefined {
  if (!ledger) return undefined;
  const outcome = request.call?.outcome;
  const { usage, status } = result;
  return ledger.add({
    requestId: request.requestId,
    at: Date.now(),
    key: request.key?.name ?? null,
    keyId: request.key?.id ?? null,
    style: request.call?.inbound?.wire ?? request.call?.service ?? null,
    endpoint: request.endpoint,
    model: request.call?.model ?? null,
    provider: outcome?.target?.settings.id ?? null,
    upstreamModel: outcome?.target?.upstreamModel ?? null,
    path: outcome?.path ?? null,
    status,
    errorKind: outcome?.lastError && status >= 400 ? outcome.lastError.kind : status >= 400 ? 'gateway' : null,
    inputTokens: usage?.inputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
    cachedTokens: (usage?.cacheReadTokens ?? 0) + (usage?.cacheWriteTokens ?? 0),
    cacheReadTokens: usage?.cacheReadTokens ?? 0,
    cacheWriteTokens: usage?.cacheWriteTokens ?? 0,
    reasoningTokens: usage?.reasoningTokens ?? 0,
    cost: result.cost,
    latencyMs: Math.round(result.latencyMs * 100) / 100,
    ttfbMs: outcome?.firstByteAt === undefined ? null : Math.round((outcome.firstByteAt - request.started) * 100) / 100,
    attempts: outcome?.attempts ?? 0,
    warnings:
      outcome && outcome.warnings.length > 0
        ? [...new Set(outcome.warnings.map((warning) => `${warning.kind}:${warning.field}`))].join(',')
        : null,
    ...(outcome?.cache === 'hit' ? { cacheHit: true, costSaved: outcome.costSaved ?? null } : {}),
  });
}
