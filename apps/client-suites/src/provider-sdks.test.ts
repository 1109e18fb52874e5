import { gateway } from './client-harness.test-support.js';
import { SDK_PACKAGES } from './clients/sdk-modules.js';
import { anthropicDriver } from './drivers/anthropic-sdk-driver.js';
import { genAiDriver, genAiEmbedDriver } from './drivers/genai-sdk-driver.js';
import { openAiChatDriver, openAiEmbedDriver, openAiResponsesDriver } from './drivers/openai-sdk-driver.js';
import { clientMatrix, type ClientUnderTest } from './matrix.test-support.js';

const CLIENTS: ClientUnderTest[] = [
  {
    id: 'openai-sdk-chat',
    title: 'OpenAI SDK, `chat.completions` and `embeddings`',
    packages: [SDK_PACKAGES.openai],
    chat: openAiChatDriver(gateway),
    embed: openAiEmbedDriver(gateway),
  },
  {
    id: 'openai-sdk-responses',
    title: 'OpenAI SDK, `responses`',
    packages: [SDK_PACKAGES.openai],
    chat: openAiResponsesDriver(gateway),
  },
  {
    id: 'anthropic-sdk',
    title: 'Anthropic SDK, `messages`',
    packages: [SDK_PACKAGES.anthropic],
    chat: anthropicDriver(gateway),
  },
  {
    id: 'google-genai',
    title: 'Google GenAI SDK, `models` on API version `v1`',
    packages: [SDK_PACKAGES.genai],
    chat: genAiDriver(gateway),
    embed: genAiEmbedDriver(gateway),
  },
];

clientMatrix('provider-sdks', "Providers' own SDKs", CLIENTS);
