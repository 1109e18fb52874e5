import { generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { sendJson, startLoopbackUpstream, type LoopbackUpstream } from '@interlingua/testkit';

/** The audience google-auth-library puts in service-account assertions. */
const TOKEN_AUDIENCE = 'https://oauth2.googleapis.com/token';
const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

/** A loopback OAuth token endpoint for service-account JWT assertions (RFC 7523), and the key it trusts. */
export interface TestTokenServer {
  server: LoopbackUpstream;
  /** A service-account key file whose `token_uri` points at this server (JSON text). */
  keyJson: string;
  clientEmail: string;
  /** Tokens issued so far. */
  issued: string[];
  /** Seconds each new token is valid, as the token endpoint reports it. */
  expiresIn: number;
  /** Marks every token issued so far as expired. */
  expireAll(): void;
  /** The `google.rpc` 401 a Vertex endpoint answers, or undefined when the bearer token is valid. */
  checkBearer(headers: IncomingHttpHeaders): { status: number; body: unknown } | undefined;
  close(): Promise<void>;
}

function base64UrlJson(part: string | undefined): Record<string, unknown> | undefined {
  try {
    return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** Checks an RS256 assertion signed with the test key and its claims; returns the problem or undefined. */
function checkAssertion(assertion: string, publicKey: KeyObject, clientEmail: string): string | undefined {
  const [header, payload, signature] = assertion.split('.');
  if (base64UrlJson(header)?.alg !== 'RS256') return 'unsupported JWT algorithm';
  const valid = verify(
    'RSA-SHA256',
    Buffer.from(`${header}.${payload}`),
    publicKey,
    Buffer.from(signature ?? '', 'base64url'),
  );
  if (!valid) return 'Invalid JWT Signature.';
  const claims = base64UrlJson(payload) ?? {};
  const now = Date.now() / 1000;
  if (
    claims.iss !== clientEmail ||
    claims.aud !== TOKEN_AUDIENCE ||
    !String(claims.scope ?? '')
      .split(' ')
      .includes(SCOPE)
  )
    return 'Invalid JWT claims.';
  if (typeof claims.exp !== 'number' || claims.exp < now || typeof claims.iat !== 'number' || claims.iat > now + 300)
    return 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.';
  return undefined;
}

const UNAUTHENTICATED = {
  status: 401,
  body: {
    error: {
      code: 401,
      message:
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
      status: 'UNAUTHENTICATED',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'ACCESS_TOKEN_EXPIRED',
          domain: 'googleapis.com',
        },
      ],
    },
  },
};

/**
 * Starts a token endpoint that verifies service-account assertions with the public half of a key
 * generated here, and issues `ya29.test-N` access tokens. Test support for Vertex loopbacks.
 * @see https://developers.google.com/identity/protocols/oauth2/service-account#httprest
 */
export async function startTestTokenServer(projectId = 'test-project'): Promise<TestTokenServer> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = `gateway@${projectId}.iam.gserviceaccount.com`;
  const issued: string[] = [];
  const expired = new Set<string>();
  const state = { expiresIn: 3600 };
  const server = await startLoopbackUpstream((request, response) => {
    const form = new URLSearchParams(request.body.toString('utf8'));
    if (request.url !== '/token' || form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return sendJson(response, 400, { error: 'unsupported_grant_type' });
    const problem = checkAssertion(form.get('assertion') ?? '', publicKey, clientEmail);
    if (problem) return sendJson(response, 400, { error: 'invalid_grant', error_description: problem });
    const token = `ya29.test-${issued.length + 1}`;
    issued.push(token);
    sendJson(response, 200, { access_token: token, expires_in: state.expiresIn, token_type: 'Bearer' });
  });
  const keyJson = JSON.stringify({
    type: 'service_account',
    project_id: projectId,
    private_key_id: 'test-key-1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: clientEmail,
    token_uri: `${server.url}/token`,
  });
  return {
    server,
    keyJson,
    clientEmail,
    issued,
    get expiresIn() {
      return state.expiresIn;
    },
    set expiresIn(value: number) {
      state.expiresIn = value;
    },
    expireAll: () => issued.forEach((token) => expired.add(token)),
    checkBearer(headers) {
      const token = /^Bearer (.+)$/.exec(String(headers.authorization ?? ''))?.[1];
      return token && issued.includes(token) && !expired.has(token) ? undefined : UNAUTHENTICATED;
    },
    close: () => server.close(),
  };
}
