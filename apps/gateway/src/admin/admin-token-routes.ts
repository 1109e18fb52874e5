import { z } from 'zod';
import { strictObject } from '../config/strict-object.js';
import type { RouteEntry } from '../route/route-entry.js';
import { anyPrincipal, isGatewayAdmin } from '../teams/access-rules.js';
import { auditAdminAction } from './admin-audit.js';
import { parseBody, readJson, sendAdminJson } from './admin-json-body.js';
import type { AdminAuthScope, AdminRouteHandler } from './admin-scope.js';
import { requireDatabase } from './admin-team-routes.js';
import { adminRoute, forbidden } from './ops-routes.js';
import { gatewayError } from '../http/style-errors.js';

const issueTokenSchema = strictObject({
  /** What the token is for, to tell its owner's tokens apart. */
  name: z.string().min(1).max(128).default('admin token'),
  /** Gateway admins only: issue the token for this subject instead of themselves. */
  subject: z.string().min(1).max(256).optional(),
  /** Gateway admins only: the gateway role the token carries (default none: team roles only). */
  role: z.enum(['admin', 'viewer']).optional(),
});

/**
 * Per-user admin tokens (`Authorization: Bearer ila_…`): `POST /admin/tokens` issues one for the
 * caller (its secret is in that answer only), carrying the caller's gateway role; a gateway admin
 * may issue one for another subject and role (the admin secret must name one). Each owner lists
 * and revokes its own tokens; gateway admins see and revoke every token.
 */
export function adminTokenRoutes(gateway: AdminAuthScope): RouteEntry[] {
  const logger = gateway.ops.runtime.logger;
  /** Open to every principal: each handler scopes what it touches to the caller. */
  const route = (handler: AdminRouteHandler) => adminRoute(gateway, handler, anyPrincipal);
  return [
    {
      method: 'post',
      path: '/admin/tokens',
      handler: route(async (request, _response, context, principal) => {
        const operator = requireDatabase(gateway.ops.runtime);
        const input = parseBody(issueTokenSchema, await readJson(request));
        const onBehalf = input.subject !== undefined || input.role !== undefined;
        if (onBehalf && !isGatewayAdmin(principal))
          throw forbidden(principal, 'issue tokens for another subject or role');
        if (principal.via === 'admin-secret' && input.subject === undefined)
          throw gatewayError('invalid-request', 'subject: the admin secret issues tokens for a named subject', {
            code: 'invalid_parameter',
            param: 'subject',
          });
        const subject = input.subject ?? principal.subject;
        const role = onBehalf ? input.role : principal.role;
        const { record, token } = await operator.tokens.issue(subject, role, input.name);
        auditAdminAction(logger, request, context, 'token.issue', {
          tokenId: record.id,
          subject,
          role: role ?? null,
        });
        sendAdminJson(context, 201, { object: 'admin_token', ...record, token });
      }),
    },
    {
      method: 'get',
      path: '/admin/tokens',
      handler: route(async (_request, _response, context, principal) => {
        const operator = requireDatabase(gateway.ops.runtime);
        const tokens = await operator.tokens.list(isGatewayAdmin(principal) ? undefined : principal.subject);
        sendAdminJson(context, 200, { object: 'list', data: tokens });
      }),
    },
    {
      method: 'delete',
      path: '/admin/tokens/:id',
      handler: route(async (request, _response, context, principal) => {
        const operator = requireDatabase(gateway.ops.runtime);
        const id = String(request.params?.id ?? '');
        const token = await operator.tokens.get(id);
        if (!token || (!isGatewayAdmin(principal) && token.subject !== principal.subject))
          throw gatewayError('not-found', `No admin token with id "${id}"`, { code: 'token_not_found', param: 'id' });
        await operator.tokens.revoke(id);
        auditAdminAction(logger, request, context, 'token.revoke', { tokenId: id, subject: token.subject });
        sendAdminJson(context, 200, { id, object: 'admin_token', deleted: true });
      }),
    },
  ];
}
