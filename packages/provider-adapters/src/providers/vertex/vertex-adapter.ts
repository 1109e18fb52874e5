import { IrError } from '@interlingua/ir';
import { geminiErrorToIr } from '@interlingua/gemini';
import { asRecord } from '@interlingua/ir-utils';
import {
  joinUrl,
  type GenerationCall,
  type HttpProviderAdapter,
  type ProviderSettings,
} from '../../provider-adapter.js';
import { vertexAuthHeaders } from './vertex-auth.js';
import { vertexConfig, vertexPublisher } from './vertex-options.js';

/** The `anthropic_version` Claude on Vertex takes in the body. @see https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/use-claude */
export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

/** The endpoint host: `{location}-aiplatform.googleapis.com`, or `aiplatform.googleapis.com` for `global`. */
function vertexBase(settings: ProviderSettings, location: string): string {
  if (!settings.baseUrl.includes('{location}')) return settings.baseUrl;
  return settings.baseUrl
    .replace('{location}-', location === 'global' ? '' : `${location}-`)
    .replaceAll('{location}', location);
}

/** A model id in a path: Vertex model versions keep their `@` (`claude-sonnet-4@20250514`). */
function modelSegment(model: string): string {
  return encodeURIComponent(model).replace(/%40/g, '@');
}

/**
 * The generation URL: `{base}/v1/projects/{project}/locations/{location}/publishers/{publisher}/models/{model}:{method}`,
 * or `{base}/v1/publishers/google/models/{model}:{method}` with an API key and no project
 * (express mode). Gemini: `generateContent` / `streamGenerateContent?alt=sse`; Claude:
 * `rawPredict` / `streamRawPredict`.
 * @see https://cloud.google.com/vertex-ai/docs/reference/rest/v1/projects.locations.publishers.models/generateContent
 * @see https://cloud.google.com/vertex-ai/docs/reference/rest/v1/projects.locations.publishers.models/rawPredict
 */
export function vertexGenerationUrl(call: GenerationCall): string {
  const { settings, model, stream } = call;
  const config = vertexConfig(settings);
  const publisher = vertexPublisher(settings, model);
  const method =
    publisher === 'anthropic'
      ? stream
        ? 'streamRawPredict'
        : 'rawPredict'
      : stream
        ? 'streamGenerateContent?alt=sse'
        : 'generateContent';
  const base = vertexBase(settings, config.location);
  if (!config.project) {
    if (publisher === 'google' && settings.apiKey)
      return joinUrl(base, `${config.apiVersion}/publishers/google/models/${modelSegment(model)}:${method}`);
    throw new IrError({
      kind: 'internal',
      message: `providers.${settings.id}.options.project: no Google Cloud project (set options.project or GOOGLE_CLOUD_PROJECT)`,
      source: 'gateway',
    });
  }
  const path = `${config.apiVersion}/projects/${encodeURIComponent(config.project)}/locations/${config.location}/publishers/${publisher}/models/${modelSegment(model)}:${method}`;
  return joinUrl(base, path);
}

/** Claude on Vertex: the model travels in the URL and the API version in the body. */
function patchClaudeRequest(body: Record<string, unknown>, call: GenerationCall): void {
  if (vertexPublisher(call.settings, call.model) !== 'anthropic') return;
  delete body.model;
  body.anthropic_version = VERTEX_ANTHROPIC_VERSION;
}

/** Vertex itself (auth, quota, routing) answers in google.rpc shape, also in front of Claude. */
function mapVertexError(status: number, body: unknown) {
  const error = asRecord(asRecord(body)?.error);
  return error && typeof error.status === 'string' ? geminiErrorToIr(status, body) : undefined;
}

/**
 * Google Vertex AI: Gemini (`generateContent`, `streamGenerateContent` as SSE) with the Gemini
 * wire, and Claude (`rawPredict`, `streamRawPredict`) with the Anthropic Messages wire, at the
 * regional endpoint of `options.location` in `options.project`. The publisher is chosen by
 * model id (`claude-…` is Anthropic) or `options.publisher`. Auth: an access token, a
 * service-account key (google-auth-library mints, caches and refreshes tokens), an API key, or
 * Application Default Credentials. Gemini and Anthropic callers keep the same-style fast path.
 * @see https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/inference
 * @see https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/use-claude
 */
export const vertexAdapter: HttpProviderAdapter = {
  kind: 'http',
  type: 'vertex',
  displayName: 'Google Vertex AI',
  defaultBaseUrl: 'https://{location}-aiplatform.googleapis.com',
  forwardHeaders: ['anthropic-beta'],
  wire: (settings, model) => (vertexPublisher(settings, model) === 'anthropic' ? 'anthropic-messages' : 'gemini'),
  generation: (call) => ({
    url: vertexGenerationUrl(call),
    headers: { 'content-type': 'application/json', ...call.settings.headers },
  }),
  signRequest: (_request, settings) => vertexAuthHeaders(settings),
  hooks: {
    patchRequest: patchClaudeRequest,
    mapError: mapVertexError,
  },
};
