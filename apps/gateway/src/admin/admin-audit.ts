import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { AdminPrincipal } from '../auth/admin-principal.js';
import type { RequestContext } from '../context/request-context.js';

/** What an admin action changed; never a secret or its hash. */
export type AuditFields = Record<string, string | number | boolean | null | undefined>;

const principals = new WeakMap<IncomingMessage, AdminPrincipal>();

/** Remembers who an authenticated admin request acts as, for its audit lines. */
export function actAs(request: IncomingMessage, principal: AdminPrincipal): void {
  principals.set(request, principal);
}

/**
 * One structured log line per admin action (`audit`: `key.create`, `key.rotate`, …): who asked
 * (`actor`: the principal's subject, or `admin secret`; how it signed in; the caller's address),
 * the request id, the key by id and name (and its team), and how it ended. Secrets never appear:
 * fields name keys, not what they hold.
 */
export function auditAdminAction(
  logger: Logger,
  request: IncomingMessage,
  context: RequestContext,
  action: string,
  fields: AuditFields,
): void {
  const principal = principals.get(request);
  logger.info(
    {
      audit: action,
      requestId: context.requestId,
      ...(principal ? { actor: principal.subject, actorVia: principal.via } : {}),
      remote: request.socket.remoteAddress,
      ...fields,
    },
    'admin action',
  );
}

/** An admin action with no request behind it (a config reload by signal). */
export function auditSignalAction(logger: Logger, action: string, fields: AuditFields): void {
  logger.info({ audit: action, ...fields }, 'admin action');
}
