import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { RequestContext } from '../context/request-context.js';

/** What an admin action changed; never a secret or its hash. */
export type AuditFields = Record<string, string | number | boolean | null | undefined>;

/**
 * One structured log line per admin action (`audit`: `key.create`, `key.rotate`, …): who asked
 * (the caller's address), the request id, the key by id and name, and how it ended. Secrets never
 * appear: fields name keys, not what they hold.
 */
export function auditAdminAction(
  logger: Logger,
  request: IncomingMessage,
  context: RequestContext,
  action: string,
  fields: AuditFields,
): void {
  logger.info(
    { audit: action, requestId: context.requestId, remote: request.socket.remoteAddress, ...fields },
    'admin action',
  );
}

/** An admin action with no request behind it (a config reload by signal). */
export function auditSignalAction(logger: Logger, action: string, fields: AuditFields): void {
  logger.info({ audit: action, ...fields }, 'admin action');
}
