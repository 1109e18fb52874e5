import { joinUrl, type HttpProviderAdapter, type ProviderWire } from '../../provider-adapter.js';
import type { UpstreamHeaders } from '../../transport/upstream-transport.js';
import { createBedrockConverseCodec } from './bedrock-converse-codec.js';
import { bedrockErrorToIr } from './bedrock-converse-error.js';
import { createBedrockEventStreamParser } from './bedrock-event-stream.js';
import { bedrockModelContext } from './bedrock-model-family.js';
import { bedrockAuth, bedrockBaseUrl, bedrockOptions, bedrockRegion } from './bedrock-options.js';
import { signBedrockRequest } from './bedrock-sigv4.js';
import { BEDROCK_CONVERSE_STYLE_ID } from './ir-to-bedrock-converse-request.js';

function headerText(headers: UpstreamHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Amazon Bedrock through the Converse API: `POST /model/{modelId}/converse` and
 * `/converse-stream` (AWS event stream framing) at `https://bedrock-runtime.{region}.amazonaws.com`.
 * Requests are signed with SigV4 (access keys from `options` or the standard AWS environment
 * variables), or carry a Bedrock API key (`apiKey`) as a bearer token. Errors are read from the
 * `x-amzn-errortype` header and the `{message}` body. Calls always take the translated path:
 * Converse is no caller style.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStream.html
 */
export const bedrockAdapter: HttpProviderAdapter = {
  kind: 'http',
  type: 'bedrock',
  displayName: 'Amazon Bedrock',
  defaultBaseUrl: 'https://bedrock-runtime.{region}.amazonaws.com',
  environment: { apiKey: 'AWS_BEARER_TOKEN_BEDROCK' },
  wire: (settings, model = ''): ProviderWire => ({
    id: BEDROCK_CONVERSE_STYLE_ID,
    codec: createBedrockConverseCodec(bedrockModelContext(model, bedrockOptions(settings).anthropic)),
  }),
  generation: ({ settings, model, stream }) => ({
    url: joinUrl(
      bedrockBaseUrl(settings),
      `model/${encodeURIComponent(model)}/${stream ? 'converse-stream' : 'converse'}`,
    ),
    headers: { 'content-type': 'application/json', ...settings.headers },
  }),
  async signRequest(request, settings) {
    const auth = bedrockAuth(settings);
    if (auth.kind === 'bearer') return { authorization: `Bearer ${auth.token}` };
    return signBedrockRequest(request, auth.credentials, bedrockRegion(settings));
  },
  createStreamParser: createBedrockEventStreamParser,
  hooks: {
    mapError: (status, body, headers) => bedrockErrorToIr(status, body, headerText(headers, 'x-amzn-errortype')),
  },
};
