import type { IncomingMessage, ServerResponse } from 'node:http';
import { anthropicModel, anthropicModelList } from '@interlingua/anthropic-messages';
import { checkModelName } from '@interlingua/ir';
import { openAiChatModelList, openAiModel } from '@interlingua/openai-chat';
import type { ModelCatalog } from './route-scope.js';
import { admittedKey } from '../admit/request-key.js';
import type { RequestContext } from '../context/request-context.js';
import { errorCodecForPath, sendStyleError, asIrError } from '../http/style-errors.js';
import { listModelsForKey } from './model-listing.js';
import { checkKeyMayUseModel, modelNotFound } from './route-for-key.js';

/** Anthropic SDK callers send `anthropic-version`: they get Anthropic's model shapes. */
function anthropicCaller(request: IncomingMessage): boolean {
  return request.headers['anthropic-version'] !== undefined;
}

/** `GET /v1/models`: the models this key may use, in OpenAI's list shape (Anthropic's with `anthropic-version`). */
export function listModelsRoute(gateway: ModelCatalog) {
  return async (request: IncomingMessage, _response: ServerResponse, context: RequestContext): Promise<void> => {
    try {
      const key = admittedKey(context);
      const models = await listModelsForKey(gateway, key);
      context.sink.sendJson(200, anthropicCaller(request) ? anthropicModelList(models) : openAiChatModelList(models));
    } catch (error) {
      sendStyleError(context.sink, errorCodecForPath(context.url.pathname, request.headers), asIrError(error));
    }
  };
}

/** `GET /v1/models/{model}`: one model (ids may hold `/`, sent as `%2F` or literally). */
export function getModelRoute(gateway: ModelCatalog) {
  return async (
    request: IncomingMessage & { params?: Record<string, unknown> },
    _response: ServerResponse,
    context: RequestContext,
  ): Promise<void> => {
    try {
      const key = admittedKey(context);
      const segments = request.params?.model;
      const id = checkModelName(Array.isArray(segments) ? segments.join('/') : String(segments ?? ''));
      checkKeyMayUseModel(key, id, null);
      const models = await listModelsForKey(gateway, key);
      const found =
        models.find((m) => m.id === id) ??
        (gateway.router.resolve(id)
          ? { id, created: 0, ownedBy: gateway.router.resolve(id)?.targets[0]?.settings.id ?? 'interlingua' }
          : undefined);
      if (!found) throw modelNotFound(id);
      context.sink.sendJson(200, anthropicCaller(request) ? anthropicModel(found) : openAiModel(found));
    } catch (error) {
      sendStyleError(context.sink, errorCodecForPath(context.url.pathname, request.headers), asIrError(error));
    }
  };
}
