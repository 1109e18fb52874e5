import { z } from 'zod';
import { strictObject } from './strict-object.js';

const positiveInt = z.number().int().positive();
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An `https://` URL, or `http://` on a loopback host (local development and tests). */
const secureUrl = z.url().refine(
  (text) => {
    const url = new URL(text);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  },
  { message: 'must be an https:// URL (http:// only on localhost, 127.0.0.1 or [::1])' },
);

/** Whether `text` is an http:// URL on a loopback host (the only plain-HTTP issuer accepted). */
export function isLoopbackHttp(text: string): boolean {
  const url = new URL(text);
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * `admin.oidc`: console sign-in with the organisation's identity provider (OpenID Connect,
 * authorization code with PKCE). The groups claim gives each user a gateway role.
 */
export const oidcSchema = strictObject({
  /** The provider's issuer URL; its `/.well-known/openid-configuration` is read at the first sign-in. */
  issuer: secureUrl,
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  /** The ID token (or userinfo) claim that lists the user's groups. */
  groupsClaim: z.string().min(1).default('groups'),
  /** Groups that make a user a gateway admin or a viewer; admin wins when a user is in both. */
  roles: strictObject({
    admin: z.array(z.string().min(1)).default([]),
    viewer: z.array(z.string().min(1)).default([]),
  }).prefault({}),
  /** Scopes asked for; `openid` is always one. */
  scopes: z
    .array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, 'a scope token'))
    .default(['openid', 'profile', 'email'])
    .refine((scopes) => scopes.includes('openid'), { message: 'must include openid' }),
  /** The gateway's public base URL (behind a proxy); the redirect URL is `<publicUrl>/console/auth/callback`. */
  publicUrl: secureUrl.optional(),
  /** The full redirect URL registered with the provider, when it is not `<publicUrl>/console/auth/callback`. */
  redirectUrl: secureUrl.optional(),
  session: strictObject({
    /** A session unused this long ends. */
    idleMinutes: positiveInt.max(7 * 24 * 60).default(60),
    /** A session ends this long after sign-in, used or not. */
    absoluteHours: positiveInt.max(30 * 24).default(12),
    /** The cookie's `Secure` flag; by default on when the redirect URL is https. */
    secureCookie: z.boolean().optional(),
  }).prefault({}),
});

export type OidcConfig = z.infer<typeof oidcSchema>;
