import type { IncomingMessage, ServerResponse } from 'node:http';
import { invalidRequest, type IrModel } from '@interlingua/ir';
import { geminiModel, geminiModelList } from '@interlingua/gemini';
import { codecFor } from '@interlingua/provider-adapters';
import type { ModelCatalog, ModelResolving } from './route-scope.js';
import { admittedKey } from '../admit/request-key.js';
import type { RequestContext } from '../context/request-context.js';
import { sendStyleError, asIrError, gatewayError } from '../http/style-errors.js';
import { parseGeminiModelPath } from './gemini-model-path.js';
import { listModelsForKey } from './model-listing.js';
import type { RouteHandler } from './route-entry.js';
import { checkKeyMayUseModel, modelNotFound } from './route-for-key.js';
import { GEMINI } from '../http/request-styles.js';

/** `GET /v1beta/models?pageSize&pageToken`: the models this key may use, in Gemini's list shape. */
export function listGeminiModelsRoute(gateway: ModelCatalog) {
  return async (request: IncomingMessage, _response: ServerResponse, context: RequestContext): Promise<void> => {
    try {
      const key = admittedKey(context);
      const pageSize = readPageSize(context.url.searchParams.get('pageSize'));
      const pageToken = context.url.searchParams.get('pageToken') || undefined;
      const models = await listModelsForKey(gateway, key);
      context.sink.sendJson(
        200,
        geminiModelList(models, {
          ...(pageSize !== undefined ? { pageSize } : {}),
          ...(pageToken ? { pageToken } : {}),
        }),
      );
    } catch (error) {
      sendStyleError(context.sink, codecFor(GEMINI), asIrError(error));
    }
  };
}

/** `GET /v1beta/models/{model}`: one model (the id may hold `/`). */
export function getGeminiModelRoute(gateway: ModelCatalog): RouteHandler {
  return async (request, _response, context) => {
    try {
      const key = admittedKey(context);
      const { model: id, method } = parseGeminiModelPath(request.params?.rest);
      if (method !== undefined) throw gatewayError('not-found', `Method "${method}" is served with POST, not GET`);
      checkKeyMayUseModel(key, id, null);
      const found = (await listModelsForKey(gateway, key)).find((model) => model.id === id) ?? routedModel(gateway, id);
      if (!found) throw modelNotFound(id);
      context.sink.sendJson(200, geminiModel(found));
    } catch (error) {
      sendStyleError(context.sink, codecFor(GEMINI), asIrError(error));
    }
  };
}

/** A model the router serves although no listing names it (an id a `prefix/*` route matches). */
function routedModel(gateway: ModelResolving, id: string): IrModel | undefined {
  const route = gateway.router.resolve(id);
  return route
    ? { id, created: 0, ownedBy: route.targets[0]?.settings.id ?? 'interlingua', capabilities: ['chat'] }
    : undefined;
}

function readPageSize(text: string | null): number | undefined {
  if (text === null || text === '') return undefined;
  const size = Number(text);
  if (!Number.isInteger(size) || size < 0) throw invalidRequest('pageSize: must be a non-negative integer', 'pageSize');
  return size === 0 ? undefined : size;
}
