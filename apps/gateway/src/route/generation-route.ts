import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkModelName, invalidRequest } from '@interlingua/ir';
import { codecFor, type GenerationStyle } from '@interlingua/provider-adapters';
import type { GatewayKey } from '../auth/api-keys.js';
import type { GenerationScope } from './route-scope.js';
import { admittedKey } from '../admit/request-key.js';
import type { RequestContext } from '../context/request-context.js';
import type { RequestHead } from '../http/request-head.js';
import { readBody, requestTooLarge } from '../http/read-body.js';
import { sendStyleError, asIrError } from '../http/style-errors.js';
import { sseFramer, type StreamFramer } from '../http/stream-framer.js';
import type { GenerationRequest, GenerationRequestDraft, GenerationRun } from '../context/generation-call.js';
import { CallOutcome } from '../context/call-outcome.js';
import type { ObservedCall } from '../context/observed-call.js';
import { answerAsks, requestWay } from '../plan/request-way.js';
import { runCachedGeneration } from '../cache/cached-generation.js';
import { runMcpLoopGeneration } from '../mcp-loop/mcp-loop-generation.js';
import { sendRoutedError } from '../commit/routed-error.js';
import { attachCall } from '../observe/request-observer.js';
import { captureMessageContent } from '../observe/tracing/capture-message-content.js';
import { bodyLimit } from '../admit/admission.js';
import { sizeBudgetHolds } from '../accounting/budget-sizing.js';
import { STYLE_RECORDS } from '../http/request-styles.js';
import { checkForwardedMediaUrls } from '../services/forwarded-media-urls.js';
import { remoteMediaStep } from '../services/remote-media-step.js';
import { checkRequiredFields } from './required-fields.js';
import { firstTargetSpeaks, parseRequestBody } from './request-body.js';

export { parseJsonObject } from './request-body.js';
import { reasoningContext } from '../reasoning/reasoning-context.js';
import { routeForKey } from './route-for-key.js';

/** What a generation route reads from the request beside its body. */
export interface GenerationTarget {
  model: string;
  stream: boolean;
  framer: StreamFramer;
  irOverrides?: GenerationRequestDraft['irOverrides'];
}

export interface GenerationRouteSpec {
  wire: GenerationStyle;
  /** Model, stream flag and framing; by default `model` and `stream` from the body, SSE framing. */
  target?(request: RequestHead, json: Record<string, unknown>): GenerationTarget;
  /**
   * Adjusts the request before it runs (stored state, a per-request codec with echoed fields,
   * `preparedIr`, `onIrResponse`, fewer targets); may throw an `IrError` for the caller. Its
   * hooks may note what they see in the run's `outcome`.
   */
  prepare?(request: GenerationRequestDraft, key: GatewayKey, outcome: CallOutcome): void | Promise<void>;
}

/**
 * Runs one generation request whose body is read: what the route reads of it, then
 * `runGeneration`; any error is answered on the context's sink in the route's style. The HTTP
 * route and a Responses WebSocket turn both run it.
 */
export type GenerationRunner = (request: RequestHead, rawBody: Buffer, context: RequestContext) => Promise<void>;

/** A POST handler that runs one generation request of the given style end to end. */
export function generationRoute(gateway: GenerationScope, spec: GenerationRouteSpec) {
  const run = generationRun(gateway, spec);
  const codec = codecFor(spec.wire);
  const limit = bodyLimit(gateway.config, STYLE_RECORDS[spec.wire].endpoint);
  return async (request: IncomingMessage, _response: ServerResponse, context: RequestContext): Promise<void> => {
    let rawBody: Buffer;
    try {
      rawBody = await readBody(request, limit);
    } catch (error) {
      sendStyleError(context.sink, codec, asIrError(error));
      return;
    }
    await run(request, rawBody, context);
  };
}

/** The generation request of a route whose body is already at hand (a WebSocket turn's message): checked against the body limit first. */
export function generationRun(gateway: GenerationScope, spec: GenerationRouteSpec): GenerationRunner {
  const codec = codecFor(spec.wire);
  const readTarget = spec.target ?? bodyTarget;
  const limit = bodyLimit(gateway.config, STYLE_RECORDS[spec.wire].endpoint);
  return async (head, rawBody, context) => {
    let outcome: CallOutcome | undefined;
    try {
      if (rawBody.length > limit) throw requestTooLarge(limit);
      const key = admittedKey(context);
      const json = parseRequestBody(rawBody, spec.wire, (model) =>
        firstTargetSpeaks(gateway.router.resolve(model), spec.wire),
      );
      const target = readTarget(head, json);
      checkRequiredFields(spec.wire, json);
      checkForwardedMediaUrls(spec.wire, json, gateway.config.media);
      const route = routeForKey(gateway.router, key, target.model);
      outcome = new CallOutcome();
      await sizeBudgetHolds(gateway, context, key, route, json, rawBody.length);
      const request: GenerationRequestDraft = {
        inbound: { wire: spec.wire, codec },
        json,
        rawBody,
        model: target.model,
        stream: target.stream,
        route,
        requestId: context.requestId,
        headers: head.headers,
        framer: target.framer,
        ...(target.irOverrides ? { irOverrides: target.irOverrides } : {}),
        limits: { maxUpstreamBodyBytes: gateway.config.server.maxUpstreamBodyBytes },
        ops: gateway.ops.call,
        hooks: { prepareUpstreamIr: remoteMediaStep(gateway) },
        reasoning: reasoningContext({
          secret: gateway.config.responses.compaction.secret,
          previousSecrets: gateway.config.responses.compaction.previousSecrets,
          logger: gateway.ops.runtime.logger,
          keyId: key.id,
          callerWire: spec.wire,
          callerBody: json,
          policy: route.foreignReasoning,
        }),
      };
      const run: GenerationRun = {
        outcome,
        sink: context.sink,
        signal: context.signal,
        abort: (reason) => context.abort(reason),
      };
      attachCall(context, observedGeneration(request, run));
      await spec.prepare?.(request, key, run.outcome);
      const trace = context.tracked?.trace;
      if (trace && gateway.ops.runtime.tracer?.capturesContent) captureMessageContent(request, run, trace);
      // The draft becomes the request: its way and asks are added to it, not to a copy of its
      // seventeen fields (a spread of the whole request costs the fast path more than both).
      const ready: GenerationRequest = Object.assign(request, { way: requestWay(request), asks: answerAsks(request) });
      await runMcpLoopGeneration(gateway, context, key, ready, run, () =>
        runCachedGeneration(gateway.ops.runtime.responseCache, key, ready, run),
      );
    } catch (error) {
      sendRoutedError(context.sink, codec, error, outcome);
    }
  };
}

/** What the request observer reads of a generation call (taken when the route attaches it). */
function observedGeneration(request: GenerationRequestDraft, run: GenerationRun): ObservedCall {
  const { model, inbound, stream, rawBody, ops, reasoning } = request;
  return { model, outcome: run.outcome, inbound, stream, rawBody, ops, reasoning };
}

/** `model` and `stream` read from the JSON body, SSE framing. */
export function bodyTarget(_request: RequestHead, json: Record<string, unknown>): GenerationTarget {
  const model = json.model;
  if (typeof model !== 'string' || model.length === 0)
    throw invalidRequest('model: a model name (string) is required', 'model');
  if (json.stream !== undefined && json.stream !== null && typeof json.stream !== 'boolean')
    throw invalidRequest('stream: must be a boolean', 'stream');
  return { model: checkModelName(model), stream: json.stream === true, framer: sseFramer() };
}
