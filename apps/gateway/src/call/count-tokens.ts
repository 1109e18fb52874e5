import type { IncomingHttpHeaders } from 'node:http';
import type { IrRequest, IrWarning, Result } from '@interlingua/ir';
import { irToAnthropicCountTokensRequest } from '@interlingua/anthropic-messages';
import { safeJsonParse } from '@interlingua/ir-utils';
import {
  codecFor,
  fetchUpstream,
  requestSigner,
  type GenerationStyle,
  type HttpProviderAdapter,
  type StopSignal,
  type UpstreamEndpoint,
} from '@interlingua/provider-adapters';
import type { ResolvedRoute, RouteTarget } from '../context/route-target.js';
import { estimateInputTokens } from '../accounting/input-token-estimate.js';
import { invalidUpstreamBody } from './translated-path.js';
import { pickForwardedHeaders, upstreamHttpError } from './upstream-request.js';
import { withoutCarriers } from '../reasoning/open-carriers.js';
import { ANTHROPIC_MESSAGES, STYLE_BODY_FIELDS } from '../http/request-styles.js';
import { gatewayError } from '../http/style-errors.js';

/** Largest token-count answer read from an upstream. */
const MAX_COUNT_BODY_BYTES = 1024 * 1024;

/** What the count-tokens routes of every style hand over. */
export interface CountTokensInput {
  /** The request to count, decoded by the caller style's count-tokens helper. */
  ir: IrRequest;
  /** The caller's style (names the count field in warnings). */
  inbound: GenerationStyle;
  route: ResolvedRoute;
  /** Caller headers, for the adapter's forwarded ones (`anthropic-beta`). */
  headers: IncomingHttpHeaders;
  requestId: string;
  signal: StopSignal;
}

export interface TokenCount {
  inputTokens: number;
  /** True when counted by the gateway's local estimate rather than by the upstream. */
  estimated: boolean;
  warnings: IrWarning[];
  /** The target that was asked (or estimated for). */
  target: RouteTarget;
}

/** Wires whose count body has its own encoder (Anthropic: no `max_tokens`, hence no warning about it). */
const COUNT_ENCODERS: Partial<Record<GenerationStyle, (ir: IrRequest) => Result<unknown>>> = {
  [ANTHROPIC_MESSAGES]: irToAnthropicCountTokensRequest,
};

/**
 * Counts the input tokens of a request for the route's first target: natively where the
 * upstream's wire has a count endpoint (Anthropic `count_tokens`, Gemini `:countTokens`, OpenAI
 * `responses/input_tokens`), otherwise by the local estimate of `estimateInputTokens` with an
 * `approximated` warning. Upstream errors are thrown as `IrError`s (no fallback: a count is only
 * worth something for the model that will answer).
 */
export async function countInputTokens(input: CountTokensInput): Promise<TokenCount> {
  const target = input.route.targets[0];
  if (!target) throw gatewayError('upstream-unavailable', `No provider is configured for model "${input.ir.model}"`);
  const adapter = target.adapter;
  const endpoint =
    adapter.kind === 'http' ? adapter.countTokens?.endpoint(target.settings, target.upstreamModel) : undefined;
  if (adapter.kind === 'local' || !endpoint) {
    const reason = `provider "${target.settings.id}" has no token-count endpoint`;
    return {
      inputTokens: estimateInputTokens(input.ir),
      estimated: true,
      warnings: [estimateWarning(input.inbound, reason)],
      target,
    };
  }
  return countUpstream(input, target, adapter, endpoint);
}

async function countUpstream(
  input: CountTokensInput,
  target: RouteTarget,
  adapter: HttpProviderAdapter,
  endpoint: UpstreamEndpoint,
): Promise<TokenCount> {
  const count = adapter.countTokens;
  if (!count) throw new Error('adapter without countTokens');
  const wire = adapter.wire(target.settings, target.upstreamModel);
  const ir: IrRequest = {
    ...input.ir,
    messages: withoutCarriers(input.ir.messages),
    model: target.upstreamModel,
    stream: false,
  };
  if (ir.maxOutputTokens === undefined && input.route.defaultMaxOutputTokens !== undefined)
    ir.maxOutputTokens = input.route.defaultMaxOutputTokens;
  const encoded =
    (typeof wire === 'string' ? COUNT_ENCODERS[wire] : undefined)?.(ir) ?? codecFor(wire).request.fromIr(ir);
  const wireRequest = { ...(encoded.value as Record<string, unknown>) };
  const hookWarnings =
    adapter.hooks?.patchRequest?.(wireRequest, {
      settings: target.settings,
      model: target.upstreamModel,
      stream: false,
    }) ?? [];
  const headers = pickForwardedHeaders(input.headers, adapter.forwardHeaders, target.settings.forwardHeaders);
  Object.assign(headers, endpoint.headers, { 'x-request-id': input.requestId });
  Object.assign(headers, adapter.hooks?.requestHeaders?.({ mcpServers: ir.mcpServers !== undefined }, headers));
  const answer = await fetchUpstream(
    {
      url: endpoint.url,
      method: 'POST',
      headers,
      body: JSON.stringify(count.body(wireRequest, target.upstreamModel)),
      signal: input.signal,
      // Signed as generation is (SigV4, OAuth tokens).
      ...requestSigner(adapter, target.settings),
      ...(target.settings.timeouts ? { timeouts: target.settings.timeouts } : {}),
      ...(target.settings.dispatcher ? { dispatcher: target.settings.dispatcher } : {}),
    },
    MAX_COUNT_BODY_BYTES,
  );
  if (answer.status >= 400) throw upstreamHttpError(codecFor(wire), answer, answer.body, adapter, target.settings);
  const parsed = safeJsonParse(answer.body.toString('utf8'));
  if (!parsed.ok) throw invalidUpstreamBody(parsed.error);
  const inputTokens = count.parse(parsed.value);
  if (inputTokens === undefined) throw invalidUpstreamBody('the token-count answer holds no count');
  return { inputTokens, estimated: false, warnings: [...encoded.warnings, ...hookWarnings], target };
}

function estimateWarning(inbound: GenerationStyle, reason: string): IrWarning {
  return {
    kind: 'approximated',
    field: STYLE_BODY_FIELDS[inbound].countField,
    message: `estimated locally (characters/4 over message, system and tool text; files not counted) because ${reason}`,
  };
}

export { estimateInputTokens };
