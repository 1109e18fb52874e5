import { gateway } from './client-harness.test-support.js';
import {
  ChatAnthropic,
  ChatGoogleGenerativeAI,
  LANGCHAIN_PACKAGES,
  langchainOpenAi,
} from './clients/langchain-modules.js';
import { langchainChatDriver, langchainEmbedDriver } from './drivers/langchain-driver.js';
import { clientMatrix, type ClientUnderTest } from './matrix.test-support.js';

const openAiOptions = (model: string) => ({
  model,
  apiKey: gateway.key,
  maxRetries: 0,
  configuration: { baseURL: `${gateway.url}/v1` },
});
const { core } = LANGCHAIN_PACKAGES;

const CLIENTS: ClientUnderTest[] = [
  {
    id: 'langchain-openai-chat',
    title: 'LangChain, ChatOpenAI (chat completions) and OpenAIEmbeddings',
    packages: [core, LANGCHAIN_PACKAGES.openai],
    chat: langchainChatDriver({
      create: (model) => new langchainOpenAi.ChatOpenAI(openAiOptions(model)),
      structuredMethod: 'jsonSchema',
      errorClass: 'APIError',
    }),
    embed: langchainEmbedDriver((model) => new langchainOpenAi.OpenAIEmbeddings(openAiOptions(model))),
  },
  {
    id: 'langchain-openai-responses',
    title: 'LangChain, ChatOpenAI with `useResponsesApi: true`',
    packages: [core, LANGCHAIN_PACKAGES.openai],
    chat: langchainChatDriver({
      create: (model) => new langchainOpenAi.ChatOpenAI({ ...openAiOptions(model), useResponsesApi: true }),
      structuredMethod: 'jsonSchema',
      errorClass: 'APIError',
    }),
  },
  {
    id: 'langchain-anthropic',
    title: 'LangChain, ChatAnthropic (`withStructuredOutput` with `method: "jsonSchema"`)',
    packages: [core, LANGCHAIN_PACKAGES.anthropic],
    chat: langchainChatDriver({
      create: (model) => new ChatAnthropic({ model, apiKey: gateway.key, maxRetries: 0, anthropicApiUrl: gateway.url }),
      structuredMethod: 'jsonSchema',
      errorClass: 'APIError',
    }),
  },
  {
    id: 'langchain-google',
    title: 'LangChain, ChatGoogleGenerativeAI (`withStructuredOutput` with `method: "jsonSchema"`)',
    packages: [core, LANGCHAIN_PACKAGES.google],
    chat: langchainChatDriver({
      create: (model) =>
        new ChatGoogleGenerativeAI({ model, apiKey: gateway.key, maxRetries: 0, baseUrl: gateway.url }),
      structuredMethod: 'jsonSchema',
      errorClass: 'GoogleGenerativeAIFetchError',
    }),
  },
];

clientMatrix('langchain', 'LangChain', CLIENTS);
