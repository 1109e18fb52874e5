import { IrError } from '@interlingua/ir';
import { sendJson, startLoopbackUpstream, type LoopbackUpstream } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codecFor, requestSigner, wireId } from '../../codecs.js';
import type { ProviderSettings } from '../../provider-adapter.js';
import { closeDefaultDispatcher, fetchUpstream } from '../../transport/upstream-transport.js';
import { bedrockAdapter } from './bedrock-adapter.js';
import { bedrockAuth, bedrockRegion } from './bedrock-options.js';
import { signBedrockRequest } from './bedrock-sigv4.js';
import { verifyAwsSigV4 } from './bedrock-sigv4-verifier.test-support.js';

const KEYS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const MODEL = 'anthropic.claude-3-5-sonnet-20240620-v1:0';

function settings(overrides: Partial<ProviderSettings> = {}): ProviderSettings {
  return {
    id: 'aws',
    type: 'bedrock',
    baseUrl: 'https://bedrock-runtime.{region}.amazonaws.com',
    headers: {},
    forwardHeaders: [],
    api: 'chat',
    options: { region: 'eu-west-1', ...KEYS },
    ...overrides,
  };
}

let upstream: LoopbackUpstream;
beforeAll(async () => {
  upstream = await startLoopbackUpstream(async (request, response) => {
    const problem = await verifyAwsSigV4(request, KEYS, 'eu-west-1', 'bedrock');
    if (problem)
      return sendJson(
        response,
        problem.status,
        { message: problem.message },
        { 'x-amzn-errortype': `${problem.type}:http://internal.amazon.com/coral/com.amazon.coral.service/` },
      );
    sendJson(response, 200, {
      output: { message: { role: 'assistant', content: [{ text: 'signed' }] } },
      stopReason: 'end_turn',
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      metrics: { latencyMs: 1 },
    });
  });
});
afterAll(async () => {
  await upstream.close();
  await closeDefaultDispatcher();
});

