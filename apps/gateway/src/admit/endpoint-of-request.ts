import type { EndpointName } from '../config/operations-schema.js';
import { GEMINI, STYLE_RECORDS } from '../http/request-styles.js';

const GEMINI_ENDPOINT = STYLE_RECORDS[GEMINI].endpoint;

const GEMINI_METHODS: Record<string, EndpointName> = {
  generatecontent: GEMINI_ENDPOINT,
  streamgeneratecontent: GEMINI_ENDPOINT,
  counttokens: 'count-tokens',
  embedcontent: 'embeddings',
  batchembedcontents: 'embeddings',
  predict: 'images',
};

/** Azure OpenAI's deployment path, which `AzureOpenAI` clients call. */
const AZURE_CHAT_PATH = /^\/openai\/deployments\/.+\/chat\/completions$/;

/**
 * The endpoint name (as keys' `endpoints` lists and `limits.maxBodyBytes` use them) a request
 * path belongs to; undefined for paths that are not API endpoints (`/health`, `/metrics`, …).
 * Read as routing matches paths: in any case, with or without one trailing slash.
 */
export function endpointOfPath(requestPath: string): EndpointName | undefined {
  const lower = requestPath.toLowerCase();
  const path = lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
  if (path === '/v1/chat/completions' || AZURE_CHAT_PATH.test(path)) return 'chat';
  if (path === '/v1/messages/count_tokens' || path === '/v1/responses/input_tokens') return 'count-tokens';
  if (path === '/v1/messages' || path.startsWith('/v1/messages/')) return 'messages';
  if (path === '/v1/responses' || path.startsWith('/v1/responses/')) return 'responses';
  if (path === '/v1/embeddings') return 'embeddings';
  if (path === '/v1/rerank' || path === '/v2/rerank') return 'rerank';
  if (path.startsWith('/v1/images/')) return 'images';
  if (path.startsWith('/v1/audio/')) return 'audio';
  if (path === '/mcp' || path.startsWith('/mcp/')) return 'mcp';
  if (path === '/v1/models' || path.startsWith('/v1/models/')) return 'models';
  if (path === '/v1beta/models' || path.startsWith('/v1beta/models/')) {
    const colon = path.lastIndexOf(':');
    if (colon === -1 || colon < path.lastIndexOf('/')) return 'models';
    return GEMINI_METHODS[path.slice(colon + 1)] ?? GEMINI_ENDPOINT;
  }
  return undefined;
}
