import { translateRequest, translateResponse, translateStream } from '@interlingua/translate';

// an Anthropic Messages body, to send to an OpenAI-compatible server
const messagesBody = { model: 'gpt-4.1-mini', max_tokens: 256, messages: [{ role: 'user', content: 'Hello' }] };
const { value: chatBody, warnings } = translateRequest(messagesBody, 'anthropic-messages', 'openai-chat');
console.log(chatBody.messages, warnings); // chatBody is typed as an OpenAiChatRequest

// the server's answer, back in Anthropic's shape
const chatAnswer = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1767225600,
  model: 'gpt-4.1-mini',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: 'Hi there!', refusal: null },
      finish_reason: 'stop',
      logprobs: null,
    },
  ],
  usage: { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 },
};
const { value: message } = translateResponse(chatAnswer, 'openai-chat', 'anthropic-messages');
console.log(message.content); // [{ type: 'text', text: 'Hi there!' }]

// or its SSE stream, converted chunk by chunk (a web TransformStream; `fetch` bodies work the same)
const chunk = (delta: object, finishReason: string | null): string =>
  `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1767225600, model: 'gpt-4.1-mini', choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
const upstream = new Response(
  chunk({ role: 'assistant', content: 'Hi' }, null) +
    chunk({ content: ' there!' }, null) +
    chunk({}, 'stop') +
    'data: [DONE]\n\n',
);
const anthropicSse = upstream
  .body!.pipeThrough(new TextDecoderStream())
  .pipeThrough(translateStream('openai-chat', 'anthropic-messages'));
for await (const text of anthropicSse) process.stdout.write(text); // event: message_start … event: message_stop
