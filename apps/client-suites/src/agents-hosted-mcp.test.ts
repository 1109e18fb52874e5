import { ECHO_ANSWER, GATEWAY_KEY, startLoopGateway, type LoopGateway } from '@interlingua/gateway/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents } from './clients/agents-modules.js';
import { openAiSdk } from './clients/sdk-modules.js';

/**
 * The OpenAI Agents SDK's hosted MCP tool (`hostedMcpTool`) through the gateway: the agent's
 * Responses request names the real server-everything that the gateway serves, the route goes to a
 * scripted chat upstream that calls the offered `everything__echo` function, and the gateway runs
 * the loop; the run ends with the echo's output quoted, its raw response holding the MCP items.
 */
agents.setTracingDisabled(true);

let loop: LoopGateway;

beforeAll(async () => {
  loop = await startLoopGateway();
}, 60_000);
afterAll(async () => loop.close());

function echoAgent() {
  const client = new openAiSdk.OpenAI({ apiKey: GATEWAY_KEY, baseURL: `${loop.url}/v1`, maxRetries: 0 });
  return new agents.Agent({
    name: 'assistant',
    model: new agents.OpenAIResponsesModel(client, 'chat/echo'),
    tools: [
      agents.hostedMcpTool({
        serverLabel: 'everything',
        serverUrl: `${loop.url}/mcp/everything`,
        requireApproval: 'never',
      }),
    ],
  });
}

const PROMPT = 'Echo the loop marker, then tell me what it said.';

describe('OpenAI Agents SDK hostedMcpTool on a chat upstream', () => {
  it.each([false, true])(
    'runs the hosted MCP tool through the gateway (stream: %s)',
    async (stream) => {
      const result = stream
        ? await agents.run(echoAgent(), PROMPT, { stream: true })
        : await agents.run(echoAgent(), PROMPT);
      if ('completed' in result) {
        for await (const _event of result) void _event;
        await result.completed;
      }
      // One model response: the gateway ran the loop, the agent never saw the flattened function.
      expect(result.rawResponses).toHaveLength(1);
      const hosted = (result.rawResponses[0]?.output ?? []).flatMap((item) =>
        item.type === 'hosted_tool_call' ? [{ name: item.name, output: item.output, data: item.providerData }] : [],
      );
      expect(hosted.map((call) => call.name)).toEqual(['mcp_list_tools', 'mcp_call']);
      expect(hosted[1]?.data).toMatchObject({ server_label: 'everything', name: 'echo' });
      expect(hosted[1]?.output).toBe(ECHO_ANSWER.slice(ECHO_ANSWER.indexOf('Echo: ')));
      expect(result.finalOutput).toBe(ECHO_ANSWER);
    },
    60_000,
  );
});
