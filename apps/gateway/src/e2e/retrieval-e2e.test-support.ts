import type { ServerResponse } from 'node:http';
import {
  cohereEmbedUpstreamRequestSchema,
  cohereRerankUpstreamRequestSchema,
  geminiBatchEmbedUpstreamRequestSchema,
  jinaEmbeddingsUpstreamRequestSchema,
  jinaRerankUpstreamRequestSchema,
  openAiEmbeddingsUpstreamRequestSchema,
  sendJson,
  startLoopbackUpstream,
  teiRerankUpstreamRequestSchema,
  togetherRerankUpstreamRequestSchema,
  voyageEmbeddingsUpstreamRequestSchema,
  voyageRerankUpstreamRequestSchema,
  type LoopbackUpstream,
  type ReceivedRequest,
} from '@interlingua/testkit';
import type { ZodType } from 'zod';
import { startHarness, type Harness } from './gateway-harness.test-support.js';

/** How a loopback upstream answers one request. */
export type Reply = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;

/**
 * Every embeddings / rerank upstream of the tests, on one loopback server under its own path
 * prefix, and the schema (written from the provider's documentation) each path's requests
 * must pass. The harness's own `upstream` is the OpenAI one (`up/*`).
 */
const PROVIDERS = [
  { id: 'cohere', type: 'cohere', prefix: '/cohere' },
  { id: 'voyage', type: 'voyage', prefix: '/voyage/v1' },
  { id: 'jina', type: 'jina', prefix: '/jina/v1' },
  { id: 'gemini', type: 'gemini', prefix: '/gemini/v1beta' },
  { id: 'together', type: 'together', prefix: '/together/v1' },
  { id: 'tei', type: 'tei', prefix: '/tei' },
  { id: 'groq', type: 'groq', prefix: '/groq/openai/v1' },
] as const;

const SCHEMAS: Array<[RegExp, ZodType]> = [
  [/^\/v1\/embeddings$/, openAiEmbeddingsUpstreamRequestSchema],
  [/^\/cohere\/v2\/embed$/, cohereEmbedUpstreamRequestSchema],
  [/^\/cohere\/v2\/rerank$/, cohereRerankUpstreamRequestSchema],
  [/^\/voyage\/v1\/embeddings$/, voyageEmbeddingsUpstreamRequestSchema],
  [/^\/voyage\/v1\/rerank$/, voyageRerankUpstreamRequestSchema],
  [/^\/jina\/v1\/embeddings$/, jinaEmbeddingsUpstreamRequestSchema],
  [/^\/jina\/v1\/rerank$/, jinaRerankUpstreamRequestSchema],
  [/^\/gemini\/v1beta\/models\/[^/]+:batchEmbedContents$/, geminiBatchEmbedUpstreamRequestSchema],
  [/^\/together\/v1\/embeddings$/, openAiEmbeddingsUpstreamRequestSchema],
  [/^\/together\/v1\/rerank$/, togetherRerankUpstreamRequestSchema],
  [/^\/tei\/v1\/embeddings$/, openAiEmbeddingsUpstreamRequestSchema],
  [/^\/tei\/rerank$/, teiRerankUpstreamRequestSchema],
];

export interface RetrievalHarness {
  harness: Harness;
  /** The loopback serving every provider but OpenAI. */
  services: LoopbackUpstream;
  /** Sets the answer of the next requests to a provider (`openai` is the harness's upstream). */
  reply(provider: (typeof PROVIDERS)[number]['id'] | 'openai', answer: Reply): void;
  /** The JSON body of the last request to exactly this path (query aside); it passed the path's documented schema. */
  lastBody(path: string): Record<string, unknown>;
  /** Requests that failed their documented schema (each answered 400 by the loopback). */
  schemaFailures: string[];
  close(): Promise<void>;
}

/**
 * The gateway with an OpenAI upstream (`up/*`), the `mock`, and routes `cohere/*`, `voyage/*`,
 * `jina/*`, `gemini/*`, `together/*`, `tei/*` and `groq/*` to loopback providers, plus
 * `embed-fallback` (groq, which has no embeddings, then cohere).
 */
export async function startRetrievalHarness(): Promise<RetrievalHarness> {
  const answers = new Map<string, Reply>();
  const schemaFailures: string[] = [];
  const dispatch =
    (provider: string): Reply =>
    (request, response) => {
      const path = request.url.split('?')[0] ?? '';
      const schema = SCHEMAS.find(([pattern]) => pattern.test(path))?.[1];
      const checked = schema?.safeParse(request.json());
      if (checked && !checked.success) {
        schemaFailures.push(`${path}: ${checked.error.message}`);
        return sendJson(response, 400, { error: { message: `schema: ${checked.error.issues[0]?.message}` } });
      }
      const answer = answers.get(provider);
      if (!answer) return sendJson(response, 500, { error: { message: `no reply set for ${provider}` } });
      return answer(request, response);
    };
  const services = await startLoopbackUpstream((request, response) => {
    const provider = PROVIDERS.find((p) => request.url.startsWith(`${p.prefix}/`));
    return dispatch(provider?.id ?? 'unknown')(request, response);
  });
  const harness = await startHarness(dispatch('openai'), {
    providers: PROVIDERS.map((p) => ({
      id: p.id,
      type: p.type,
      baseUrl: `${services.url}${p.prefix}`,
      apiKey: `${p.id}-secret`,
    })),
    models: [
      ...PROVIDERS.map((p) => ({ name: `${p.id}/*`, targets: [{ provider: p.id }] })),
      {
        name: 'embed-fallback',
        targets: [
          { provider: 'groq', model: 'llama' },
          { provider: 'cohere', model: 'embed-v4.0' },
        ],
      },
    ],
  });
  const all = (): ReceivedRequest[] => [...harness.upstream.requests, ...services.requests];
  return {
    harness,
    services,
    schemaFailures,
    reply: (provider, answer) => answers.set(provider, answer),
    lastBody(path) {
      const request = all()
        .filter((r) => r.url.split('?')[0] === path)
        .at(-1);
      if (!request) throw new Error(`no upstream request to ${path}`);
      return request.json() as Record<string, unknown>;
    },
    async close() {
      await harness.close();
      await services.close();
    },
  };
}

/** Answers with a JSON body and status 200. */
export function json(body: unknown, status = 200): Reply {
  return (_request, response) => sendJson(response, status, body);
}
