import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { AdminPrincipal } from '../auth/admin-principal.js';
import type { RequestContext } from '../context/request-context.js';

/** What an admin action changed; never a secret or its hash. */
export type AuditFields = Record<string, string | number | boolean | null | undefined>;

/** One admin action as the trail keeps it. */
export interface AuditEntry {
  at: string;
  action: string;
  /** The principal's subject, or `admin secret`. */
  actor: string;
  actorVia: string;
  team?: string;
  requestId?: string;
  remote?: string;
  /** The object acted on and the outcome (never a secret or its hash). */
  fields: AuditFields;
}

/** Where an admin action is kept beside its log line (the database's audit trail). */
export type AuditSink = (entry: AuditEntry) => void;

const actors = new WeakMap<IncomingMessage, { principal: AdminPrincipal; trail?: AuditSink | undefined }>();

/** Remembers who an authenticated admin request acts as, and where its actions are kept, for its audit lines. */
export function actAs(request: IncomingMessage, principal: AdminPrincipal, trail?: AuditSink): void {
  actors.set(request, { principal, trail });
}

/**
 * One structured log line per admin action (`audit`: `key.create`, `key.rotate`, …): who asked
 * (`actor`: the principal's subject, or `admin secret`; how it signed in; the caller's address),
 * the request id, the key by id and name (and its team), and how it ended. Secrets never appear:
 * fields name keys, not what they hold. With a database, the action is also kept in its audit
 * trail (`GET /admin/audit`).
 */
export function auditAdminAction(
  logger: Logger,
  request: IncomingMessage,
  context: RequestContext,
  action: string,
  fields: AuditFields,
): void {
  const actor = actors.get(request);
  const principal = actor?.principal;
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
  if (!principal || !actor.trail) return;
  actor.trail({
    at: new Date().toISOString(),
    action,
    actor: principal.subject,
    actorVia: principal.via,
    ...(typeof fields.team === 'string' ? { team: fields.team } : {}),
    requestId: context.requestId,
    ...(request.socket.remoteAddress ? { remote: request.socket.remoteAddress } : {}),
    fields,
  });
}

/** An admin action with no request behind it (a config reload by signal). */
export function auditSignalAction(logger: Logger, action: string, fields: AuditFields): void {
  logger.info({ audit: action, ...fields }, 'admin action');
}
