import type { IncomingMessage } from 'node:http';

/** The console session's cookie: an opaque random id, sent to every path of the gateway. */
export const SESSION_COOKIE = 'interlingua_session';
/** Ties a sign-in in progress to the browser that started it; sent only to the callback. */
export const LOGIN_COOKIE = 'interlingua_login';
export const LOGIN_COOKIE_PATH = '/console/auth';

/** The value of cookie `name` in the request's `Cookie` header, when it holds one. */
export function readCookie(request: IncomingMessage, name: string): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals !== -1 && part.slice(0, equals).trim() === name) return part.slice(equals + 1).trim() || undefined;
  }
  return undefined;
}

export interface CookieOptions {
  path: string;
  secure: boolean;
  /** Lifetime in seconds; 0 removes the cookie. */
  maxAgeSeconds: number;
}

/** A `Set-Cookie` value: `HttpOnly` (no script reads it) and `SameSite=Lax` (no cross-site subrequest carries it). */
export function setCookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
