import type { IrRequest, IrResponse, IrWarning } from '@interlingua/ir';
import { safeJsonParse } from '@interlingua/ir-utils';
import { codecFor, type GenerationStyle } from '@interlingua/provider-adapters';
import type { ServiceCall, ServiceTarget } from './service-call.js';
import { fetchServiceAnswer, serviceUpstreamRequest } from './service-upstream.js';
import { invalidUpstreamBody } from '../call/translated-path.js';

/**
 * One non-streamed call of a service that a generation wire serves (Gemini `generateContent`
 * for images, speech and transcripts): the IR request encoded by the wire's codec, sent to the
 * service endpoint, the answer decoded back to IR. Records the path, warnings and usage.
 */
export async function serviceThroughIr(
  call: ServiceCall,
  serving: ServiceTarget,
  wire: GenerationStyle,
  ir: IrRequest,
  warnings: readonly IrWarning[],
): Promise<IrResponse> {
  const { target } = serving;
  const codec = codecFor(wire);
  const encoded = codec.request.fromIr(ir);
  call.outcome.took(`translated:${call.service.split('.')[0]}>${wire}`, [...warnings, ...encoded.warnings]);
  const endpoint = serving.endpoint.endpoint(target.settings, target.upstreamModel);
  const request = serviceUpstreamRequest(call, serving, endpoint, JSON.stringify(encoded.value), 'application/json');
  const answer = await fetchServiceAnswer(call, serving, request, codec);
  const parsed = safeJsonParse(answer.body.toString('utf8'));
  if (!parsed.ok) throw invalidUpstreamBody(parsed.error);
  const response = codec.response.toIr(parsed.value).value;
  if (response.usage) call.outcome.used(response.usage);
  return response;
}
