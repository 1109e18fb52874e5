import * as client from 'openid-client';
import { isLoopbackHttp, type OidcConfig } from '../config/oidc-schema.js';

/** Longest wait for one answer of the identity provider, in seconds. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** What the gateway keeps of a sign-in between the redirect to the provider and its callback. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUrl: string;
}

/** Who signed in, from the ID token (and userinfo when the token lacks the groups claim). */
export interface SignedInClaims {
  subject: string;
  name?: string;
  email?: string;
  /** The groups claim's values; empty when the provider sent none. */
  groups: string[];
}

const discovered = new WeakMap<OidcConfig, Promise<client.Configuration>>();

/**
 * The provider's metadata, read once per config from its discovery document (read again after a
 * failure). Plain HTTP is allowed only for a loopback issuer, which the config schema enforces.
 */
function providerOf(oidc: OidcConfig): Promise<client.Configuration> {
  let found = discovered.get(oidc);
  if (!found) {
    found = client.discovery(new URL(oidc.issuer), oidc.clientId, oidc.clientSecret, undefined, {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      ...(isLoopbackHttp(oidc.issuer) ? { execute: [client.allowInsecureRequests] } : {}),
    });
    discovered.set(oidc, found);
    found.catch(() => discovered.delete(oidc));
  }
  return found;
}

/** The provider's authorization URL for a new sign-in (PKCE S256, state, nonce), and what the callback checks. */
export async function beginSignIn(
  oidc: OidcConfig,
  redirectUrl: string,
): Promise<{ location: URL; pending: PendingSignIn }> {
  const provider = await providerOf(oidc);
  const pending: PendingSignIn = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
    redirectUrl,
  };
  const location = client.buildAuthorizationUrl(provider, {
    redirect_uri: redirectUrl,
    scope: oidc.scopes.join(' '),
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
  });
  return { location, pending };
}

/**
 * Finishes a sign-in: checks the callback's state, exchanges the code with the PKCE verifier,
 * checks the ID token (issuer, audience, nonce, signature) and reads the user's claims.
 */
export async function finishSignIn(
  oidc: OidcConfig,
  pending: PendingSignIn,
  callbackQuery: string,
): Promise<SignedInClaims> {
  const provider = await providerOf(oidc);
  const currentUrl = new URL(pending.redirectUrl);
  currentUrl.search = callbackQuery;
  const tokens = await client.authorizationCodeGrant(provider, currentUrl, {
    pkceCodeVerifier: pending.codeVerifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('the identity provider sent no ID token');
  let groupsValue: unknown = claims[oidc.groupsClaim];
  if (groupsValue === undefined && provider.serverMetadata().userinfo_endpoint) {
    const userInfo = await client.fetchUserInfo(provider, tokens.access_token, claims.sub);
    groupsValue = userInfo[oidc.groupsClaim];
  }
  return {
    subject: claims.sub,
    ...(typeof claims.name === 'string' ? { name: claims.name } : {}),
    ...(typeof claims.email === 'string' ? { email: claims.email } : {}),
    groups: groupsOf(groupsValue),
  };
}

/** A groups claim as a list: an array of strings, or one string. */
function groupsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((group): group is string => typeof group === 'string') : [];
}
