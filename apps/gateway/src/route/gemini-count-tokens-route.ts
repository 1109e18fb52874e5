import type { IncomingMessage } from 'node:http';
import { geminiCountTokensRequestToIr, geminiCountTokensResponse } from '@interlingua/gemini';
import type { CountTokensScope } from './route-scope.js';
import { countTokensRoute } from './count-tokens-route.js';
import { parseGeminiModelPath } from './gemini-model-path.js';
import type { RouteHandler } from './route-entry.js';
import { GEMINI } from '../http/request-styles.js';

/**
 * `POST /v1beta/models/{model}:countTokens` (`{contents}` or `{generateContentRequest}`): the
 * route's first target counts natively where it can; elsewhere the gateway's estimate answers,
 * flagged in `x-interlingua-warnings`. The model in the path wins over the body's.
 */
export function geminiCountTokensRoute(gateway: CountTokensScope): RouteHandler {
  return countTokensRoute(gateway, {
    wire: GEMINI,
    decode: (json, request) => ({
      ...geminiCountTokensRequestToIr(json).value,
      model: modelInPath(request),
      stream: false,
    }),
    answer: (count) => geminiCountTokensResponse(count.inputTokens),
  });
}

function modelInPath(request: IncomingMessage & { params?: Record<string, unknown> }): string {
  return parseGeminiModelPath(request.params?.rest).model;
}
