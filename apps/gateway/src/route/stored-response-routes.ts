import type { IncomingMessage, ServerResponse } from 'node:http';
import { invalidRequest } from '@interlingua/ir';
import { codecFor } from '@interlingua/provider-adapters';
import type { GatewayKey } from '../auth/api-keys.js';
import type { ModelCatalog } from './route-scope.js';
import { admittedKey } from '../admit/request-key.js';
import type { RequestContext } from '../context/request-context.js';
import { sendStyleError, asIrError, gatewayError } from '../http/style-errors.js';
import type { RouteEntry, RouteHandler } from './route-entry.js';
import { conversationItems, inputItemsPage } from '../responses/response-input-items.js';
import { isGatewayResponseId, responseNotFound, type ResponseStore } from '../responses/response-store.js';
import type { UpstreamResponseOwners } from '../responses/upstream-response-owners.js';
import { answerFromOwner, type OwnerRequest } from './upstream-response-forward.js';
import { OPENAI_RESPONSES } from '../http/request-styles.js';

type Request = IncomingMessage & { params?: Record<string, unknown> };

const codec = codecFor(OPENAI_RESPONSES);

/** A handler with the caller's key checked and its errors written in the OpenAI shape. */
function handler(run: (request: Request, context: RequestContext, key: GatewayKey) => Promise<void>): RouteHandler {
  return async (request: Request, _response: ServerResponse, context: RequestContext) => {
    try {
      await run(request, context, admittedKey(context));
    } catch (error) {
      sendStyleError(context.sink, codec, asIrError(error));
    }
  };
}

function responseId(request: Request): string {
  const id = request.params?.id;
  if (typeof id !== 'string' || id.length === 0) throw invalidRequest('A response id is required in the path');
  if (id === 'compact')
    throw gatewayError('invalid-request', 'Method not allowed on /v1/responses/compact; use POST', {
      status: 405,
      code: 'method_not_allowed',
    });
  return id;
}

/**
 * A plain `GET /v1/responses` gets a 405. (A WebSocket upgrade never reaches the routes: the
 * server's upgrade handler serves it, see websocket/responses-websocket.ts.)
 */
function getNotAllowed(request: IncomingMessage, _response: ServerResponse, context: RequestContext): Promise<void> {
  context.sink.setHeader('allow', 'POST');
  sendStyleError(
    context.sink,
    codec,
    gatewayError('invalid-request', `Method ${request.method ?? 'GET'} is not allowed on /v1/responses; use POST`, {
      status: 405,
      code: 'method_not_allowed',
    }),
  );
  return Promise.resolve();
}

/**
 * `GET /v1/responses/{id}`, `GET /v1/responses/{id}/input_items`, `DELETE /v1/responses/{id}`:
 * on responses the gateway stored, and forwarded to the OpenAI Responses upstream holding a
 * response that went through to it as is (for the key that created it only).
 */
export function storedResponseRoutes(
  gateway: Pick<ModelCatalog, 'providers'>,
  store: ResponseStore,
  owners: UpstreamResponseOwners,
): RouteEntry[] {
  /** True when the upstream holding `id` for this key answered the caller. */
  const forwarded = async (
    context: RequestContext,
    key: GatewayKey,
    id: string,
    ask: OwnerRequest,
  ): Promise<boolean> => {
    if (isGatewayResponseId(id)) return false;
    const owner = await owners.owner(key.id, id);
    if (!owner) return false;
    await answerFromOwner(gateway, context, owner, id, ask);
    return true;
  };
  const retrieve = handler(async (request, context, key) => {
    const id = responseId(request);
    if (context.url.searchParams.get('stream') === 'true')
      throw invalidRequest('stream: streaming a stored response again is not supported by this gateway', 'stream');
    if (await forwarded(context, key, id, { method: 'GET', suffix: '', search: context.url.search })) return;
    const entry = await store.get(id, key.id);
    if (!entry) throw responseNotFound(id);
    context.sink.sendJson(200, entry.response);
  });
  const inputItems = handler(async (request, context, key) => {
    const id = responseId(request);
    if (await forwarded(context, key, id, { method: 'GET', suffix: '/input_items', search: context.url.search }))
      return;
    const chain = await store.chain(id, key.id);
    context.sink.sendJson(200, inputItemsPage(conversationItems(chain), context.url.searchParams));
  });
  const remove = handler(async (request, context, key) => {
    const id = responseId(request);
    if (await forwarded(context, key, id, { method: 'DELETE', suffix: '', search: '' })) {
      await owners.forget(key.id, id);
      return;
    }
    if (!(await store.delete(id, key.id))) throw responseNotFound(id);
    context.sink.sendJson(200, { id, object: 'response', deleted: true });
  });
  return [
    { method: 'get', path: '/v1/responses', handler: getNotAllowed },
    { method: 'get', path: '/v1/responses/:id', handler: retrieve },
    { method: 'get', path: '/v1/responses/:id/input_items', handler: inputItems },
    { method: 'delete', path: '/v1/responses/:id', handler: remove },
  ];
}
