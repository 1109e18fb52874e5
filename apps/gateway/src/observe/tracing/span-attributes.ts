import type { Attributes } from '@opentelemetry/api';
import type { IrErrorData, IrUsage } from '@interlingua/ir';
import type { EndpointName } from '../../config/operations-schema.js';
import type { CallOutcome } from '../../context/generation-call.js';
import type { RouteTarget } from '../../context/route-target.js';
import type { ObservedCall } from '../../context/observed-call.js';
import { styleOfEndpoint, styleRecordOf } from '../../http/request-styles.js';

/**
 * The span attributes of the gateway's traces: OpenTelemetry GenAI semantic conventions
 * (`gen_ai.*`, `server.*`, `error.type`) plus what only the gateway knows (`interlingua.*`).
 * Never a message's content.
 */

/** `gen_ai.operation.name` for a call: generation styles chat (Gemini's `generate_content`), services by their name. */
export function operationName(endpoint: EndpointName, call: ObservedCall | undefined): string {
  const ofEndpoint = styleOfEndpoint(endpoint)?.operation;
  const ofWire = styleRecordOf(call?.inbound?.wire)?.operation;
  if (ofWire === 'generate_content' || ofEndpoint === 'generate_content') return 'generate_content';
  if (call?.service) return call.service;
  return ofEndpoint ?? endpoint;
}

const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  openai: 'openai',
  'openai-compatible': 'openai',
  anthropic: 'anthropic',
  gemini: 'gcp.gemini',
  vertex: 'gcp.vertex_ai',
  bedrock: 'aws.bedrock',
  'azure-openai': 'azure.ai.openai',
  mistral: 'mistral_ai',
  groq: 'groq',
  deepseek: 'deepseek',
  xai: 'x_ai',
  perplexity: 'perplexity',
  cohere: 'cohere',
};

/** `gen_ai.provider.name`: the semantic conventions' name for the provider type, else the type itself. */
export function providerName(target: RouteTarget): string {
  const type = target.settings.type;
  return PROVIDER_NAMES[type] ?? type;
}

/** What an attempt span knows when it starts: the target and where it is. */
export function attemptStartAttributes(operation: string, target: RouteTarget, attempt: number): Attributes {
  const attributes: Attributes = {
    'gen_ai.operation.name': operation,
    'gen_ai.provider.name': providerName(target),
    'gen_ai.request.model': target.upstreamModel,
    'interlingua.provider.id': target.settings.id,
    'interlingua.attempt': attempt,
  };
  const server = serverOf(target.settings.baseUrl);
  if (server) {
    attributes['server.address'] = server.address;
    attributes['server.port'] = server.port;
  }
  return attributes;
}

/** What an attempt span knows when its answer is over: usage, the answering model, finish reasons. */
export function answerAttributes(outcome: CallOutcome): Attributes {
  const attributes: Attributes = {};
  if (outcome.usage) Object.assign(attributes, usageAttributes(outcome.usage));
  if (outcome.responseModel) attributes['gen_ai.response.model'] = outcome.responseModel;
  if (outcome.finishReasons?.length) attributes['gen_ai.response.finish_reasons'] = outcome.finishReasons;
  return attributes;
}

/** `error.type` and, for an upstream's answer, its HTTP status. */
export function errorAttributes(error: IrErrorData): Attributes {
  const attributes: Attributes = { 'error.type': error.kind };
  if (error.status !== undefined && error.source === 'upstream') attributes['http.response.status_code'] = error.status;
  return attributes;
}

export function usageAttributes(usage: IrUsage): Attributes {
  const attributes: Attributes = {
    'gen_ai.usage.input_tokens': usage.inputTokens,
    'gen_ai.usage.output_tokens': usage.outputTokens,
  };
  if (usage.cacheReadTokens !== undefined) attributes['gen_ai.usage.cache_read.input_tokens'] = usage.cacheReadTokens;
  if (usage.cacheWriteTokens !== undefined)
    attributes['gen_ai.usage.cache_creation.input_tokens'] = usage.cacheWriteTokens;
  if (usage.reasoningTokens !== undefined) attributes['gen_ai.usage.reasoning.output_tokens'] = usage.reasoningTokens;
  return attributes;
}

