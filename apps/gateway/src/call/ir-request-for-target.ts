import { ok, type IrRequest, type Result, type StyleCodec } from '@interlingua/ir';
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
    const result = decodeRequestBody(request.inbound.codec, request.json);
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

/**
 * A caller's body in IR: a body of the shape agents send read by the codec's fast reader (its
 * `request.readPlain`, when the style has one), any other through the style's schema.
 */
export function decodeRequestBody(
  codec: Pick<StyleCodec<unknown, unknown>, 'request'>,
  json: Record<string, unknown>,
): Result<IrRequest> {
  const plain = codec.request.readPlain?.(json);
  return plain ? ok(plain) : codec.request.toIr(json);
}
