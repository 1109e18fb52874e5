import { gateway } from './client-harness.test-support.js';
import {
  AI_SDK_PACKAGES,
  anthropicProvider,
  googleProvider,
  openAiCompatibleProvider,
  openAiProvider,
} from './clients/ai-sdk-modules.js';
import { aiSdkChatDriver, aiSdkEmbedDriver } from './drivers/ai-sdk-driver.js';
import { clientMatrix, type ClientUnderTest } from './matrix.test-support.js';

const openai = () => openAiProvider.createOpenAI({ baseURL: `${gateway.url}/v1`, apiKey: gateway.key });
const anthropic = () => anthropicProvider.createAnthropic({ baseURL: `${gateway.url}/v1`, apiKey: gateway.key });
const google = () => googleProvider.createGoogleGenerativeAI({ baseURL: `${gateway.url}/v1beta`, apiKey: gateway.key });
const compatible = () =>
  openAiCompatibleProvider.createOpenAICompatible({
    name: 'interlingua',
    baseURL: `${gateway.url}/v1`,
    apiKey: gateway.key,
    includeUsage: true,
    supportsStructuredOutputs: true,
  });

const { ai: core } = AI_SDK_PACKAGES;

const CLIENTS: ClientUnderTest[] = [
  {
    id: 'ai-sdk-openai-chat',
    title: 'AI SDK, @ai-sdk/openai chat model (`openai.chat`)',
    packages: [core, AI_SDK_PACKAGES.openai],
    chat: aiSdkChatDriver((model) => openai().chat(model)),
    embed: aiSdkEmbedDriver((model) => openai().embedding(model)),
  },
  {
    id: 'ai-sdk-openai-responses',
    title: 'AI SDK, @ai-sdk/openai Responses model (`openai.responses`)',
    packages: [core, AI_SDK_PACKAGES.openai],
    chat: aiSdkChatDriver((model) => openai().responses(model)),
  },
  {
    id: 'ai-sdk-anthropic',
    title: 'AI SDK, @ai-sdk/anthropic',
    packages: [core, AI_SDK_PACKAGES.anthropic],
    chat: aiSdkChatDriver((model) => anthropic()(model)),
  },
  {
    id: 'ai-sdk-google',
    title: 'AI SDK, @ai-sdk/google',
    packages: [core, AI_SDK_PACKAGES.google],
    chat: aiSdkChatDriver((model) => google()(model)),
    embed: aiSdkEmbedDriver((model) => google().embedding(model)),
  },
  {
    id: 'ai-sdk-openai-compatible',
    title: 'AI SDK, @ai-sdk/openai-compatible (`supportsStructuredOutputs: true`)',
    packages: [core, AI_SDK_PACKAGES.openaiCompatible],
    chat: aiSdkChatDriver((model) => compatible()(model)),
    embed: aiSdkEmbedDriver((model) => compatible().textEmbeddingModel(model)),
  },
];

clientMatrix('ai-sdk', 'Vercel AI SDK', CLIENTS);
