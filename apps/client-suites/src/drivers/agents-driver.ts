import type { JsonSchemaDefinition, Model, ModelResponse } from '@openai/agents';
import { agents } from '../clients/agents-modules.js';
import { openAiSdk } from '../clients/sdk-modules.js';
import type { ChatDriver, JsonSchema, ToolSeen, ToolSpec, Usage } from '../features.test-support.js';
import { failureOf } from './client-failure.js';

// Traces go to OpenAI by default: the suites stay on loopback.
agents.setTracingDisabled(true);

export type AgentsMode = 'responses' | 'chat';

function usageOf(responses: ModelResponse[]): Usage {
  return responses.reduce(
    (sum, r) => ({
      inputTokens: sum.inputTokens + r.usage.inputTokens,
      outputTokens: sum.outputTokens + r.usage.outputTokens,
    }),
    { inputTokens: 0, outputTokens: 0 },
  );
}

function agentTool(spec: ToolSpec, execute: (args: unknown) => string) {
  return agents.tool({
    name: spec.name,
    description: spec.description,
    // A closed object schema (schemaOf), as strict tools need.
    parameters: spec.parameters as Extract<JsonSchemaDefinition['schema'], { additionalProperties: false }>,
    strict: true,
    execute: async (args: unknown) => execute(args),
  });
}

/**
 * The OpenAI Agents SDK: an Agent on an OpenAIResponsesModel or an OpenAIChatCompletionsModel
 * over an `openai` client pointed at the gateway, run with `run()`.
 */
export function agentsChatDriver(mode: AgentsMode, gateway: { url: string; key: string }): ChatDriver {
  const modelFor = (name: string): Model => {
    const client = new openAiSdk.OpenAI({ apiKey: gateway.key, baseURL: `${gateway.url}/v1`, maxRetries: 0 });
    return mode === 'responses'
      ? new agents.OpenAIResponsesModel(client, name)
      : new agents.OpenAIChatCompletionsModel(client, name);
  };
  const agent = (model: string, extra: Partial<ConstructorParameters<typeof agents.Agent>[0]> = {}) =>
    new agents.Agent({ name: 'assistant', model: modelFor(model), ...extra });
  return {
    async text(model, prompt) {
      const result = await agents.run(agent(model), prompt);
      return { text: String(result.finalOutput ?? ''), usage: usageOf(result.rawResponses) };
    },
    async streamText(model, prompt, onDelta) {
      const result = await agents.run(agent(model), prompt, { stream: true });
      for await (const delta of result.toTextStream()) onDelta(delta);
      await result.completed;
      if (result.error) throw result.error;
      return { text: String(result.finalOutput ?? ''), usage: usageOf(result.rawResponses) };
    },
    async toolCalls(model, prompt, spec, stream) {
      const seen: ToolSeen[] = [];
      const tools = [agentTool(spec, (args) => (seen.push({ name: spec.name, args }), 'done'))];
      // Stop after the first call: the run reports it without a second model turn.
      const runner = agent(model, { tools, toolUseBehavior: 'stop_on_first_tool' });
      if (stream) {
        const result = await agents.run(runner, prompt, { stream: true });
        for await (const _event of result) void _event;
        await result.completed;
        if (result.error) throw result.error;
      } else {
        await agents.run(runner, prompt);
      }
      return seen;
    },
    async toolLoop(model, prompt, spec, execute) {
      const result = await agents.run(agent(model, { tools: [agentTool(spec, execute)] }), prompt, { maxTurns: 3 });
      return String(result.finalOutput ?? '');
    },
    async structured(model, prompt, schema: JsonSchema) {
      const outputType: JsonSchemaDefinition = {
        type: 'json_schema',
        name: 'answer',
        strict: true,
        schema: schema as JsonSchemaDefinition['schema'],
      };
      const result = await agents.run(agent(model, { outputType }), prompt);
      return result.finalOutput;
    },
    failure: (model, prompt) => failureOf(() => agents.run(agent(model), prompt), 'APIError'),
  };
}
