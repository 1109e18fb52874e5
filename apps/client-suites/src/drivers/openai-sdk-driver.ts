import type OpenAI from 'openai';
import { openAiSdk } from '../clients/sdk-modules.js';
import type { ChatDriver, EmbedDriver, ToolSpec } from '../features.test-support.js';
import { failureOf } from './client-failure.js';

type Gateway = { url: string; key: string };

function client(gateway: Gateway): OpenAI {
  return new openAiSdk.OpenAI({ apiKey: gateway.key, baseURL: `${gateway.url}/v1`, maxRetries: 0 });
}

const parse = (text: string | null | undefined): unknown => JSON.parse(text ?? '');

/** The `openai` SDK's Chat Completions: create, stream (with usage), tools, a tool loop, json_schema. */
export function openAiChatDriver(gateway: Gateway): ChatDriver {
  const tools = (spec: ToolSpec) => [
    {
      type: 'function' as const,
      function: { name: spec.name, description: spec.description, parameters: spec.parameters },
    },
  ];
  const user = (prompt: string) => [{ role: 'user' as const, content: prompt }];
  return {
    async text(model, prompt) {
      const answer = await client(gateway).chat.completions.create({ model, messages: user(prompt) });
      return {
        text: answer.choices[0]?.message.content ?? '',
        usage: { inputTokens: answer.usage?.prompt_tokens ?? 0, outputTokens: answer.usage?.completion_tokens ?? 0 },
      };
    },
    async streamText(model, prompt, onDelta) {
      const stream = await client(gateway).chat.completions.create({
        model,
        messages: user(prompt),
        stream: true,
        stream_options: { include_usage: true },
      });
      let text = '';
      let usage = { inputTokens: 0, outputTokens: 0 };
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta.content;
        if (delta) {
          text += delta;
          onDelta(delta);
        }
        if (chunk.usage)
          usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
      }
      return { text, usage };
    },
    async toolCalls(model, prompt, spec, stream) {
      if (!stream) {
        const answer = await client(gateway).chat.completions.create({
          model,
          messages: user(prompt),
          tools: tools(spec),
        });
        return (answer.choices[0]?.message.tool_calls ?? []).flatMap((call) =>
          call.type === 'function' ? [{ name: call.function.name, args: parse(call.function.arguments) }] : [],
        );
      }
      const calls: Array<{ name: string; args: string }> = [];
      for await (const chunk of await client(gateway).chat.completions.create({
        model,
        messages: user(prompt),
        tools: tools(spec),
        stream: true,
      })) {
        for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) {
          const call = (calls[delta.index] ??= { name: '', args: '' });
          call.name += delta.function?.name ?? '';
          call.args += delta.function?.arguments ?? '';
        }
      }
      return calls.map((call) => ({ name: call.name, args: parse(call.args) }));
    },
    async toolLoop(model, prompt, spec, execute) {
      const messages: OpenAI.Chat.ChatCompletionMessageParam[] = user(prompt);
      for (let step = 0; step < 3; step++) {
        const message = (await client(gateway).chat.completions.create({ model, messages, tools: tools(spec) }))
          .choices[0]?.message;
        if (!message) throw new Error('no choice in the answer');
        messages.push(message);
        const calls = (message.tool_calls ?? []).filter((call) => call.type === 'function');
        if (calls.length === 0) return message.content ?? '';
        for (const call of calls)
          messages.push({ role: 'tool', tool_call_id: call.id, content: execute(parse(call.function.arguments)) });
      }
      throw new Error('the tool loop did not end in three steps');
    },
    async structured(model, prompt, schema) {
      const answer = await client(gateway).chat.completions.create({
        model,
        messages: user(prompt),
        response_format: { type: 'json_schema', json_schema: { name: 'answer', schema, strict: true } },
      });
      return parse(answer.choices[0]?.message.content);
    },
    failure: (model, prompt) =>
      failureOf(() => client(gateway).chat.completions.create({ model, messages: user(prompt) }), 'APIError'),
  };
}

/** The `openai` SDK's Responses API: create, stream events, function tools, a tool loop, text.format json_schema. */
export function openAiResponsesDriver(gateway: Gateway): ChatDriver {
  const tools = (spec: ToolSpec) => [
    {
      type: 'function' as const,
      name: spec.name,
      description: spec.description,
      parameters: spec.parameters,
      strict: true,
    },
  ];
  const usageOf = (response: OpenAI.Responses.Response) => ({
    inputTokens: response.usage?.input_tokens ?? 0,
    outputTokens: response.usage?.output_tokens ?? 0,
  });
  const functionCalls = (response: OpenAI.Responses.Response) =>
    response.output.flatMap((item) => (item.type === 'function_call' ? [item] : []));
  return {
    async text(model, prompt) {
      const response = await client(gateway).responses.create({ model, input: prompt });
      return { text: response.output_text, usage: usageOf(response) };
    },
    async streamText(model, prompt, onDelta) {
      let text = '';
      let usage = { inputTokens: 0, outputTokens: 0 };
      for await (const event of await client(gateway).responses.create({ model, input: prompt, stream: true })) {
        if (event.type === 'response.output_text.delta') {
          text += event.delta;
          onDelta(event.delta);
        }
        if (event.type === 'response.completed') usage = usageOf(event.response);
        if (event.type === 'response.failed' || event.type === 'error')
          throw new Error(`the stream failed: ${JSON.stringify(event)}`);
      }
      return { text, usage };
    },
    async toolCalls(model, prompt, spec, stream) {
      if (!stream)
        return functionCalls(await client(gateway).responses.create({ model, input: prompt, tools: tools(spec) })).map(
          (call) => ({ name: call.name, args: parse(call.arguments) }),
        );
      let completed: OpenAI.Responses.Response | undefined;
      for await (const event of await client(gateway).responses.create({
        model,
        input: prompt,
        tools: tools(spec),
        stream: true,
      }))
        if (event.type === 'response.completed') completed = event.response;
      if (!completed) throw new Error('the stream ended without response.completed');
      return functionCalls(completed).map((call) => ({ name: call.name, args: parse(call.arguments) }));
    },
    async toolLoop(model, prompt, spec, execute) {
      const input: OpenAI.Responses.ResponseInput = [{ role: 'user', content: prompt }];
      for (let step = 0; step < 3; step++) {
        const response = await client(gateway).responses.create({ model, input, tools: tools(spec) });
        const calls = functionCalls(response);
        if (calls.length === 0) return response.output_text;
        input.push(
          ...calls,
          ...calls.map((call) => ({
            type: 'function_call_output' as const,
            call_id: call.call_id,
            output: execute(parse(call.arguments)),
          })),
        );
      }
      throw new Error('the tool loop did not end in three steps');
    },
    async structured(model, prompt, schema) {
      const response = await client(gateway).responses.create({
        model,
        input: prompt,
        text: { format: { type: 'json_schema', name: 'answer', schema, strict: true } },
      });
      return parse(response.output_text);
    },
    failure: (model, prompt) => failureOf(() => client(gateway).responses.create({ model, input: prompt }), 'APIError'),
  };
}

/** The `openai` SDK's embeddings (its default base64 encoding). */
export function openAiEmbedDriver(gateway: Gateway): EmbedDriver {
  return {
    embed: async (model, text) =>
      (await client(gateway).embeddings.create({ model, input: text })).data[0]?.embedding ?? [],
  };
}
