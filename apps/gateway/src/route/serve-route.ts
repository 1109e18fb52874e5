import type { IncomingMessage, ServerResponse } from 'node:http';
import { admitRequest, type AdmissionScope } from '../admit/admission.js';
import { createRequestContext } from '../admit/request-key.js';
import { errorCodecForPath, sendStyleError, asIrError } from '../http/style-errors.js';
import type { RouteHandler } from './route-entry.js';

/**
 * Runs one matched route: admission first (its one context, key, limits), then the handler. An
 * error the handler throws goes back in the style the path implies; an error of admission itself
 * (which answers its own refusals) is an internal error answered the same way.
 */
export function serveRoute(
  gateway: AdmissionScope,
  handler: RouteHandler,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
): void {
  admitRequest(gateway, request, response, path)
    .then(async (context) => {
      if (!context) return;
      try {
        await handler(request, response, context);
      } catch (error) {
        sendStyleError(context.sink, errorCodecForPath(path, request.headers), asIrError(error));
      }
    })
    .catch((error: unknown) => answerUnexpected(request, response, path, error));
}

/** An error no route answered: in the caller's style while nothing was sent, else the connection ends. */
export function answerUnexpected(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  error: unknown,
): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const context = createRequestContext(request, response);
  sendStyleError(context.sink, errorCodecForPath(path, request.headers), asIrError(error));
}
