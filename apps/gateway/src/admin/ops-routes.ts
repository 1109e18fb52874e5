import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticateAdmin } from './admin-auth.js';
import { actAs, type AuditSink } from './admin-audit.js';
import type { IrError } from '@interlingua/ir';
import type { AdminPrincipal } from '../auth/admin-principal.js';
import { gatewayAdminOnly, usageReaders, type RouteAccess } from '../teams/access-rules.js';
import { ledgerUsageRoute } from './admin-usage-route.js';
import { operatorOf } from './operator-state.js';
import type { GatewayConfig } from '../config/config-schema.js';
import type { Gateway } from '../gateway.js';
import type { GatewayRuntime } from '../operations/gateway-ops.js';
import type { AdminAuthScope, AdminRouteHandler, OpsRoutesScope } from './admin-scope.js';
import type { RequestContext } from '../context/request-context.js';
import { errorCodecForPath, sendStyleError, asIrError, gatewayError, errorText } from '../http/style-errors.js';
import { readUsage } from '../accounting/usage-ledger.js';
import { effectivePrices } from '../accounting/price-listing.js';
import type { RouteEntry, RouteHandler } from '../route/route-entry.js';
import { sendAdminJson } from './admin-json-body.js';

const READY_TIMEOUT_MS = 2_000;

/** What the store's health reads: the store and `limits.whenStoreFails`. */
interface StoreHealthScope {
  config: Pick<GatewayConfig, 'limits'>;
  store: Pick<Gateway['store'], 'ping'>;
}

/** What `/ready` reads: the store's health, the runtime (draining flag, operator state) and the MCP servers' state. */
type ReadinessScope = StoreHealthScope & { ops: { runtime: GatewayRuntime }; mcp?: Pick<Gateway['mcp'], 'status'> };

/**
 * Operational endpoints: `/health` (the process is up) and `/ready` (it takes traffic: not
 * shutting down, store reachable) are open; `/metrics` (Prometheus), `/admin/usage` (per-key
 * totals for today and this month) and `/admin/prices` (every routed target's effective price) need the admin key.
 */
export function opsRoutes(gateway: OpsRoutesScope): RouteEntry[] {
  return [
    {
      method: 'get',
      path: '/health',
      handler: async (_request, _response, context) => sendAdminJson(context, 200, { status: 'ok' }),
    },
    { method: 'get', path: '/ready', handler: readyRoute(gateway) },
    { method: 'get', path: '/metrics', handler: adminRoute(gateway, metricsRoute(gateway.ops.runtime)) },
    {
      method: 'get',
      path: '/admin/usage',
      handler: adminRoute(gateway, ledgerUsageRoute(gateway.ops.runtime, usageRoute(gateway)), usageReaders),
    },
    {
      method: 'get',
      path: '/admin/prices',
      handler: adminRoute(gateway, async (_request, _response, context) =>
        sendAdminJson(context, 200, { data: effectivePrices(gateway.config, gateway.ops.prices) }),
      ),
    },
  ];
}

/**
 * `/ready`: 503 `draining` during a shutdown; 503 `unavailable` when the ledger journal is full
 * (rows would be lost), or when the state store does not answer and `limits.whenStoreFails` is
 * `closed` (keys with limits are refused); `degraded` while the database does not answer
 * (requests are served with the keys in memory, ledger rows journaled): 503 by default, 200 with
 * `database.unreachableStatus: 200`; 200 `degraded` when the store does not answer and limits
 * fail `open` (requests are served without counting them); else 200 `ready`.
 */
function readyRoute(gateway: ReadinessScope) {
  return async (_request: IncomingMessage, _response: ServerResponse, context: RequestContext): Promise<void> => {
    // Each MCP server's state; one that is down leaves the instance ready (its other servers and the model APIs serve).
    const mcp = gateway.mcp?.status();
    const send = (status: number, body: Record<string, unknown>): void =>
      sendAdminJson(context, status, mcp ? { ...body, mcp } : body);
    if (gateway.ops.runtime.draining) return send(503, { status: 'draining' });
    const store = await storeState(gateway);
    if (store?.limits === 'refused') return send(503, { status: 'unavailable', ...store });
    const operator = operatorOf(gateway.ops.runtime);
    if (!operator) return send(200, store ? { status: 'degraded', ...store } : { status: 'ready' });
    const { connection, ledger } = operator;
    const oldest = ledger.oldestPendingAt;
    const journal = {
      pendingRows: ledger.buffered,
      bytes: ledger.journalBytes,
      oldestPendingSeconds: oldest === undefined ? 0 : Math.round((Date.now() - oldest) / 100) / 10,
      full: ledger.journalFull,
    };
    const database = connection.state === 'up' ? 'ok' : 'unreachable';
    if (ledger.journalFull)
      return send(503, {
        status: 'unavailable',
        database,
        journal,
        reason: 'the ledger journal is full: new rows are held in memory only',
      });
    if (database === 'unreachable')
      return send(operator.unreachableStatus, {
        status: 'degraded',
        database,
        reason: `database: ${connection.error ?? 'unreachable'}${store ? `; ${store.reason}` : ''}`,
        journal,
        ...(store ? { store: store.store, limits: store.limits } : {}),
      });
    if (store) return send(200, { status: 'degraded', database, journal, ...store });
    send(200, { status: 'ready', database, journal });
  };
}

