import { joinUrl, type HttpProviderAdapter, type ProviderSettings } from '../../provider-adapter.js';
import { azureOpenAiErrorToIr } from './azure-openai-error.js';
import { AZURE_OPENAI_API_VERSION, azureOpenAiDeployment, azureOpenAiOptions } from './azure-openai-options.js';

/** The resource endpoint (`https://<resource>.openai.azure.com`), also when `/openai` or `/openai/v1` was pasted after it. */
function resourceRoot(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '').replace(/\/openai(?:\/v1)?$/i, '');
}

/**
 * Where a generation call goes. Chat: the deployment URL with `api-version` (or the v1 API's
 * `/openai/v1/chat/completions` when `apiVersion` is `v1`, the deployment then travelling as
 * `model`). Responses: the v1 API's `/openai/v1/responses`, which takes no `api-version`.
 * @see https://learn.microsoft.com/en-us/azure/ai-foundry/openai/reference#chat-completions
 * @see https://learn.microsoft.com/en-us/azure/ai-foundry/openai/how-to/responses
 */
export function azureOpenAiGenerationUrl(settings: ProviderSettings, deployment: string): string {
  const root = resourceRoot(settings.baseUrl);
  const apiVersion = azureOpenAiOptions(settings).apiVersion ?? AZURE_OPENAI_API_VERSION;
  if (settings.api === 'responses') return joinUrl(root, 'openai/v1/responses');
  if (apiVersion === 'v1') return joinUrl(root, 'openai/v1/chat/completions');
  const path = `openai/deployments/${encodeURIComponent(deployment)}/chat/completions`;
  return `${joinUrl(root, path)}?api-version=${encodeURIComponent(apiVersion)}`;
}

/**
 * Auth: `Authorization: Bearer <options.entraToken>` when an Entra ID token is configured,
 * else the resource key in `api-key`. Config `headers` come last.
 * @see https://learn.microsoft.com/en-us/azure/ai-foundry/openai/reference#authentication
 */
export function azureOpenAiHeaders(settings: ProviderSettings): Record<string, string> {
  const { entraToken } = azureOpenAiOptions(settings);
  const auth: Record<string, string> = entraToken
    ? { authorization: `Bearer ${entraToken}` }
    : settings.apiKey
      ? { 'api-key': settings.apiKey }
      : {};
  return { ...auth, ...settings.headers };
}

/**
 * Azure OpenAI: the OpenAI wire on per-resource deployments. `baseUrl` is the resource
 * endpoint; the gateway's model id names the deployment (or is mapped through
 * `options.deployments`). No model listing: the data plane has no deployment list in GA
 * versions (deployments are managed through Azure Resource Manager).
 * @see https://learn.microsoft.com/en-us/azure/ai-foundry/openai/reference
 */
export const azureOpenAiAdapter: HttpProviderAdapter = {
  kind: 'http',
  type: 'azure-openai',
  displayName: 'Azure OpenAI',
  environment: { apiKey: 'AZURE_OPENAI_API_KEY', baseUrl: 'AZURE_OPENAI_ENDPOINT' },
  wire: (settings) => (settings.api === 'responses' ? 'openai-responses' : 'openai-chat'),
  generation: ({ settings, model }) => ({
    url: azureOpenAiGenerationUrl(settings, model),
    headers: { 'content-type': 'application/json', ...azureOpenAiHeaders(settings) },
  }),
  hooks: {
    mapModelId: azureOpenAiDeployment,
    mapError: azureOpenAiErrorToIr,
  },
};
