import type { IrResponse } from '@interlingua/ir';
import { responseToStreamEvents } from '@interlingua/ir-utils';
import type { GatewayKey } from '../auth/api-keys.js';
import { callCost } from '../accounting/call-cost.js';
import { irRequestForTarget } from '../call/ir-request-for-target.js';
import type { RouteCacheConfig } from '../config/cache-schema.js';
import { DEFAULT_RESPONSE_CACHE_ENTRY_BYTES } from '../config/cache-schema.js';
import type { GenerationRequest, GenerationRun } from '../context/generation-call.js';
import type { RouteTarget } from '../context/route-target.js';
import { runGeneration } from '../plan/run-generation.js';
import type { CachedAnswer } from './answer-store.js';
import { cacheUse, keepable } from './cache-eligibility.js';
import { replayAnswer } from './cache-replay.js';
import { fleetTurn } from './fleet-fill.js';
import type { ResponseCache } from './response-cache.js';
import { responseCacheKey } from './response-cache-key.js';

/**
 * Runs a generation request through the response cache when its route has one
 * (`models[].cache.ttlSeconds`); every guard (key, model rules, limits, budgets) ran before. A
 * hit answers from the cache; a miss runs the call through the IR and keeps its answer when it
 * is complete and came from the target the key names; identical requests arriving meanwhile
 * wait for it instead of calling the upstream again. Answers say which in `x-interlingua-cache`.
 */
export function runCachedGeneration(
  cache: ResponseCache | undefined,
  key: Pick<GatewayKey, 'id' | 'cache'>,
  request: GenerationRequest,
  run: GenerationRun,
): Promise<void> {
  const settings = request.route.cache;
  const target = request.route.targets[0];
  // A route without a cache goes straight on: no async frame of its own on the fast path.
  if (!cache || settings?.ttlSeconds === undefined || !target) return runGeneration(request, run);
  return runThroughCache(cache, key, request, run, { settings, ttlSeconds: settings.ttlSeconds, target });
}

/** The cached way: bypass, hit (or a running identical call's answer) or miss. */
async function runThroughCache(
  cache: ResponseCache,
  key: Pick<GatewayKey, 'id' | 'cache'>,
  request: GenerationRequest,
  run: GenerationRun,
  { settings, ttlSeconds, target }: { settings: RouteCacheConfig; ttlSeconds: number; target: RouteTarget },
): Promise<void> {
  const warnings = run.outcome.warnings;
  const ir = irRequestForTarget(request, run);
  const use = cacheUse(key, request, ir);
  if (use.kind === 'bypass') {
    // A request kept out runs as without the cache: no decoding warnings on a body forwarded as is.
    run.outcome.warnings = warnings;
    run.outcome.cache = 'bypass';
    return runGeneration(request, run);
  }
  const entryKey = responseCacheKey(key.id, target, ir);
  if (use.read) {
    const running = cache.flights.running(entryKey);
    const found = running ? await waitFor(running, run) : await cache.store.get(entryKey).catch(() => undefined);
    if (found) return replayAnswer(request, run, target, found);
    if (run.signal.aborted) return run.sink.end();
  }
  run.outcome.cache = 'miss';
  const fill = { keyId: key.id, entryKey, target, settings, ttlMs: ttlSeconds * 1000 };
  await cache.flights.lead(entryKey, () => fillOrFollow(cache, fill, request, run));
}

/** Fills the entry, unless another instance of the fleet is filling it: then its answer is replayed. */
async function fillOrFollow(
  cache: ResponseCache,
  fill: Fill,
  request: GenerationRequest,
  run: GenerationRun,
): Promise<CachedAnswer | undefined> {
  const turn = await fleetTurn(cache.store, fill.entryKey, run.signal);
  if (!turn.fill) {
    await replayAnswer(request, run, fill.target, turn.answer);
    return turn.answer;
  }
  try {
    return await fillCache(cache, fill, request, run);
  } finally {
    if (turn.locked) await cache.store.unlock?.(fill.entryKey).catch(() => undefined);
  }
}

/** The answer a running identical call gives, unless the caller leaves first. */
async function waitFor(
  running: Promise<CachedAnswer | undefined>,
  run: GenerationRun,
): Promise<CachedAnswer | undefined> {
  const { signal } = run;
  if (signal.aborted) return undefined;
  let onAbort: (() => void) | undefined;
  const left = new Promise<undefined>((resolve) => {
    onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort);
  });
  try {
    return await Promise.race([running.catch(() => undefined), left]);
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

interface Fill {
  keyId: string;
  entryKey: string;
  target: RouteTarget;
  settings: RouteCacheConfig;
  ttlMs: number;
}

/** Runs the call through the IR and keeps its answer; gives the answer kept (what identical waiting requests replay). */
async function fillCache(
  cache: ResponseCache,
  fill: Fill,
  request: GenerationRequest,
  run: GenerationRun,
): Promise<CachedAnswer | undefined> {
  let complete: IrResponse | undefined;
  const { onIrResponse } = request.hooks;
  const filling: GenerationRequest = {
    ...request,
    forceTranslation: true,
    way: { ...request.way, relayable: false },
    hooks: {
      ...request.hooks,
      onIrResponse: async (response) => {
        await onIrResponse?.(response);
        complete = response;
      },
    },
  };
  await runGeneration(filling, run);
  const { outcome } = run;
  const answered = outcome.target;
  if (!complete || !answered || !sameTarget(answered, fill.target) || !keepable(complete, fill.settings))
    return undefined;
  const answer: CachedAnswer = {
    events: responseToStreamEvents(complete),
    keyId: fill.keyId,
    model: request.route.routeName,
    cost: callCost(request.ops ? { outcome, ops: request.ops } : { outcome }),
  };
  const maxBytes = fill.settings.maxEntryBytes ?? DEFAULT_RESPONSE_CACHE_ENTRY_BYTES;
  await cache.store.put(fill.entryKey, answer, fill.ttlMs, maxBytes).catch(() => false);
  return answer;
}

/** Only the target the key names fills its entry: a fallback's answer is never kept under the primary's key. */
function sameTarget(answered: RouteTarget, keyed: RouteTarget): boolean {
  return answered.settings.id === keyed.settings.id && answered.upstreamModel === keyed.upstreamModel;
}
