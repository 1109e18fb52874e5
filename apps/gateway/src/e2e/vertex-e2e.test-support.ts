import type { ServerResponse } from 'node:http';
import {
  sendJson,
  vertexClaudeUpstreamRequestSchema,
  vertexGeminiUpstreamRequestSchema,
  type ReceivedRequest,
} from '@interlingua/testkit';
import type { TestTokenServer } from '../../../../packages/provider-adapters/src/providers/vertex/vertex-token-server.test-support.js';

export {
  startTestTokenServer,
  type TestTokenServer,
} from '../../../../packages/provider-adapters/src/providers/vertex/vertex-token-server.test-support.js';

/** How the loopback Vertex answers one request that passed the token and schema checks. */
export type Reply = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;

export const VERTEX_PROJECT = 'acme';
export const VERTEX_LOCATION = 'us-central1';

const MODEL_PATH =
  /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/(google|anthropic)\/models\/([^/:]+):(generateContent|streamGenerateContent\?alt=sse|rawPredict|streamRawPredict)$/;
const PUBLISHER_METHODS: Record<string, readonly string[]> = {
  google: ['generateContent', 'streamGenerateContent?alt=sse'],
  anthropic: ['rawPredict', 'streamRawPredict'],
};

/** A call the loopback Vertex understood. */
export interface VertexCall {
  publisher: 'google' | 'anthropic';
  model: string;
  method: string;
  body: Record<string, unknown>;
}

function rpcError(response: ServerResponse, code: number, status: string, message: string): void {
  sendJson(response, code, { error: { code, message, status } });
}

/** Parses a model call path; undefined when Vertex would not route it. */
export function vertexCallOf(request: ReceivedRequest): VertexCall | undefined {
  const match = MODEL_PATH.exec(request.url);
  if (!match || match[1] !== VERTEX_PROJECT || match[2] !== VERTEX_LOCATION) return undefined;
  const publisher = match[3] as 'google' | 'anthropic';
  const method = match[5] ?? '';
  if (!PUBLISHER_METHODS[publisher]?.includes(method)) return undefined;
  return {
    publisher,
    model: decodeURIComponent(match[4] ?? ''),
    method,
    body: request.json() as Record<string, unknown>,
  };
}

/**
 * A loopback Vertex AI endpoint: it accepts only bearer tokens the loopback token server issued
 * and has not expired (401 `UNAUTHENTICATED` otherwise, as Google answers), routes
 * `publishers/{google|anthropic}/models/{model}:{method}` paths, validates bodies against the
 * documented schemas (400 `INVALID_ARGUMENT` otherwise), then hands the request to `reply`.
 */
export function vertexUpstream(tokens: () => TestTokenServer, reply: () => Reply): Reply {
  return (request, response) => {
    const denied = tokens().checkBearer(request.headers);
    if (denied) return sendJson(response, denied.status, denied.body);
    const call = vertexCallOf(request);
    if (!call)
      return rpcError(response, 404, 'NOT_FOUND', `The requested URL ${request.url} was not found on this server.`);
    const schema = call.publisher === 'google' ? vertexGeminiUpstreamRequestSchema : vertexClaudeUpstreamRequestSchema;
    const checked = schema.safeParse(call.body);
    if (!checked.success)
      return rpcError(
        response,
        400,
        'INVALID_ARGUMENT',
        checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      );
    return reply()(request, response);
  };
}

/** The last model call the loopback Vertex accepted. */
export function lastVertexCall(requests: readonly ReceivedRequest[]): VertexCall {
  const request = requests.filter((r) => vertexCallOf(r) !== undefined).at(-1);
  if (!request) throw new Error('the loopback Vertex saw no model call');
  return vertexCallOf(request) as VertexCall;
}