describe('bedrock adapter', () => {
  it('calls Converse and ConverseStream at the regional endpoint with the model id encoded', () => {
    expect(bedrockAdapter.generation({ settings: settings(), model: MODEL, stream: false }).url).toBe(
      `https://bedrock-runtime.eu-west-1.amazonaws.com/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/converse`,
    );
    const arn = 'arn:aws:bedrock:eu-west-1:123456789012:application-inference-profile/abc';
    expect(
      bedrockAdapter.generation({
        settings: settings({ baseUrl: 'https://vpce.example.com/' }),
        model: arn,
        stream: true,
      }).url,
    ).toBe(`https://vpce.example.com/model/${encodeURIComponent(arn)}/converse-stream`);
  });

  it('speaks its own Converse wire, with the model family from the model id or the anthropic option', () => {
    const wire = bedrockAdapter.wire(settings(), MODEL);
    expect(wireId(wire)).toBe('bedrock-converse');
    const reasoning = {
      output: { message: { content: [{ reasoningContent: { reasoningText: { text: 't', signature: 's' } } }] } },
    };
    expect(codecFor(wire).response.toIr(reasoning).value.choices[0]?.content[0]).toMatchObject({
      opaque: { origin: 'anthropic' },
    });
    const profile = bedrockAdapter.wire(
      settings({ options: { ...settings().options, anthropic: true } }),
      'arn:aws:bedrock:eu-west-1:1:application-inference-profile/x',
    );
    expect(codecFor(profile).response.toIr(reasoning).value.choices[0]?.content[0]).toMatchObject({
      opaque: { origin: 'anthropic' },
    });
    expect(
      codecFor(bedrockAdapter.wire(settings(), 'amazon.nova-pro-v1:0')).response.toIr(reasoning).value.choices[0]
        ?.content[0],
    ).toMatchObject({ opaque: { origin: 'bedrock' } });
  });

  it('finds the region in the options, then the environment, then the base URL', () => {
    expect(bedrockRegion(settings())).toBe('eu-west-1');
    expect(bedrockRegion(settings({ options: {} }), { AWS_REGION: 'us-west-2' })).toBe('us-west-2');
    expect(
      bedrockRegion(settings({ options: {}, baseUrl: 'https://bedrock-runtime.ap-south-1.amazonaws.com' }), {}),
    ).toBe('ap-south-1');
    expect(() => bedrockRegion(settings({ options: {} }), {})).toThrow(/providers\.aws\.options\.region/);
  });

  it('takes credentials from apiKey, options, then the standard AWS environment variables', () => {
    expect(bedrockAuth(settings({ apiKey: 'bedrock-api-key' }))).toEqual({ kind: 'bearer', token: 'bedrock-api-key' });
    expect(bedrockAuth(settings())).toEqual({ kind: 'sigv4', credentials: KEYS });
    const env = { AWS_ACCESS_KEY_ID: 'AKENV', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'token' };
    expect(bedrockAuth(settings({ options: {} }), env)).toEqual({
      kind: 'sigv4',
      credentials: { accessKeyId: 'AKENV', secretAccessKey: 'secret', sessionToken: 'token' },
    });
    expect(bedrockAuth(settings({ options: {} }), { AWS_BEARER_TOKEN_BEDROCK: 'abk' })).toEqual({
      kind: 'bearer',
      token: 'abk',
    });
    expect(() => bedrockAuth(settings({ options: {} }), {})).toThrow(IrError);
    expect(() => bedrockAuth(settings({ options: { accessKeyId: 'only-half' } }), {})).toThrow(
      /options\.secretAccessKey/,
    );
  });

  it('signs with SigV4 so that AWS recomputes the same signature from what it received', async () => {
    const s = settings({ baseUrl: upstream.url });
    const endpoint = bedrockAdapter.generation({ settings: s, model: MODEL, stream: false });
    const answer = await fetchUpstream(
      {
        url: endpoint.url,
        headers: { ...endpoint.headers, 'x-request-id': 'r1' },
        body: '{"messages":[]}',
        ...requestSigner(bedrockAdapter, s),
      },
      1 << 16,
    );
    expect(answer.status).toBe(200);
    const received = upstream.requests.at(-1)!;
    expect(received.url).toBe('/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/converse');
    expect(String(received.headers.authorization)).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/bedrock\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date;x-request-id, Signature=[0-9a-f]{64}$/,
    );
  });

  it('is answered like AWS answers a bad signature when the secret is wrong', async () => {
    const s = settings({
      baseUrl: upstream.url,
      options: { region: 'eu-west-1', accessKeyId: KEYS.accessKeyId, secretAccessKey: 'wrong' },
    });
    const endpoint = bedrockAdapter.generation({ settings: s, model: MODEL, stream: false });
    const answer = await fetchUpstream(
      { url: endpoint.url, headers: endpoint.headers, body: '{}', ...requestSigner(bedrockAdapter, s) },
      1 << 16,
    );
    expect(answer.status).toBe(403);
    const error = bedrockAdapter.hooks?.mapError?.(
      answer.status,
      JSON.parse(answer.body.toString('utf8')),
      answer.headers,
    );
    expect(error).toMatchObject({ kind: 'authentication', status: 401, code: 'InvalidSignatureException' });
  });

  it('signs over the body: a body changed after signing fails verification', async () => {
    const url = `${upstream.url}/model/m/converse`;
    const headers = { 'content-type': 'application/json' };
    const signed = await signBedrockRequest(
      { url, method: 'POST', headers, body: '{"a":1}' },
      { ...KEYS, sessionToken: 'session' },
      'eu-west-1',
    );
    expect(signed['x-amz-security-token']).toBe('session');
    const received = {
      method: 'POST',
      url: '/model/m/converse',
      headers: { ...headers, ...signed },
      body: Buffer.from('{"a":1}'),
    };
    expect(
      await verifyAwsSigV4(received, { ...KEYS, sessionToken: 'session' }, 'eu-west-1', 'bedrock'),
    ).toBeUndefined();
    expect(
      await verifyAwsSigV4({ ...received, body: Buffer.from('{"a":2}') }, KEYS, 'eu-west-1', 'bedrock'),
    ).toMatchObject({ type: 'InvalidSignatureException' });
  });

  it('sends a Bedrock API key as a bearer token instead of signing', async () => {
    const headers = await bedrockAdapter.signRequest!(
      { url: 'https://x/model/m/converse', method: 'POST', headers: {} },
      settings({ apiKey: 'abk-123' }),
    );
    expect(headers).toEqual({ authorization: 'Bearer abk-123' });
  });
});
