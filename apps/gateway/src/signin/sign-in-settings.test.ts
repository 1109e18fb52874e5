import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { oidcSchema } from '../config/oidc-schema.js';
import { roleFromGroups } from './gateway-role.js';
import { readCookie, setCookie } from './session-cookie.js';
import { consoleOriginOf, redirectUrlOf, secureCookiesOf } from './sign-in-state.js';

const base = { issuer: 'https://login.example.com/', clientId: 'interlingua', clientSecret: 'client-secret' };
const request = (headers: Record<string, string>) => ({ headers, socket: {} }) as unknown as IncomingMessage;

describe('admin.oidc settings', () => {
  it('refuses a plain-HTTP issuer unless it is on a loopback host, and scopes without openid', () => {
    expect(oidcSchema.safeParse({ ...base, issuer: 'http://login.example.com/' }).success).toBe(false);
    expect(oidcSchema.safeParse({ ...base, issuer: 'http://127.0.0.1:9000' }).success).toBe(true);
    expect(oidcSchema.safeParse({ ...base, scopes: ['profile'] }).success).toBe(false);
    expect(oidcSchema.parse(base)).toMatchObject({
      groupsClaim: 'groups',
      scopes: ['openid', 'profile', 'email'],
      session: { idleMinutes: 60, absoluteHours: 12 },
    });
  });

  it('takes the redirect URL as configured, from publicUrl, or from the request; Secure cookies follow https', () => {
    const local = request({ host: '127.0.0.1:8080' });
    const derived = oidcSchema.parse(base);
    expect(redirectUrlOf(derived, local)).toBe('http://127.0.0.1:8080/console/auth/callback');
    expect(secureCookiesOf(derived, local)).toBe(false);
    const behindProxy = oidcSchema.parse({ ...base, publicUrl: 'https://gateway.example.com/' });
    expect(redirectUrlOf(behindProxy, local)).toBe('https://gateway.example.com/console/auth/callback');
    expect(consoleOriginOf(behindProxy, local)).toBe('https://gateway.example.com');
    expect(secureCookiesOf(behindProxy, local)).toBe(true);
    const forced = oidcSchema.parse({
      ...base,
      redirectUrl: 'http://localhost:3000/cb',
      session: { secureCookie: true },
    });
    expect(redirectUrlOf(forced, local)).toBe('http://localhost:3000/cb');
    expect(secureCookiesOf(forced, local)).toBe(true);
  });

  it('gives admin before viewer, and no role when no group is named', () => {
    const roles = { admin: ['ops'], viewer: ['finance'] };
    expect(roleFromGroups(['finance', 'ops'], roles)).toBe('admin');
    expect(roleFromGroups(['finance'], roles)).toBe('viewer');
    expect(roleFromGroups(['staff'], roles)).toBeUndefined();
  });

  it('writes HttpOnly, SameSite=Lax cookies, Secure when asked, and reads one among others', () => {
    expect(setCookie('s', 'v', { path: '/', secure: true, maxAgeSeconds: 60 })).toBe(
      's=v; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure',
    );
    expect(readCookie(request({ cookie: 'a=1; interlingua_session=abc; b=2' }), 'interlingua_session')).toBe('abc');
    expect(readCookie(request({ cookie: 'xinterlingua_session=abc' }), 'interlingua_session')).toBeUndefined();
  });
});
