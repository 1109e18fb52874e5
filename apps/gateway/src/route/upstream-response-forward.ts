import { codecFor, fetchUpstream, requestSigner, type UpstreamRequest } from '@interlingua/provider-adapters';
import type { ModelCatalog } from './route-scope.js';
import type { RequestContext } from '../context/request-context.js';
import { upstreamHttpError } from '../call/upstream-request.js';
import { redactConfiguredSecrets } from '../call/upstream-error-redaction.js';
import { isResponsesTarget } from '../responses/responses-targets.js';
import { responseNotFound } from '../responses/response-store.js';
import type { UpstreamOwner } from '../responses/upstream-response-owners.js';
import { OPENAI_RESPONSES } from '../http/request-styles.js';

/** Largest answer read back from an upstream for a stored response or its input items. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** What to ask the upstream that holds a response: `GET` it, its `input_items`, or `DELETE` it. */
export interface OwnerRequest {
  method: 'GET' | 'DELETE';
  /** After `/responses/{id}`: '' or '/input_items'. */
  suffix: '' | '/input_items';
  /** The caller's query string (`?limit=…`), passed on as is. */
  search: string;
}

/**
 * Asks the OpenAI Responses upstream that holds response `id` (it went through the gateway as
 * is) with the provider's own credentials, and answers the caller with what it said: its status
 * and JSON body, errors in the OpenAI shape. A provider no longer configured, or no longer
 * speaking OpenAI Responses, leaves the id unknown (404).
 */
export async function answerFromOwner(
  gateway: Pick<ModelCatalog, 'providers'>,
  context: RequestContext,
  owner: UpstreamOwner,
  id: string,
  ask: OwnerRequest,
): Promise<void> {
  const provider = gateway.providers.get(owner.provider);
  const target = provider ? { ...provider, upstreamModel: owner.model, weight: 1, priority: 0 } : undefined;
  if (!target || target.adapter.kind !== 'http' || !isResponsesTarget(target)) throw responseNotFound(id);
  const { adapter, settings } = target;
  const endpoint = adapter.generation({ settings, model: owner.model, stream: false });
  const url = new URL(endpoint.url);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/${encodeURIComponent(id)}${ask.suffix}`;
  const query = new URLSearchParams(ask.search);
  for (const [name, value] of query) url.searchParams.append(name, value);
  const request: UpstreamRequest = {
    url: url.toString(),
    method: ask.method,
    headers: { ...endpoint.headers },
    ...requestSigner(adapter, settings),
  };
  if (settings.timeouts) request.timeouts = settings.timeouts;
  if (settings.dispatcher) request.dispatcher = settings.dispatcher;
  const answer = await fetchUpstream(request, MAX_ANSWER_BYTES);
  if (answer.status >= 400) throw upstreamHttpError(codecFor(OPENAI_RESPONSES), answer, answer.body, adapter, settings);
  // Always JSON: an upstream's own content type is not served on the gateway's origin. A stored
  // answer that echoes the provider's own secrets reaches the caller without them.
  const text = answer.body.toString('utf8');
  const redacted = redactConfiguredSecrets(text, settings);
  context.sink.send(answer.status, 'application/json', redacted === text ? answer.body : Buffer.from(redacted));
}
