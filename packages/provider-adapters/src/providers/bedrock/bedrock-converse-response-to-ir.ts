import type { IrResponse, Result } from '@interlingua/ir';
import { IrError } from '@interlingua/ir';
import { bedrockBlockToIr } from './bedrock-converse-block-to-ir.js';
import { bedrockConverseResponseSchema } from './bedrock-converse-schema.js';
import { bedrockUsageToIr } from './bedrock-converse-usage.js';
import { bedrockResponseId, type BedrockModelContext } from './bedrock-model-family.js';
import { bedrockStopReasonToIr } from './map/bedrock-stop-reason.js';

/**
 * A `Converse` answer -> IR. The answer names neither its model nor an id: the model comes from
 * the call, the id is generated. Unknown fields and blocks are ignored; a body that is not a
 * Converse answer throws IrError `upstream-error`.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html#API_runtime_Converse_ResponseSyntax
 */
export function bedrockConverseResponseToIr(wire: unknown, context: BedrockModelContext): Result<IrResponse> {
  const parsed = bedrockConverseResponseSchema.safeParse(wire);
  if (!parsed.success) {
    throw new IrError({
      kind: 'upstream-error',
      message: `The upstream answer is not a Bedrock Converse response: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      source: 'upstream',
      raw: wire,
    });
  }
  const body = parsed.data;
  const content = body.output.message.content.flatMap((block) => bedrockBlockToIr(block, context, new Map()));
  const response: IrResponse = {
    id: bedrockResponseId(),
    model: context.modelId,
    created: Math.floor(Date.now() / 1000),
    choices: [{ index: 0, content, finishReason: bedrockStopReasonToIr(body.stopReason) }],
  };
  if (body.usage) response.usage = bedrockUsageToIr(body.usage);
  return { value: response, warnings: [] };
}
