import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { IrError } from '@interlingua/ir';
import { sha256 } from '../auth/api-keys.js';
import type { Gateway } from '../gateway.js';

/**
 * Checks the admin key, sent only as `Authorization: Bearer <admin secret>`, in constant time;
 * 403 when the config has no admin key, 401 when it is missing or wrong. Gateway keys never pass,
 * and neither does the admin secret in `x-api-key` or any other header.
 */
export function requireAdmin(gateway: Gateway, request: IncomingMessage): void {
  const expected = gateway.ops.adminDigest;
  if (!expected) {
    throw new IrError({ kind: 'permission', message: 'The admin endpoints are disabled: set admin.secret or admin.secretHash in the config', code: 'admin_disabled', source: 'gateway' });
  }
  const presented = adminSecret(request);
  if (!presented || !timingSafeEqual(sha256(presented), expected)) {
    throw new IrError({ kind: 'authentication', message: 'Missing or invalid admin key', code: 'invalid_admin_key', source: 'gateway' });
  }
}

function adminSecret(request: IncomingMessage): string | undefined {
  const authorization = request.headers.authorization;
  const bearer = typeof authorization === 'string' ? /^Bearer\s+(.+)$/i.exec(authorization.trim())?.[1] : undefined;
  return bearer?.trim() || undefined;
}
