import { IrError } from '@interlingua/ir';
import type { ProviderSettings } from '../../provider-adapter.js';
import { vertexConfig, type VertexServiceAccountKey } from './vertex-options.js';

/** The OAuth scope Vertex AI calls need. @see https://cloud.google.com/vertex-ai/docs/reference/rest */
export const VERTEX_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

/** Where google-auth-library sends service-account token requests. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/** What the gateway needs of a google-auth-library client: an access token, cached and refreshed by the library. */
interface TokenSource {
  getAccessToken(): Promise<{ token?: string | null }>;
}

const sources = new WeakMap<ProviderSettings, Promise<TokenSource>>();

/**
 * A JWT client for a service-account key (google-auth-library, loaded on first use). The library
 * caches the token and refreshes it before it expires. A key whose `token_uri` is not Google's
 * public endpoint (private service connect, tests) gets its token requests sent there.
 * @see https://cloud.google.com/docs/authentication/token-types#access
 */
async function serviceAccountSource(key: VertexServiceAccountKey): Promise<TokenSource> {
  const { JWT } = await import('google-auth-library');
  const client = new JWT({
    email: key.client_email,
    key: key.private_key,
    ...(key.private_key_id ? { keyId: key.private_key_id } : {}),
    scopes: [VERTEX_SCOPE],
  });
  const tokenUri = key.token_uri;
  if (tokenUri && tokenUri !== GOOGLE_TOKEN_URL) {
    client.transporter.interceptors.request.add({
      resolved: async (config) => {
        if (String(config.url) === GOOGLE_TOKEN_URL) config.url = new URL(tokenUri);
        return config;
      },
    });
  }
  return client;
}

/** Application Default Credentials (`GOOGLE_APPLICATION_CREDENTIALS`, gcloud, the metadata server). */
async function defaultSource(): Promise<TokenSource> {
  const { GoogleAuth } = await import('google-auth-library');
  return new GoogleAuth({ scopes: [VERTEX_SCOPE] }).getClient();
}

function tokenSource(settings: ProviderSettings, key: VertexServiceAccountKey | undefined): Promise<TokenSource> {
  let source = sources.get(settings);
  if (!source) {
    source = key ? serviceAccountSource(key) : defaultSource();
    sources.set(settings, source);
    source.catch(() => sources.delete(settings));
  }
  return source;
}

async function oauthToken(settings: ProviderSettings, key: VertexServiceAccountKey | undefined): Promise<string> {
  const who = key ? `service account ${key.client_email}` : 'application default credentials';
  try {
    const { token } = await (await tokenSource(settings, key)).getAccessToken();
    if (token) return token;
    throw new Error('no token in the answer');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new IrError({
      kind: 'authentication',
      message: `Vertex AI: no access token for ${who}: ${reason}`,
      source: 'upstream',
    });
  }
}

/**
 * The auth headers of a Vertex AI call, in this order: `options.accessToken` as a bearer token;
 * a token minted for `options.serviceAccountKey`; the provider's `apiKey` in `x-goog-api-key`
 * (Vertex API keys, express mode); else Application Default Credentials.
 * @see https://cloud.google.com/vertex-ai/docs/authentication
 * @see https://cloud.google.com/vertex-ai/generative-ai/docs/start/api-keys
 */
export async function vertexAuthHeaders(settings: ProviderSettings): Promise<Record<string, string>> {
  const config = vertexConfig(settings);
  if (config.accessToken) return { authorization: `Bearer ${config.accessToken}` };
  if (!config.serviceAccountKey && settings.apiKey) return { 'x-goog-api-key': settings.apiKey };
  return { authorization: `Bearer ${await oauthToken(settings, config.serviceAccountKey)}` };
}