/** What the request span says once the connection is done with the request. */
export interface FinishedRequest {
  endpoint: EndpointName;
  status: number;
  call?: ObservedCall | undefined;
  cost: number | null;
  keyId?: string | undefined;
  /** Each target tried, in order (`provider/model`). */
  chain: readonly string[];
}

export function requestEndAttributes(finished: FinishedRequest): Attributes {
  const { call, status } = finished;
  const outcome = call?.outcome;
  const attributes: Attributes = {
    'http.response.status_code': status,
    'gen_ai.operation.name': operationName(finished.endpoint, call),
  };
  if (finished.keyId) attributes['interlingua.key.id'] = finished.keyId;
  if (!call || !outcome) return attributes;
  attributes['gen_ai.request.model'] = call.model;
  if (call.stream !== undefined) attributes['interlingua.stream'] = call.stream;
  if (call.inbound) attributes['interlingua.caller.style'] = call.inbound.wire;
  const upstreamStyle = upstreamStyleOf(outcome.path, call.inbound?.wire);
  if (upstreamStyle) attributes['interlingua.upstream.style'] = upstreamStyle;
  if (outcome.path) attributes['interlingua.path'] = outcome.path;
  if (outcome.target) {
    attributes['gen_ai.provider.name'] = providerName(outcome.target);
    attributes['interlingua.provider.id'] = outcome.target.settings.id;
    attributes['interlingua.upstream.model'] = outcome.target.upstreamModel;
  }
  attributes['interlingua.attempts'] = outcome.attempts;
  if (finished.chain.length > 0) attributes['interlingua.fallback.chain'] = [...finished.chain];
  if (outcome.warnings.length > 0)
    attributes['interlingua.warnings'] = outcome.warnings.map((warning) => `${warning.kind}: ${warning.field}`);
  const carriers = call.reasoning?.carriers;
  if (carriers && carriers.sealed + carriers.opened + carriers.dropped > 0) {
    attributes['interlingua.reasoning.carriers_sealed'] = carriers.sealed;
    attributes['interlingua.reasoning.carriers_opened'] = carriers.opened;
    attributes['interlingua.reasoning.carriers_dropped'] = carriers.dropped;
  }
  if (finished.cost !== null) attributes['interlingua.cost'] = finished.cost;
  if (outcome.usageEstimated) attributes['interlingua.usage.estimated'] = true;
  Object.assign(attributes, answerAttributes(outcome));
  if (outcome.lastError) attributes['interlingua.last_error.type'] = outcome.lastError.kind;
  return attributes;
}

/** The upstream's style: the caller's on the fast path, the right side of `translated:<from>><to>`. */
function upstreamStyleOf(path: string | undefined, callerWire: string | undefined): string | undefined {
  if (path === 'fast') return callerWire;
  if (path?.startsWith('translated:')) return path.slice(path.indexOf('>') + 1);
  return path;
}

/** Each provider's host and port, parsed from its base URL once rather than once per attempt. */
const servers = new Map<string, { address: string; port: number } | undefined>();

function serverOf(baseUrl: string): { address: string; port: number } | undefined {
  if (servers.has(baseUrl)) return servers.get(baseUrl);
  const server = parseServer(baseUrl);
  // Base URLs come from the config: a reload may bring new ones, so the map is kept small.
  if (servers.size >= 256) servers.clear();
  servers.set(baseUrl, server);
  return server;
}

function parseServer(baseUrl: string): { address: string; port: number } | undefined {
  try {
    const url = new URL(baseUrl);
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    return { address: url.hostname.replace(/^\[|\]$/g, ''), port };
  } catch {
    return undefined;
  }
}
