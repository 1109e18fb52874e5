import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IrError } from '@interlingua/ir';
import { codecFor } from '@interlingua/provider-adapters';
import type { GatewayConfig } from '../config/config-schema.js';
import type { GatewayRuntime } from '../operations/gateway-ops.js';
import type { RequestContext } from '../context/request-context.js';
import { ledgerRowOf, ledgerRows, usageTotals } from '../ledger/ledger-queries.js';
import type { LedgerRow } from '../ledger/ledger-row.js';
import { redactUrl } from '../observe/request-log.js';
import type { RouteEntry } from '../route/route-entry.js';
import { adminRoute } from './ops-routes.js';
import { readJson, sendAdminJson } from './admin-json-body.js';
import { auditAdminAction } from './admin-audit.js';
import type { AdminConsoleScope } from './admin-scope.js';
import { applyKeyChange } from './key-change.js';
import { operatorOf, requireOperator, type OperatorState } from './operator-state.js';
import { REQUEST_STYLES } from '../http/request-styles.js';
import { gatewayError } from '../http/style-errors.js';

const KEEP_ALIVE_MS = 15_000;
const HOUR_MS = 3_600_000;
const PLAYGROUND_KEY = 'console-playground';
/** The caller styles the playground offers, by the wire their endpoint speaks. */
const PLAYGROUND_STYLES = REQUEST_STYLES;
type PlaygroundStyle = (typeof PLAYGROUND_STYLES)[number];

/**
 * What the console reads beside keys and usage (admin secret as Bearer): recent requests and a
 * live stream of them, the configured routes with provider health and cooldowns, the playground's
 * translation preview, and the playground's own key.
 */
export function adminConsoleRoutes(gateway: AdminConsoleScope): RouteEntry[] {
  const withOperator = (
    handler: (
      operator: OperatorState,
      request: IncomingMessage,
      response: ServerResponse,
      context: RequestContext,
    ) => Promise<void>,
  ) =>
    adminRoute(gateway, async (request, response, context) =>
      handler(requireOperator(gateway.ops.runtime, 'This needs'), request, response, context),
    );
  return [
    {
      method: 'get',
      path: '/admin/requests',
      handler: withOperator(async (operator, _request, _response, context) => recentRequests(operator, context)),
    },
    {
      method: 'get',
      path: '/admin/requests/stream',
      handler: withOperator(async (operator, _request, response) => streamRequests(operator, response)),
    },
    {
      method: 'get',
      path: '/admin/routes',
      handler: adminRoute(gateway, async (_request, _response, context) => routesView(gateway, context)),
    },
    {
      method: 'post',
      path: '/admin/playground/translate',
      handler: adminRoute(gateway, async (request, _response, context) =>
        translatePreview(gateway.router, request, context),
      ),
    },
    {
      method: 'post',
      path: '/admin/playground/key',
      handler: withOperator(async (operator, request, _response, context) =>
        playgroundKey(gateway, operator, request, context),
      ),
    },
  ];
}

async function recentRequests(operator: OperatorState, context: RequestContext): Promise<void> {
  const limit = Math.min(1_000, Math.max(1, Number(context.url.searchParams.get('limit') ?? 100) || 100));
  await operator.ledger.flush();
  const rows = await ledgerRows(operator.db, { from: 0, to: Date.now() + 1 }, limit);
  sendAdminJson(context, 200, { object: 'list', data: rows.map(ledgerRowOf) });
}

/** Server-sent events: one `request` event per finished API request, as the ledger receives it. */
async function streamRequests(operator: OperatorState, response: ServerResponse): Promise<void> {
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  response.write(': live request log\n\n');
  const onRow = (row: LedgerRow): void => void response.write(`event: request\ndata: ${JSON.stringify(row)}\n\n`);
  const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  operator.ledger.events.on('row', onRow);
  await new Promise<void>((resolve) => response.once('close', resolve));
  clearInterval(keepAlive);
  operator.ledger.events.off('row', onRow);
}

