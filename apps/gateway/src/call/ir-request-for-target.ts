import { anthropicMessagesRequestToIr } from '@interlingua/anthropic-messages';
import { openAiChatCodec } from '@interlingua/openai-chat';
import { openAiResponsesCodec } from '@interlingua/openai-responses';
import { ok, type IrRequest, type Result } from '@interlingua/ir';
import { plainAnthropicRequestToIr } from './plain-anthropic-request.js';
import { plainChatRequestToIr } from './plain-chat-request.js';
import { plainResponsesRequestToIr } from './plain-responses-request.js';
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

/** Readers of the bodies agents send, by the request decoder they stand in for (see `plain-*-request.ts`). */
const HAND_READERS = new Map<unknown, (body: Record<string, unknown>) => IrRequest | undefined>([
  [anthropicMessagesRequestToIr, plainAnthropicRequestToIr],
  [openAiChatCodec.request.toIr, plainChatRequestToIr],
  [openAiResponsesCodec.request.toIr, plainResponsesRequestToIr],
]);

/** The caller's body in IR: a body of the shape agents send read by hand, any other through its style's schema. */
function decodeRequest(call: GenerationContext): Result<IrRequest> {
  const toIr = call.inbound.codec.request.toIr;
  const plain = HAND_READERS.get(toIr)?.(call.json);
  return plain ? ok(plain) : toIr(call.json);
}
