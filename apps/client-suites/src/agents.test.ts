import { gateway } from './client-harness.test-support.js';
import { AGENTS_PACKAGES } from './clients/agents-modules.js';
import { SDK_PACKAGES } from './clients/sdk-modules.js';
import { agentsChatDriver } from './drivers/agents-driver.js';
import { clientMatrix, type ClientUnderTest } from './matrix.test-support.js';

const packages = [AGENTS_PACKAGES.agents, SDK_PACKAGES.openai];

const CLIENTS: ClientUnderTest[] = [
  {
    id: 'agents-responses',
    title: 'OpenAI Agents SDK, OpenAIResponsesModel',
    packages,
    chat: agentsChatDriver('responses', gateway),
  },
  {
    id: 'agents-chat',
    title: 'OpenAI Agents SDK, OpenAIChatCompletionsModel',
    packages,
    chat: agentsChatDriver('chat', gateway),
  },
];

clientMatrix('openai-agents', 'OpenAI Agents SDK', CLIENTS);
