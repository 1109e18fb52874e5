import { unsupported, type IrWarning } from '@interlingua/ir';
import { safeJsonParse } from '@interlingua/ir-utils';
import { serviceErrorCodec, type LocalProviderAdapter } from '@interlingua/provider-adapters';
import { JSON_CONTENT_TYPE, requireJsonAnswer } from '../http/answer-content-type.js';
import type { RouteTarget } from '../plan/model-router.js';
import { invalidUpstreamBody } from '../call/translated-path.js';
import type { ServiceCall, ServiceTarget } from './service-call.js';
import { fetchServiceAnswer, serviceUpstreamRequest } from './service-upstream.js';

/**
 * Refuses, before anything is sent, a call whose route has no provider serving the service
 * (HTTP `services`, or the in-process `member`): a 400 naming the providers. Never a fake answer.
 */
export function requireService(call: ServiceCall, member: 'embed' | 'rerank'): void {
  const serves = call.route.targets.some(({ adapter }) =>
    adapter.kind === 'local' ? adapter[member] !== undefined : adapter.services?.[call.service] !== undefined,
  );
  if (serves) return;
  const providers = [...new Set(call.route.targets.map((target) => `"${target.settings.id}"`))].join(', ') || 'none';
  throw unsupported(
    `${call.service} ${call.service === 'embeddings' ? 'are' : 'is'} not supported by provider ${providers} (model "${call.model}")`,
    'model',
  );
}

/** The route's first target when it is an in-process provider that answers `member` (the mock); the call is then answered locally. */
export function localTarget(
  call: ServiceCall,
  member: 'embed' | 'rerank' | 'images' | 'speech' | 'transcribe',
): { target: RouteTarget; adapter: LocalProviderAdapter } | undefined {
  const target = call.route.targets[0];
  if (target?.adapter.kind !== 'local' || !target.adapter[member]) return undefined;
  call.outcome.attempted(target);
  call.outcome.took('local');
  return { target, adapter: target.adapter };
}

/**
 * Sends a JSON body to a service endpoint and returns the answer's raw bytes and parsed JSON.
 * Error statuses become `IrError`s (adapter `mapError` hook first, then the wire's error
 * codec); a body that is not JSON is a 502.
 */
export async function postServiceJson(
  call: ServiceCall,
  serving: ServiceTarget,
  body: string | Buffer,
): Promise<{ bytes: Buffer; json: unknown; contentType: string }> {
  const { target } = serving;
  const endpoint = serving.endpoint.endpoint(target.settings, target.upstreamModel);
  const request = serviceUpstreamRequest(call, serving, endpoint, body, 'application/json');
  const answer = await fetchServiceAnswer(call, serving, request, serviceErrorCodec(serving.endpoint));
  requireJsonAnswer(answer.headers);
  const parsed = safeJsonParse(answer.body.toString('utf8'));
  if (!parsed.ok) throw invalidUpstreamBody(parsed.error);
  return { bytes: answer.body, json: parsed.value, contentType: JSON_CONTENT_TYPE };
}

/** Records a translation on the call: its path and the warnings of both directions. */
export function noteTranslation(
  call: ServiceCall,
  path: string,
  ...warnings: ReadonlyArray<readonly IrWarning[]>
): void {
  call.outcome.took(path, warnings.flat());
}
