import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import {
  HumanMessage,
  ToolMessage,
  type AIMessage,
  type AIMessageChunk,
  type BaseMessage,
} from '@langchain/core/messages';
import type { ChatDriver, EmbedDriver, ToolSpec, Usage } from '../features.test-support.js';
import { failureOf } from './client-failure.js';

/** What LangChain's structured output is asked with (`method` differs per chat model class). */
export type StructuredMethod = 'jsonSchema' | 'functionCalling' | 'json_schema';

function usageOf(message: AIMessage | AIMessageChunk | undefined): Usage | undefined {
  const usage = message?.usage_metadata;
  return usage ? { inputTokens: usage.input_tokens, outputTokens: usage.output_tokens } : undefined;
}

function openAiTool(spec: ToolSpec) {
  return {
    type: 'function' as const,
    function: { name: spec.name, description: spec.description, parameters: spec.parameters },
  };
}

async function streamed(
  model: BaseChatModel,
  input: BaseMessage[] | string,
  onDelta: (delta: string) => void = () => undefined,
): Promise<AIMessageChunk | undefined> {
  let whole: AIMessageChunk | undefined;
  for await (const chunk of await model.stream(input)) {
    if (chunk.text.length > 0) onDelta(chunk.text);
    whole = whole ? whole.concat(chunk) : chunk;
  }
  return whole;
}

/**
 * A LangChain chat model through its own public API: invoke, stream, bindTools, a hand-written
 * tool loop (ToolMessage back), withStructuredOutput. `errorClass` names the SDK error class the
 * model lets through (with a `status`).
 */
export function langchainChatDriver(options: {
  create(model: string): BaseChatModel;
  structuredMethod: StructuredMethod;
  errorClass: string;
}): ChatDriver {
  const { create } = options;
  const bind = (model: string, spec: ToolSpec) => {
    const chat = create(model);
    if (!chat.bindTools) throw new Error('the chat model cannot bind tools');
    return chat.bindTools([openAiTool(spec)]);
  };
  return {
    async text(model, prompt) {
      const message = await create(model).invoke(prompt);
      return { text: message.text, usage: usageOf(message) };
    },
    async streamText(model, prompt, onDelta) {
      const whole = await streamed(create(model), prompt, onDelta);
      return { text: whole?.text ?? '', usage: usageOf(whole) };
    },
    async toolCalls(model, prompt, spec, stream) {
      const bound = bind(model, spec);
      let message: AIMessage | AIMessageChunk | undefined;
      if (stream) {
        for await (const chunk of await bound.stream(prompt))
          message = message ? (message as AIMessageChunk).concat(chunk) : chunk;
      } else {
        message = await bound.invoke(prompt);
      }
      return (message?.tool_calls ?? []).map((call) => ({ name: call.name, args: call.args }));
    },
    async toolLoop(model, prompt, spec, execute) {
      const bound = bind(model, spec);
      const messages: BaseMessage[] = [new HumanMessage(prompt)];
      for (let step = 0; step < 3; step++) {
        const answer = await bound.invoke(messages);
        messages.push(answer);
        const calls = answer.tool_calls ?? [];
        if (calls.length === 0) return answer.text;
        for (const call of calls)
          messages.push(new ToolMessage({ tool_call_id: call.id ?? '', name: call.name, content: execute(call.args) }));
      }
      throw new Error('the tool loop did not end in three steps');
    },
    async structured(model, prompt, schema) {
      return create(model)
        .withStructuredOutput(schema, { name: 'answer', method: options.structuredMethod })
        .invoke(prompt);
    },
    failure: (model, prompt) => failureOf(() => create(model).invoke(prompt), options.errorClass),
  };
}

/** LangChain embeddings (`embedQuery`). */
export function langchainEmbedDriver(
  create: (model: string) => { embedQuery(text: string): Promise<number[]> },
): EmbedDriver {
  return { embed: (model, text) => create(model).embedQuery(text) };
}
