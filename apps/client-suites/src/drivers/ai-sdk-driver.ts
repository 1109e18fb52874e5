import type { EmbeddingModel, LanguageModel, LanguageModelUsage } from 'ai';
import { ai } from '../clients/ai-sdk-modules.js';
import type { ChatDriver, EmbedDriver, ToolSpec, Usage } from '../features.test-support.js';

function usageOf(usage: LanguageModelUsage): Usage {
  return { inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0 };
}

function toolSet(spec: ToolSpec, execute?: (args: unknown) => string) {
  const inputSchema = ai.jsonSchema(spec.parameters);
  return {
    [spec.name]: execute
      ? ai.tool({ description: spec.description, inputSchema, execute: async (args: unknown) => execute(args) })
      : ai.tool({ description: spec.description, inputSchema }),
  };
}

/** The AI SDK's generateText / streamText / generateObject on a language model of a provider. */
export function aiSdkChatDriver(modelFor: (name: string) => LanguageModel): ChatDriver {
  return {
    async text(model, prompt) {
      const result = await ai.generateText({ model: modelFor(model), prompt, maxRetries: 0 });
      return { text: result.text, usage: usageOf(result.usage) };
    },
    async streamText(model, prompt, onDelta) {
      let failure: unknown;
      const result = ai.streamText({
        model: modelFor(model),
        prompt,
        maxRetries: 0,
        onError: ({ error }) => void (failure = error),
      });
      for await (const delta of result.textStream) onDelta(delta);
      if (failure !== undefined) throw failure;
      return { text: await result.text, usage: usageOf(await result.usage) };
    },
    async toolCalls(model, prompt, spec, stream) {
      const request = { model: modelFor(model), prompt, tools: toolSet(spec), maxRetries: 0 };
      let failure: unknown;
      const calls = stream
        ? await ai.streamText({ ...request, onError: ({ error }) => void (failure = error) }).toolCalls
        : (await ai.generateText(request)).toolCalls;
      if (failure !== undefined) throw failure;
      return calls.map((call) => ({ name: call.toolName, args: call.input }));
    },
    async toolLoop(model, prompt, spec, execute) {
      const result = await ai.generateText({
        model: modelFor(model),
        prompt,
        tools: toolSet(spec, execute),
        stopWhen: ai.stepCountIs(3),
        maxRetries: 0,
      });
      return result.text;
    },
    async structured(model, prompt, schema) {
      return (await ai.generateObject({ model: modelFor(model), prompt, schema: ai.jsonSchema(schema), maxRetries: 0 }))
        .object;
    },
    async failure(model, prompt) {
      try {
        await ai.generateText({ model: modelFor(model), prompt, maxRetries: 0 });
        return undefined;
      } catch (error) {
        if (ai.APICallError.isInstance(error))
          return { ownClass: true, status: error.statusCode, message: error.message };
        return { ownClass: false, message: String(error) };
      }
    },
  };
}

/** The AI SDK's embed on an embedding model of a provider. */
export function aiSdkEmbedDriver(modelFor: (name: string) => EmbeddingModel): EmbedDriver {
  return {
    async embed(model, value) {
      return (await ai.embed({ model: modelFor(model), value, maxRetries: 0 })).embedding;
    },
  };
}
