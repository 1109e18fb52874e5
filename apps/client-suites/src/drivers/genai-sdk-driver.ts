import type { Content, GenerateContentResponse, GoogleGenAI } from '@google/genai';
import { genAiSdk } from '../clients/sdk-modules.js';
import type { ChatDriver, EmbedDriver, ToolSpec, Usage } from '../features.test-support.js';
import { failureOf } from './client-failure.js';

type Gateway = { url: string; key: string };

function client(gateway: Gateway): GoogleGenAI {
  // One attempt (no retries); API version v1, the default of @google/genai 3 (2 defaults to v1beta).
  return new genAiSdk.GoogleGenAI({
    apiKey: gateway.key,
    apiVersion: 'v1',
    httpOptions: { baseUrl: gateway.url, retryOptions: { attempts: 1 } },
  });
}

const usageOf = (response: GenerateContentResponse | undefined): Usage => ({
  inputTokens: response?.usageMetadata?.promptTokenCount ?? 0,
  outputTokens: response?.usageMetadata?.candidatesTokenCount ?? 0,
});
const calls = (response: GenerateContentResponse | undefined) =>
  (response?.functionCalls ?? []).map((call) => ({ name: call.name ?? '', args: call.args ?? {} }));

/** The Google GenAI SDK: generateContent, generateContentStream, function declarations, a tool loop, responseJsonSchema. */
export function genAiDriver(gateway: Gateway): ChatDriver {
  const tools = (spec: ToolSpec) => [
    {
      functionDeclarations: [{ name: spec.name, description: spec.description, parametersJsonSchema: spec.parameters }],
    },
  ];
  return {
    async text(model, prompt) {
      const response = await client(gateway).models.generateContent({ model, contents: prompt });
      return { text: response.text ?? '', usage: usageOf(response) };
    },
    async streamText(model, prompt, onDelta) {
      let text = '';
      let last: GenerateContentResponse | undefined;
      for await (const chunk of await client(gateway).models.generateContentStream({ model, contents: prompt })) {
        const delta = chunk.text ?? '';
        if (delta) {
          text += delta;
          onDelta(delta);
        }
        last = chunk;
      }
      return { text, usage: usageOf(last) };
    },
    async toolCalls(model, prompt, spec, stream) {
      const request = { model, contents: prompt, config: { tools: tools(spec) } };
      if (!stream) return calls(await client(gateway).models.generateContent(request));
      const seen: Array<{ name: string; args: unknown }> = [];
      for await (const chunk of await client(gateway).models.generateContentStream(request)) seen.push(...calls(chunk));
      return seen;
    },
    async toolLoop(model, prompt, spec, execute) {
      const contents: Content[] = [{ role: 'user', parts: [{ text: prompt }] }];
      for (let step = 0; step < 3; step++) {
        const response = await client(gateway).models.generateContent({
          model,
          contents,
          config: { tools: tools(spec) },
        });
        const called = response.functionCalls ?? [];
        if (called.length === 0) return response.text ?? '';
        const turn = response.candidates?.[0]?.content;
        if (turn) contents.push(turn);
        contents.push({
          role: 'user',
          parts: called.map((call) => ({
            functionResponse: { id: call.id, name: call.name, response: { output: execute(call.args ?? {}) } },
          })),
        });
      }
      throw new Error('the tool loop did not end in three steps');
    },
    async structured(model, prompt, schema) {
      const response = await client(gateway).models.generateContent({
        model,
        contents: prompt,
        config: { responseMimeType: 'application/json', responseJsonSchema: schema },
      });
      return JSON.parse(response.text ?? '') as unknown;
    },
    failure: (model, prompt) =>
      failureOf(() => client(gateway).models.generateContent({ model, contents: prompt }), 'ApiError'),
  };
}

/** The Google GenAI SDK's embedContent. */
export function genAiEmbedDriver(gateway: Gateway): EmbedDriver {
  return {
    embed: async (model, text) =>
      (await client(gateway).models.embedContent({ model, contents: text })).embeddings?.[0]?.values ?? [],
  };
}
