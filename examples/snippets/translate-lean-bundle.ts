import { createTranslator } from '@interlingua/translate/core';
import { anthropicMessagesCodec } from '@interlingua/translate/anthropic-messages';
import { openAiChatCodec } from '@interlingua/translate/openai-chat';

// A bundle built from these entries carries these two styles only.
const toChat = createTranslator(anthropicMessagesCodec, openAiChatCodec);
const toAnthropic = createTranslator(openAiChatCodec, anthropicMessagesCodec);

const { value: chatBody } = toChat.request({
  model: 'gpt-4.1-mini',
  max_tokens: 256,
  messages: [{ role: 'user', content: 'Hello' }],
});
console.log(chatBody.model, chatBody.messages.length);
const anthropicStream = toAnthropic.stream({ model: 'gpt-4.1-mini' }); // TransformStream<Uint8Array | string, string>
console.log(anthropicStream.writable.locked);
