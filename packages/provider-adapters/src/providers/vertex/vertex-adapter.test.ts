import { IrError } from '@interlingua/ir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationCall, ProviderSettings } from '../../provider-adapter.js';
import { VERTEX_ANTHROPIC_VERSION, vertexAdapter } from './vertex-adapter.js';
import { vertexAuthHeaders } from './vertex-auth.js';
import { startTestTokenServer, type TestTokenServer } from './vertex-token-server.test-support.js';

function settings(options: Record<string, unknown> = {}, overrides: Partial<ProviderSettings> = {}): ProviderSettings {
  return {
    id: 'gcp',
    type: 'vertex',
    baseUrl: 'https://{location}-aiplatform.googleapis.com',
    headers: {},
    forwardHeaders: [],
    api: 'chat',
    options: { project: 'acme', location: 'europe-west4', accessToken: 'ya29.given', ...options },
    ...overrides,
  };
}

function call(model: string, stream: boolean, s = settings()): GenerationCall {
  return { settings: s, model, stream };
}

let tokens: TestTokenServer;
beforeAll(async () => {
  tokens = await startTestTokenServer('acme');
});
afterAll(async () => tokens.close());

describe('vertex adapter URLs and wires', () => {
  it('calls Gemini at the regional endpoint, streams as SSE', () => {
    expect(vertexAdapter.generation(call('gemini-2.5-flash', false)).url).toBe(
      'https://europe-west4-aiplatform.googleapis.com/v1/projects/acme/locations/europe-west4/publishers/google/models/gemini-2.5-flash:generateContent',
    );
    expect(vertexAdapter.generation(call('gemini-2.5-flash', true)).url).toBe(
      'https://europe-west4-aiplatform.googleapis.com/v1/projects/acme/locations/europe-west4/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    );
    expect(vertexAdapter.wire(settings(), 'gemini-2.5-flash')).toBe('gemini');
  });

  it('calls Claude through rawPredict and streamRawPredict, keeping the @version in the model id', () => {
    expect(vertexAdapter.generation(call('claude-sonnet-4@20250514', false)).url).toBe(
      'https://europe-west4-aiplatform.googleapis.com/v1/projects/acme/locations/europe-west4/publishers/anthropic/models/claude-sonnet-4@20250514:rawPredict',
    );
    expect(vertexAdapter.generation(call('claude-sonnet-4@20250514', true)).url).toMatch(
      /publishers\/anthropic\/models\/claude-sonnet-4@20250514:streamRawPredict$/,
    );
    expect(vertexAdapter.wire(settings(), 'claude-sonnet-4@20250514')).toBe('anthropic-messages');
    expect(vertexAdapter.wire(settings({ publisher: 'anthropic' }), 'my-tuned-claude')).toBe('anthropic-messages');
  });

  it('uses the global endpoint host for location global, and express mode with an API key and no project', () => {
    expect(vertexAdapter.generation(call('gemini-2.5-pro', false, settings({ location: 'global' }))).url).toBe(
      'https://aiplatform.googleapis.com/v1/projects/acme/locations/global/publishers/google/models/gemini-2.5-pro:generateContent',
    );
    const express = settings({ project: undefined, accessToken: undefined }, { apiKey: 'AIza-test' });
    expect(vertexAdapter.generation(call('gemini-2.5-pro', false, express)).url).toBe(
      'https://europe-west4-aiplatform.googleapis.com/v1/publishers/google/models/gemini-2.5-pro:generateContent',
    );
  });

  it('names the missing project, and a bad option, in a config error', () => {
    expect(() => vertexAdapter.generation(call('claude-x', false, settings({ project: undefined })))).toThrow(
      /providers\.gcp\.options\.project/,
    );
    expect(() => vertexAdapter.generation(call('gemini', false, settings({ location: 'Europe West' })))).toThrow(
      /providers\.gcp\.options\.location/,
    );
    expect(() => vertexAdapter.generation(call('gemini', false, settings({ serviceAccountKey: '{not json' })))).toThrow(
      /serviceAccountKey: not JSON/,
    );
  });

  it('moves the model into the URL and names the Vertex Anthropic version in Claude bodies only', () => {
    const claude: Record<string, unknown> = { model: 'claude-sonnet-4@20250514', max_tokens: 10, messages: [] };
    vertexAdapter.hooks?.patchRequest?.(claude, call('claude-sonnet-4@20250514', false));
    expect(claude).toEqual({ anthropic_version: VERTEX_ANTHROPIC_VERSION, max_tokens: 10, messages: [] });
    const gemini: Record<string, unknown> = { contents: [] };
    vertexAdapter.hooks?.patchRequest?.(gemini, call('gemini-2.5-flash', false));
    expect(gemini).toEqual({ contents: [] });
  });

  it('reads google.rpc errors Vertex answers in front of Claude, and leaves Anthropic errors to the codec', () => {
    const unauthenticated = {
      error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
    };
    expect(vertexAdapter.hooks?.mapError?.(401, unauthenticated)).toMatchObject({
      kind: 'authentication',
      status: 401,
    });
    expect(
      vertexAdapter.hooks?.mapError?.(429, {
        error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' },
      }),
    ).toMatchObject({ kind: 'rate-limit' });
    expect(
      vertexAdapter.hooks?.mapError?.(400, { type: 'error', error: { type: 'invalid_request_error', message: 'x' } }),
    ).toBeUndefined();
  });
});

describe('vertex auth', () => {
  it('sends a given access token, or an API key', async () => {
    expect(await vertexAuthHeaders(settings())).toEqual({ authorization: 'Bearer ya29.given' });
    expect(await vertexAuthHeaders(settings({ accessToken: undefined }, { apiKey: 'AIza-test' }))).toEqual({
      'x-goog-api-key': 'AIza-test',
    });
  });

  it('mints a token for a service-account key at its token_uri, and reuses it while it is fresh', async () => {
    const s = settings({ accessToken: undefined, serviceAccountKey: tokens.keyJson });
    const before = tokens.issued.length;
    const first = await vertexAuthHeaders(s);
    const second = await vertexAuthHeaders(s);
    expect(first).toEqual({ authorization: `Bearer ${tokens.issued.at(-1)}` });
    expect(second).toEqual(first);
    expect(tokens.issued.length).toBe(before + 1);
    expect(tokens.checkBearer({ authorization: first.authorization })).toBeUndefined();
  });

  it('lets the library refresh a token that is about to expire', async () => {
    tokens.expiresIn = 60;
    try {
      const s = settings({ accessToken: undefined, serviceAccountKey: tokens.keyJson });
      const first = await vertexAuthHeaders(s);
      const second = await vertexAuthHeaders(s);
      expect(second).not.toEqual(first);
    } finally {
      tokens.expiresIn = 3600;
    }
  });

  it('reports a key the token endpoint refuses as an authentication error', async () => {
    const other = await startTestTokenServer('acme');
    try {
      const forged = JSON.stringify({
        ...(JSON.parse(other.keyJson) as Record<string, unknown>),
        token_uri: `${tokens.server.url}/token`,
      });
      const error = await vertexAuthHeaders(settings({ accessToken: undefined, serviceAccountKey: forged })).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(IrError);
      expect((error as IrError).data).toMatchObject({ kind: 'authentication' });
      expect((error as IrError).message).toMatch(/gateway@acme\.iam\.gserviceaccount\.com/);
    } finally {
      await other.close();
    }
  });
});
