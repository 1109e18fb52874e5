// A plain Node script: convert an Anthropic Messages request into an OpenAI chat request, and an
// OpenAI chat SSE stream into Anthropic's stream events, without any server.
// Run after `pnpm build`: node examples/translate-request.mjs
import { createStreamTranslator, translateRequest } from '@interlingua/translate';

const messagesRequest = {
  model: 'claude-sonnet-4-5',
  max_tokens: 512,
  system: 'Answer in one sentence.',
  messages: [{ role: 'user', content: 'What is an interlingua?' }],
  tools: [
    {
      name: 'define',
      description: 'Look a word up',
      input_schema: { type: 'object', properties: { word: { type: 'string' } } },
    },
  ],
};

const { value: chatRequest, warnings } = translateRequest(messagesRequest, 'anthropic-messages', 'openai-chat');
console.log('OpenAI chat request:', JSON.stringify(chatRequest, null, 2));
if (warnings.length > 0) console.log('warnings:', warnings);

const chatStream =
  [
    { choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] },
    { choices: [{ index: 0, delta: { content: 'A bridge language.' }, finish_reason: null }] },
    { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
  ]
    .map(
      (chunk) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 0, model: 'gpt-4.1', ...chunk })}\n\n`,
    )
    .join('') + 'data: [DONE]\n\n';

const translator = createStreamTranslator('openai-chat', 'anthropic-messages');
process.stdout.write([...translator.push(chatStream), ...translator.end()].join(''));