/** The configured routes and providers, each target's cooldown, and each provider's last hour from the ledger. */
async function routesView(
  gateway: { config: Pick<GatewayConfig, 'models' | 'providers'>; ops: { runtime: GatewayRuntime } },
  context: RequestContext,
): Promise<void> {
  const store = gateway.ops.runtime.store;
  const models = await Promise.all(
    gateway.config.models.map(async (route) => ({
      name: route.name,
      targets: await Promise.all(
        route.targets.map(async (target) => {
          const upstreamModel = target.model ?? (route.name.includes('*') ? undefined : route.name);
          const coolingDown = upstreamModel
            ? await store.isCoolingDown(`${target.provider}/${upstreamModel}`).catch(() => false)
            : false;
          return {
            provider: target.provider,
            model: upstreamModel ?? '(the requested name)',
            weight: target.weight,
            priority: target.priority,
            coolingDown,
          };
        }),
      ),
    })),
  );
  const operator = operatorOf(gateway.ops.runtime);
  const health = operator
    ? await usageTotals(operator.db, { from: Date.now() - HOUR_MS, to: Date.now() + 1 }, 'provider')
    : [];
  const providers = gateway.config.providers.map((provider) => {
    const lastHour = health.find((row) => row.group === provider.id);
    return {
      id: provider.id,
      type: provider.type,
      ...(provider.baseUrl ? { baseUrl: provider.baseUrl } : {}),
      lastHour: lastHour
        ? { requests: lastHour.requests, errors: lastHour.errors, averageLatencyMs: lastHour.averageLatencyMs }
        : { requests: 0, errors: 0, averageLatencyMs: 0 },
    };
  });
  sendAdminJson(context, 200, { models, providers });
}

/**
 * The playground's preview: the caller-style body decoded, then encoded for the route's first
 * target as it would go upstream (body and URL; never the provider's credentials), with the
 * warnings of both steps. A provider answered in process gets the IR itself.
 */
async function translatePreview(
  router: AdminConsoleScope['router'],
  request: IncomingMessage,
  context: RequestContext,
): Promise<void> {
  const input = (await readJson(request)) as { style?: string; model?: string; body?: unknown; stream?: boolean };
  const style = input.style as PlaygroundStyle;
  if (!PLAYGROUND_STYLES.includes(style)) throw invalid('style', `use one of ${PLAYGROUND_STYLES.join(', ')}`);
  if (typeof input.model !== 'string' || input.model === '') throw invalid('model', 'a model name is required');
  const route = router.resolve(input.model);
  if (!route?.targets[0])
    throw gatewayError('not-found', `No route for model "${input.model}"`, { code: 'model_not_found', param: 'model' });
  const target = route.targets[0];
  const decoded = codecFor(style).request.toIr(input.body);
  const ir = { ...decoded.value, model: target.upstreamModel };
  const base = {
    provider: target.settings.id,
    providerType: target.settings.type,
    upstreamModel: target.upstreamModel,
  };
  if (target.adapter.kind === 'local') {
    sendAdminJson(context, 200, { ...base, wire: 'in-process', url: null, body: ir, warnings: decoded.warnings });
    return;
  }
  const wire = target.adapter.wire(target.settings, target.upstreamModel);
  const encoded = codecFor(wire).request.fromIr(ir);
  const endpoint = target.adapter.generation({
    settings: target.settings,
    model: target.upstreamModel,
    stream: input.stream === true,
  });
  const body = {
    wire: typeof wire === 'string' ? wire : wire.id,
    url: redactUrl(endpoint.url),
    body: encoded.value,
    warnings: [...decoded.warnings, ...encoded.warnings],
  };
  sendAdminJson(context, 200, { ...base, ...body });
}

/** A fresh secret for the playground's own runtime key (created on first use, rotated after). */
async function playgroundKey(
  gateway: {
    config: Pick<GatewayConfig, 'keys'>;
    ops: { runtime: Pick<GatewayRuntime, 'spreadKeyChange' | 'logger'> };
  },
  operator: OperatorState,
  request: IncomingMessage,
  context: RequestContext,
): Promise<void> {
  const existing = (await operator.keys.list()).find((key) => key.name === PLAYGROUND_KEY);
  if (!existing && gateway.config.keys.some((key) => key.name === PLAYGROUND_KEY))
    throw invalid('name', `a config key is named "${PLAYGROUND_KEY}"`);
  const issued = existing
    ? await operator.keys.rotate(existing.id)
    : await operator.keys.create({
        name: PLAYGROUND_KEY,
        models: ['*'],
        budgets: [],
        metadata: { purpose: 'console playground' },
      });
  if (!issued) throw gatewayError('internal', 'The playground key vanished while it was rotated; try again');
  if (issued.record.disabled) await operator.keys.update(issued.record.id, { disabled: false });
  await applyKeyChange(gateway.ops.runtime, operator, { allow: [issued.record.id] });
  auditAdminAction(gateway.ops.runtime.logger, request, context, existing ? 'key.rotate' : 'key.create', {
    keyId: issued.record.id,
    keyName: PLAYGROUND_KEY,
    outcome: 'saved',
  });
  sendAdminJson(context, 200, { name: PLAYGROUND_KEY, secret: issued.secret });
}

function invalid(param: string, hint: string): IrError {
  return gatewayError('invalid-request', `${param}: ${hint}`, { code: 'invalid_parameter', param });
}