/** What a state store that does not answer means for limits (`limits.whenStoreFails`); undefined while it answers. */
async function storeState(
  gateway: StoreHealthScope,
): Promise<{ store: 'unreachable'; limits: 'refused' | 'not enforced'; reason: string } | undefined> {
  try {
    await withTimeout(gateway.store.ping(), READY_TIMEOUT_MS);
    return undefined;
  } catch (error) {
    return {
      store: 'unreachable',
      limits: gateway.config.limits.whenStoreFails === 'closed' ? 'refused' : 'not enforced',
      reason: `state store: ${errorText(error)}`,
    };
  }
}

function metricsRoute(runtime: Pick<GatewayRuntime, 'metrics' | 'metricsText'>) {
  return async (_request: IncomingMessage, _response: ServerResponse, context: RequestContext): Promise<void> => {
    const { metrics, metricsText } = runtime;
    context.sink.send(
      200,
      metrics.registry.contentType,
      await (metricsText ? metricsText() : metrics.registry.metrics()),
    );
  };
}

/** Today's and this month's counters of the config's keys (keys of no team: gateway admins and viewers only). */
function usageRoute(gateway: {
  config: Pick<GatewayConfig, 'keys'>;
  keys: Gateway['keys'];
  store: Gateway['store'];
}): AdminRouteHandler {
  return async (_request, _response, context, principal): Promise<void> => {
    if (principal.role === undefined) return sendAdminJson(context, 200, { object: 'list', data: [] });
    const keys = gateway.config.keys;
    const totals = await readUsage(
      gateway.store,
      gateway.keys.map((key) => key.id),
      Date.now(),
    );
    const body = totals.map((total, i) => {
      const key = keys[i];
      return {
        id: total.key,
        name: key?.name,
        limits: { rpm: key?.rpm ?? null, tpm: key?.tpm ?? null, budgets: key?.budgets ?? [] },
        day: total.day,
        month: total.month,
      };
    });
    sendAdminJson(context, 200, { object: 'list', data: body });
  };
}

/**
 * A handler behind admin authentication (`authenticateAdmin`) and a role check: `allow` decides
 * from the principal whether the route is open to it at all (default: gateway admins only), the
 * handler then checks the object it names. Refused: 403 naming the principal. Errors answer in
 * the OpenAI style.
 */
export function adminRoute(
  gateway: AdminAuthScope,
  handler: AdminRouteHandler,
  allow: RouteAccess = gatewayAdminOnly,
): RouteHandler {
  return async (request, response, context) => {
    try {
      const principal = await authenticateAdmin(gateway, request);
      actAs(request, principal, auditTrailOf(gateway.ops.runtime));
      if (!allow(principal)) throw forbidden(principal, `${request.method ?? 'GET'} ${context.url.pathname}`);
      await handler(request, response, context, principal);
    } catch (error) {
      sendStyleError(context.sink, errorCodecForPath(context.url.pathname, request.headers), asIrError(error));
    }
  };
}

/** Keeps each admin action in the database's audit trail; a failed write is logged, the action stands. */
function auditTrailOf(runtime: GatewayRuntime): AuditSink | undefined {
  const operator = operatorOf(runtime);
  if (!operator) return undefined;
  return (entry) =>
    void operator.audit
      .record(entry)
      .catch((error: unknown) =>
        runtime.logger.warn({ err: error, audit: entry.action }, 'the audit trail did not take an admin action'),
      );
}

/** 403: the principal's role does not allow `what`. */
export function forbidden(principal: AdminPrincipal, what: string): IrError {
  const roles = [
    ...(principal.role ? [`gateway ${principal.role}`] : []),
    ...principal.teams.map((membership) => `${membership.role} of ${membership.teamId}`),
  ];
  return gatewayError('permission', `${principal.subject} (${roles.join(', ') || 'no role'}) may not ${what}`, {
    code: 'admin_forbidden',
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
