import type { IncomingMessage, ServerResponse } from 'node:http';
import { requireAdmin } from '../admin/admin-auth.js';
import { ledgerUsageRoute } from '../admin/admin-usage-route.js';
import type { Gateway } from '../gateway.js';
import { createRequestContext } from '../admit/request-context.js';
import { errorCodecForPath, sendStyleError } from '../http/style-errors.js';
import { asIrError } from '../plan/run-generation.js';
import { readUsage } from '../observe/usage-ledger.js';
import type { RouteEntry } from './route-entry.js';

const READY_TIMEOUT_MS = 2_000;

/**
 * Operational endpoints: `/health` (the process is up) and `/ready` (it takes traffic: not
 * shutting down, store reachable) are open; `/metrics` (Prometheus) and `/admin/usage` (per-key
 * totals for today and this month) need the admin key.
 */
export function opsRoutes(gateway: Gateway): RouteEntry[] {
  return [
    { method: 'get', path: '/health', handler: async (request, response) => sendJson(request, response, 200, { status: 'ok' }) },
    { method: 'get', path: '/ready', handler: readyRoute(gateway) },
    { method: 'get', path: '/metrics', handler: adminRoute(gateway, metricsRoute(gateway)) },
    { method: 'get', path: '/admin/usage', handler: adminRoute(gateway, ledgerUsageRoute(gateway, usageRoute(gateway))) },
  ];
}

function readyRoute(gateway: Gateway) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (gateway.ops.runtime.draining) return sendJson(request, response, 503, { status: 'draining' });
    try {
      await withTimeout(gateway.store.ping(), READY_TIMEOUT_MS);
      sendJson(request, response, 200, { status: 'ready' });
    } catch (error) {
      sendJson(request, response, 503, { status: 'unavailable', reason: `state store: ${error instanceof Error ? error.message : String(error)}` });
    }
  };
}

function metricsRoute(gateway: Gateway) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const { metrics, metricsText } = gateway.ops.runtime;
    const context = createRequestContext(request, response);
    context.sink.send(200, metrics.registry.contentType, await (metricsText ? metricsText() : metrics.registry.metrics()));
  };
}

function usageRoute(gateway: Gateway) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const keys = gateway.config.keys;
    const totals = await readUsage(gateway.store, keys.map((key) => key.name), Date.now());
    const body = totals.map((total, i) => {
      const key = keys[i];
      return { name: total.key, limits: { rpm: key?.rpm ?? null, tpm: key?.tpm ?? null, budgets: key?.budgets ?? [] }, day: total.day, month: total.month };
    });
    sendJson(request, response, 200, { object: 'list', data: body });
  };
}

/** A handler behind the admin secret; its errors answer in the OpenAI style. */
export function adminRoute(gateway: Gateway, handler: (request: IncomingMessage, response: ServerResponse) => Promise<void>) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    try {
      requireAdmin(gateway, request);
      await handler(request, response);
    } catch (error) {
      const context = createRequestContext(request, response);
      sendStyleError(context.sink, errorCodecForPath(context.url.pathname, request.headers), asIrError(error));
    }
  };
}

function sendJson(request: IncomingMessage, response: ServerResponse, status: number, body: unknown): void {
  createRequestContext(request, response).sink.sendJson(status, body, { 'cache-control': 'no-store' });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
