import type { StyleCodec } from '@interlingua/ir';
import { anthropicErrorToIr } from './anthropic-messages-error-to-ir.js';
import type { AnthropicMessagesRequest } from './anthropic-messages-request-schema.js';
import { anthropicMessagesRequestToIr } from './anthropic-messages-request-to-ir.js';
import type { AnthropicMessagesResponse } from './anthropic-messages-strict-response-schema.js';
import { anthropicMessagesResponseToIr } from './anthropic-messages-response-to-ir.js';
import { createAnthropicMessagesStreamDecoder } from './anthropic-messages-stream-decoder.js';
import { createAnthropicMessagesStreamEncoder } from './anthropic-messages-stream-encoder.js';
import { irToAnthropicError } from './ir-to-anthropic-messages-error.js';
import { irToAnthropicMessagesRequest } from './ir-to-anthropic-messages-request.js';
import { irToAnthropicMessagesResponse } from './ir-to-anthropic-messages-response.js';

/** The Anthropic Messages style (`POST /v1/messages`) to and from the IR. */
export const anthropicMessagesCodec = {
  id: 'anthropic-messages',
  request: { toIr: anthropicMessagesRequestToIr, fromIr: irToAnthropicMessagesRequest },
  response: { toIr: anthropicMessagesResponseToIr, fromIr: irToAnthropicMessagesResponse },
  stream: { createDecoder: createAnthropicMessagesStreamDecoder, createEncoder: createAnthropicMessagesStreamEncoder },
  error: { toIr: anthropicErrorToIr, fromIr: irToAnthropicError },
} satisfies StyleCodec<AnthropicMessagesRequest, AnthropicMessagesResponse>;
