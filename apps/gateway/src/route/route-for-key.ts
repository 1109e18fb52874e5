import { IrError } from '@interlingua/ir';
import { keyAllowsModel, type GatewayKey } from '../auth/api-keys.js';
import type { ModelRouter, ResolvedRoute } from '../plan/model-router.js';
import { gatewayError } from '../http/style-errors.js';

/**
 * The one check of "this key may use this model": a 403 `model_not_allowed` in the caller's style otherwise.
 * `param` names the field for styles that carry the model in the body (`model`); path-addressed models leave it out.
 */
export function checkKeyMayUseModel(key: GatewayKey, model: string, param: 'model' | null = 'model'): void {
  if (keyAllowsModel(key, model)) return;
  throw new IrError({
    kind: 'permission',
    message: `This API key may not use model "${model}"`,
    code: 'model_not_allowed',
    ...(param ? { param } : {}),
    source: 'gateway',
  });
}

/** The route a key may take for `model`: the key's model rules first, then the router (404 when nothing routes it). */
export function routeForKey(router: Pick<ModelRouter, 'resolve'>, key: GatewayKey, model: string): ResolvedRoute {
  checkKeyMayUseModel(key, model);
  const route = router.resolve(model);
  if (!route) throw modelNotFound(model);
  return route;
}

export function modelNotFound(model: string): IrError {
  return gatewayError('not-found', `The model "${model}" does not exist or is not routed by this gateway`, {
    code: 'model_not_found',
    param: 'model',
  });
}
