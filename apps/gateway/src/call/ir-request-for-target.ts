import { anthropicMessagesRequestToIr } from '@interlingua/anthropic-messages';
import { ok, type IrRequest, type Result } from '@interlingua/ir';
import { plainAnthropicRequestToIr } from './plain-anthropic-request.js';
import type { GenerationContext } from '../context/generation-call.js';

/**
 * The caller's request in IR, addressed to the current target: decoded once per call (kept as
 * the call's `preparedIr`), then copied with the target's model id and the route's default
 * output limit.
 */
export function irRequestForTarget(call: GenerationContext): IrRequest {
  let entry = call.preparedIr;
  if (!entry) {
    const result = decodeRequest(call);
    entry = { ir: { ...result.value, ...call.irOverrides }, warnings: result.warnings };
    call.preparedIr = entry;
  }
  const target = call.outcome.target;
  call.outcome.warnings = [...entry.warnings];
  const ir: IrRequest = { ...entry.ir, model: target?.upstreamModel ?? entry.ir.model };
  if (ir.maxOutputTokens === undefined && call.route.defaultMaxOutputTokens !== undefined)
    ir.maxOutputTokens = call.route.defaultMaxOutputTokens;
  return ir;
}

/** The caller's body in IR: a plain Anthropic Messages body read by hand, any other through its style's schema. */
function decodeRequest(call: GenerationContext): Result<IrRequest> {
  const toIr = call.inbound.codec.request.toIr;
  const plain = toIr === anthropicMessagesRequestToIr ? plainAnthropicRequestToIr(call.json) : undefined;
  return plain ? ok(plain) : toIr(call.json);
}
