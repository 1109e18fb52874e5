import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkModelName, invalidRequest, type IrRequest } from '@interlingua/ir';
import { codecFor, type GenerationStyle } from '@interlingua/provider-adapters';
import type { CountTokensScope } from './route-scope.js';
import { admittedKey } from '../admit/request-key.js';
import type { RequestContext } from '../context/request-context.js';
import { readBody } from '../http/read-body.js';
import { bodyLimit } from '../admit/admission.js';
import { sendRoutedError } from '../commit/routed-error.js';
import { attachCall } from '../observe/request-observer.js';
import { countInputTokens, type TokenCount } from '../call/count-tokens.js';
import { CallOutcome } from '../context/call-outcome.js';
import { outcomeHeaders } from '../commit/commit-stream.js';
import { parseJsonObject } from './generation-route.js';
import { routeForKey } from './route-for-key.js';

/** How one style's count-tokens endpoint reads its request and writes its answer. */
export interface CountTokensRouteSpec {
  wire: GenerationStyle;
  /** The body in IR (the style's count-tokens decoder); throws `invalid-request` naming the field. */
  decode(json: Record<string, unknown>, request: IncomingMessage): IrRequest;
  /** The answer body for a count. */
  answer(count: TokenCount): unknown;
}

/**
 * A POST handler counting a request's input tokens for the model it names: authenticated and
 * routed like a generation, answered in the style's shape with `x-interlingua-route` (path
 * `count` or `estimate`) and `x-interlingua-warnings`; errors in the style's shape.
 */
export function countTokensRoute(gateway: CountTokensScope, spec: CountTokensRouteSpec) {
  const codec = codecFor(spec.wire);
  return async (request: IncomingMessage, _response: ServerResponse, context: RequestContext): Promise<void> => {
    let outcome: CallOutcome | undefined;
    try {
      const key = admittedKey(context);
      const json = parseJsonObject(await readBody(request, bodyLimit(gateway.config, 'count-tokens')));
      const ir = spec.decode(json, request);
      if (!ir.model) throw invalidRequest('model: a model name (string) is required', 'model');
      checkModelName(ir.model);
      const route = routeForKey(gateway.router, key, ir.model);
      // Observed like any call (log line, metrics by provider), without usage: counting is never charged tokens.
      outcome = new CallOutcome();
      outcome.attempted(route.targets[0]);
      attachCall(context, { model: ir.model, inbound: { wire: spec.wire }, outcome });
      const count = await countInputTokens({
        ir,
        inbound: spec.wire,
        route,
        headers: request.headers,
        requestId: context.requestId,
        signal: context.signal,
      });
      outcome.took(count.estimated ? 'estimate' : 'count', count.warnings);
      outcome.firstByte();
      context.sink.sendJson(200, spec.answer(count), outcomeHeaders(outcome));
    } catch (error) {
      sendRoutedError(context.sink, codec, error, outcome);
    }
  };
}
