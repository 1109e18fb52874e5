/** @interlingua/translate/anthropic-messages: the Anthropic Messages codec and its wire types. */
export {
  anthropicMessagesCodec,
  type AnthropicMessagesRequest,
  type AnthropicMessagesResponse,
  type AnthropicMessagesStreamEvent,
} from '@interlingua/anthropic-messages';
