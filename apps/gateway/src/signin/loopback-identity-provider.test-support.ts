import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const TEST_CLIENT_ID = 'interlingua-console';
export const TEST_CLIENT_SECRET = 'loopback-client-secret-0123456789';

/** The users the loopback provider knows: the login names the tests type, with their groups. */
export const TEST_USERS: Record<string, { name: string; email: string; groups: string[] }> = {
  ada: { name: 'Ada Admin', email: 'ada@example.test', groups: ['gateway-admins', 'staff'] },
  vic: { name: 'Vic Viewer', email: 'vic@example.test', groups: ['finance'] },
  nora: { name: 'Nora Nobody', email: 'nora@example.test', groups: ['staff'] },
  /** No gateway role from groups: the tests make them a team's admin and a team's member. */
  tia: { name: 'Tia Teamadmin', email: 'tia@example.test', groups: ['staff'] },
  max: { name: 'Max Member', email: 'max@example.test', groups: ['staff'] },
};

/** The gateway's `admin.oidc` for the loopback provider: its client, groups to roles, the groups scope. */
export function loopbackOidcSection(issuer: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    issuer,
    clientId: TEST_CLIENT_ID,
    clientSecret: TEST_CLIENT_SECRET,
    groupsClaim: 'groups',
    roles: { admin: ['gateway-admins'], viewer: ['finance'] },
    scopes: ['openid', 'profile', 'email', 'groups'],
    ...extra,
  };
}

/** An OpenID provider (`oidc-provider`) on a loopback port, with the gateway's client and a groups claim. */
export interface LoopbackIdentityProvider {
  /** Its issuer URL, known before the client is registered (the gateway's config names it). */
  issuer: string;
  /** Registers the gateway's redirect URL and starts answering. */
  serve(redirectUrl: string): void;
  close(): Promise<void>;
}

/**
 * Listens first (so the gateway can be configured with the issuer), answers once `serve` names the
 * redirect URL. Its own development login and consent pages take any password for a known login:
 * the browser tests type the login name, then confirm.
 */
export async function startIdentityProvider(): Promise<LoopbackIdentityProvider> {
  let listener: RequestListener = (_request, response) => response.writeHead(503).end();
  const server: Server = createServer((request, response) => listener(request, response));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    serve(redirectUrl: string) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: TEST_CLIENT_ID,
            client_secret: TEST_CLIENT_SECRET,
            redirect_uris: [redirectUrl],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        scopes: ['openid', 'profile', 'email', 'groups'],
        claims: { openid: ['sub'], profile: ['name'], email: ['email'], groups: ['groups'] },
        conformIdTokenClaims: false,
        ttl: { AccessToken: 600, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
        cookies: { keys: ['loopback-cookie-key-for-tests-only'] },
        findAccount: (_context, id) => {
          const user = TEST_USERS[id];
          return user ? { accountId: id, claims: () => ({ sub: id, ...user }) } : undefined;
        },
      });
      listener = provider.callback();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
