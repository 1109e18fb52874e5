import type { StyleCodec } from '@interlingua/ir';
import { bedrockConverseRequestToIr } from './bedrock-converse-request-to-ir.js';
import { bedrockConverseResponseToIr } from './bedrock-converse-response-to-ir.js';
import { bedrockErrorToIr, irToBedrockError } from './bedrock-converse-error.js';
import { createBedrockConverseStreamDecoder } from './bedrock-converse-stream-decoder.js';
import { createBedrockConverseStreamEncoder } from './bedrock-converse-stream-encoder.js';
import { bedrockModelContext, type BedrockModelContext } from './bedrock-model-family.js';
import { BEDROCK_CONVERSE_STYLE_ID, irToBedrockConverseRequest } from './ir-to-bedrock-converse-request.js';
import { irToBedrockConverseResponse } from './ir-to-bedrock-converse-response.js';

/**
 * The Bedrock Converse codec for one model: Converse answers do not name their model, and
 * reasoning signatures are tagged with the model's family (`anthropic` for Claude, `bedrock`
 * otherwise), so the codec is made per call. Streams are `SseMessage`s named by ConverseStream
 * event type (see `createBedrockEventStreamParser` for the binary framing).
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
 */
export function createBedrockConverseCodec(context: BedrockModelContext | string): StyleCodec<unknown, unknown> {
  const model = typeof context === 'string' ? bedrockModelContext(context) : context;
  return {
    id: BEDROCK_CONVERSE_STYLE_ID,
    request: {
      toIr: (wire) => bedrockConverseRequestToIr(wire, model),
      fromIr: (ir) => irToBedrockConverseRequest(ir, model),
    },
    response: { toIr: (wire) => bedrockConverseResponseToIr(wire, model), fromIr: irToBedrockConverseResponse },
    stream: {
      createDecoder: () => createBedrockConverseStreamDecoder(model),
      createEncoder: createBedrockConverseStreamEncoder,
    },
    error: { toIr: (status, body) => bedrockErrorToIr(status, body), fromIr: irToBedrockError },
  };
}
