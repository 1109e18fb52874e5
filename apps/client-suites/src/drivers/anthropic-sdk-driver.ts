import type AnthropicClient from '@anthropic-ai/sdk';
import { Anthropic } from '../clients/sdk-modules.js';
import type { ChatDriver, ToolSpec } from '../features.test-support.js';
import { failureOf } from './client-failure.js';

type Gateway = { url: string; key: string };
type Message = AnthropicClient.Messages.Message;

const MAX_TOKENS = 1024;

function client(gateway: Gateway): AnthropicClient {
  return new Anthropic({ apiKey: gateway.key, baseURL: gateway.url, maxRetries: 0 });
}

const textOf = (message: Message) =>
  message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
const usageOf = (message: Message) => ({
  inputTokens: message.usage.input_tokens,
  outputTokens: message.usage.output_tokens,
});
const toolUses = (message: Message) => message.content.flatMap((block) => (block.type === 'tool_use' ? [block] : []));

/** The Anthropic SDK: messages.create, messages.stream (finalMessage), tools, a tool loop, output_config json_schema. */
export function anthropicDriver(gateway: Gateway): ChatDriver {
  const tools = (spec: ToolSpec) => [
    {
      name: spec.name,
      description: spec.description,
      input_schema: spec.parameters as AnthropicClient.Messages.Tool.InputSchema,
    },
  ];
  const user = (prompt: string) => [{ role: 'user' as const, content: prompt }];
  return {
    async text(model, prompt) {
      const message = await client(gateway).messages.create({ model, max_tokens: MAX_TOKENS, messages: user(prompt) });
      return { text: textOf(message), usage: usageOf(message) };
    },
    async streamText(model, prompt, onDelta) {
      const stream = client(gateway).messages.stream({ model, max_tokens: MAX_TOKENS, messages: user(prompt) });
      stream.on('text', (delta) => onDelta(delta));
      const message = await stream.finalMessage();
      return { text: textOf(message), usage: usageOf(message) };
    },
    async toolCalls(model, prompt, spec, stream) {
      const request = { model, max_tokens: MAX_TOKENS, messages: user(prompt), tools: tools(spec) };
      const message = stream
        ? await client(gateway).messages.stream(request).finalMessage()
        : await client(gateway).messages.create(request);
      return toolUses(message).map((use) => ({ name: use.name, args: use.input }));
    },
    async toolLoop(model, prompt, spec, execute) {
      const messages: AnthropicClient.Messages.MessageParam[] = user(prompt);
      for (let step = 0; step < 3; step++) {
        const message = await client(gateway).messages.create({
          model,
          max_tokens: MAX_TOKENS,
          messages,
          tools: tools(spec),
        });
        const uses = toolUses(message);
        if (uses.length === 0) return textOf(message);
        messages.push(
          { role: 'assistant', content: message.content },
          {
            role: 'user',
            content: uses.map((use) => ({
              type: 'tool_result' as const,
              tool_use_id: use.id,
              content: execute(use.input),
            })),
          },
        );
      }
      throw new Error('the tool loop did not end in three steps');
    },
    async structured(model, prompt, schema) {
      const message = await client(gateway).messages.create({
        model,
        max_tokens: MAX_TOKENS,
        messages: user(prompt),
        output_config: { format: { type: 'json_schema', schema } },
      });
      return JSON.parse(textOf(message)) as unknown;
    },
    failure: (model, prompt) =>
      failureOf(
        () => client(gateway).messages.create({ model, max_tokens: MAX_TOKENS, messages: user(prompt) }),
        'APIError',
      ),
  };
}
