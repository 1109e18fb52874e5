import { anthropicMessagesRequestToIr } from '@interlingua/anthropic-messages';
import { openAiChatCodec } from '@interlingua/openai-chat';
import { openAiResponsesCodec } from '@interlingua/openai-responses';
import { ok, type IrRequest, type Result } from '@interlingua/ir';
import { plainAnthropicRequestToIr } from './plain-anthropic-request.js';
import { plainChatRequestToIr } from './plain-chat-request.js';
import { plainResponsesRequestToIr } from './plain-responses-request.js';
import type { GenerationRequest, GenerationRun } from '../context/generation-call.js';

/** What the request's IR is made from: the caller's style and body, the URL's overrides, what the route prepared, the route's defaults. */
export type DecodableRequest = Pick<GenerationRequest, 'inbound' | 'json' | 'irOverrides' | 'preparedIr' | 'route'>;

/**
 * The caller's request in IR, addressed to the current target (`outcome.target`): decoded once
 * per call (the route's `preparedIr`, or the body; kept as the run's `decoded`), then copied
 * with the target's model id and the route's default output limit.
 */
export function irRequestForTarget(
  request: DecodableRequest,
  run: Pick<GenerationRun, 'decoded' | 'outcome'>,
): IrRequest {
  let entry = run.decoded ?? request.preparedIr;
  if (!entry) {
    const result = decodeRequest(request);
    entry = { ir: { ...result.value, ...request.irOverrides }, warnings: result.warnings };
  }
  run.decoded = entry;
  const target = run.outcome.target;
  run.outcome.warnings = [...entry.warnings];
  const ir: IrRequest = { ...entry.ir, model: target?.upstreamModel ?? entry.ir.model };
  if (ir.maxOutputTokens === undefined && request.route.defaultMaxOutputTokens !== undefined)
    ir.maxOutputTokens = request.route.defaultMaxOutputTokens;
  return ir;
}

/** Readers of the bodies agents send, by the request decoder they stand in for (see `plain-*-request.ts`). */
const HAND_READERS = new Map<unknown, (body: Record<string, unknown>) => IrRequest | undefined>([
  [anthropicMessagesRequestToIr, plainAnthropicRequestToIr],
  [openAiChatCodec.request.toIr, plainChatRequestToIr],
  [openAiResponsesCodec.request.toIr, plainResponsesRequestToIr],
]);

/** The caller's body in IR: a body of the shape agents send read by hand, any other through its style's schema. */
function decodeRequest({ inbound, json }: Pick<GenerationRequest, 'inbound' | 'json'>): Result<IrRequest> {
  const toIr = inbound.codec.request.toIr;
  const plain = HAND_READERS.get(toIr)?.(json);
  return plain ? ok(plain) : toIr(json);
}
