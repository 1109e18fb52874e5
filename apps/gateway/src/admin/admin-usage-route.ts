import type { IrError } from '@interlingua/ir';
import type { GatewayRuntime } from '../operations/gateway-ops.js';
import type { AdminRouteHandler } from './admin-scope.js';
import { usageScope } from '../teams/access-rules.js';
import { toCsv } from '../ledger/ledger-csv.js';
import {
  EXPORT_COLUMNS,
  ledgerRows,
  NUMERIC_EXPORT_COLUMNS,
  usageTotals,
  USAGE_GROUPS,
  type LedgerFilter,
  type UsageGroup,
} from '../ledger/ledger-queries.js';
import { requireOperator } from './operator-state.js';
import { sendAdminJson } from './admin-json-body.js';
import { gatewayError } from '../http/style-errors.js';

const DAY_MS = 86_400_000;
const DEFAULT_RANGE_DAYS = 30;
const MAX_EXPORT_ROWS = 100_000;
/** Query parameters that ask `/admin/usage` for the ledger rather than the live counters. */
const LEDGER_PARAMS = ['from', 'to', 'group_by', 'format', 'key', 'key_id', 'model', 'provider'];

/**
 * `/admin/usage` from the ledger when a ledger parameter is given (`from`, `to`, `group_by`,
 * `key`, `key_id`, `model`, `provider`, `format=csv`): totals per key, model, provider or day over a time
 * range, or the rows as CSV. Without one, `counters` answers (today's and this month's counters).
 * Gateway admins and viewers see every key's rows; a team admin its team's keys', a member its own keys'.
 */
export function ledgerUsageRoute(runtime: GatewayRuntime, counters: AdminRouteHandler): AdminRouteHandler {
  return async (request, response, context, principal): Promise<void> => {
    const query = context.url.searchParams;
    if (!LEDGER_PARAMS.some((name) => query.has(name))) return counters(request, response, context, principal);
    const operator = requireOperator(runtime, 'The usage ledger needs');
    await operator.ledger.flush();
    const filter = ledgerFilter(query, Date.now());
    const scope = usageScope(principal, await operator.keys.list());
    if (scope !== 'all') filter.keyIds = scope;
    if (query.get('format') === 'csv') {
      const rows = await ledgerRows(operator.db, filter, MAX_EXPORT_ROWS);
      context.sink.send(200, 'text/csv; charset=utf-8', toCsv(EXPORT_COLUMNS, rows, NUMERIC_EXPORT_COLUMNS), {
        'cache-control': 'no-store',
        'content-disposition': 'attachment; filename="interlingua-usage.csv"',
      });
      return;
    }
    if (query.has('format') && query.get('format') !== 'json') throw badParam('format', 'use json or csv');
    const group = (query.get('group_by') ?? 'key') as UsageGroup;
    if (!USAGE_GROUPS.includes(group)) throw badParam('group_by', `use one of ${USAGE_GROUPS.join(', ')}`);
    const data = await usageTotals(operator.db, filter, group);
    sendAdminJson(context, 200, {
      object: 'usage.totals',
      from: new Date(filter.from).toISOString(),
      to: new Date(filter.to).toISOString(),
      groupBy: group,
      data,
    });
  };
}

/** The time range (`from`, `to`: ISO date-times, dates or epoch ms; default the last 30 days) and filters. */
export function ledgerFilter(query: URLSearchParams, now: number): LedgerFilter {
  const to = timeParam(query, 'to') ?? now + 1;
  const from = timeParam(query, 'from') ?? to - DEFAULT_RANGE_DAYS * DAY_MS;
  if (from >= to) throw badParam('from', '"from" must be before "to"');
  const filter: LedgerFilter = { from, to };
  for (const name of ['key', 'model', 'provider'] as const) {
    const value = query.get(name);
    if (value) filter[name] = value;
  }
  const keyId = query.get('key_id');
  if (keyId) filter.keyId = keyId;
  return filter;
}

function timeParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  const value = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  if (!Number.isFinite(value)) throw badParam(name, 'use an ISO date-time, a date (YYYY-MM-DD) or epoch milliseconds');
  return value;
}

function badParam(name: string, hint: string): IrError {
  return gatewayError('invalid-request', `Invalid query parameter "${name}": ${hint}`, {
    code: 'invalid_parameter',
    param: name,
  });
}
