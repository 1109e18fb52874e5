import { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { testCall, testSettings } from '../openai-compatible/provider-settings.test-support.js';
import { azureOpenAiAdapter } from './azure-openai-adapter.js';
import { AZURE_OPENAI_API_VERSION } from './azure-openai-options.js';

const ENDPOINT = 'https://my-resource.openai.azure.com';
const settings = (overrides: Parameters<typeof testSettings>[1] = {}) =>
  testSettings(azureOpenAiAdapter, { baseUrl: ENDPOINT, ...overrides });
const mapModel = (model: string, options: Record<string, unknown> = {}) =>
  azureOpenAiAdapter.hooks?.mapModelId?.(model, settings({ options }));

describe('azure-openai adapter', () => {
  it('posts chat to the deployment URL with the default GA api-version and the api-key header', () => {
    const endpoint = azureOpenAiAdapter.generation({ settings: settings(), model: 'gpt-4o-prod', stream: false });
    expect(endpoint.url).toBe(
      `${ENDPOINT}/openai/deployments/gpt-4o-prod/chat/completions?api-version=${AZURE_OPENAI_API_VERSION}`,
    );
    expect(endpoint.headers).toEqual({ 'content-type': 'application/json', 'api-key': 'test-key' });
    expect(azureOpenAiAdapter.wire(settings())).toBe('openai-chat');
  });

  it('uses options.apiVersion and escapes the deployment name', () => {
    const endpoint = azureOpenAiAdapter.generation({
      settings: settings({ options: { apiVersion: '2025-04-01-preview' } }),
      model: 'my deployment',
      stream: true,
    });
    expect(endpoint.url).toBe(
      `${ENDPOINT}/openai/deployments/my%20deployment/chat/completions?api-version=2025-04-01-preview`,
    );
  });

  it('uses the v1 API for chat when apiVersion is "v1"', () => {
    const endpoint = azureOpenAiAdapter.generation({
      settings: settings({ options: { apiVersion: 'v1' } }),
      model: 'gpt-4o-prod',
      stream: false,
    });
    expect(endpoint.url).toBe(`${ENDPOINT}/openai/v1/chat/completions`);
  });

  it('sends the Responses API to /openai/v1/responses without api-version', () => {
    const responses = settings({ api: 'responses' });
    expect(azureOpenAiAdapter.wire(responses)).toBe('openai-responses');
    expect(azureOpenAiAdapter.generation({ settings: responses, model: 'gpt-4o-prod', stream: false }).url).toBe(
      `${ENDPOINT}/openai/v1/responses`,
    );
  });

  it('accepts an endpoint pasted with /openai or /openai/v1 and a trailing slash', () => {
    for (const baseUrl of [`${ENDPOINT}/`, `${ENDPOINT}/openai`, `${ENDPOINT}/openai/v1/`]) {
      const url = azureOpenAiAdapter.generation({ settings: settings({ baseUrl }), model: 'd', stream: false }).url;
      expect(url).toBe(`${ENDPOINT}/openai/deployments/d/chat/completions?api-version=${AZURE_OPENAI_API_VERSION}`);
    }
  });

  it('sends an Entra ID token as a Bearer token instead of the key', () => {
    const endpoint = azureOpenAiAdapter.generation({
      settings: settings({ options: { entraToken: 'eyJ0eXAi.token' } }),
      model: 'd',
      stream: false,
    });
    expect(endpoint.headers['authorization']).toBe('Bearer eyJ0eXAi.token');
    expect(endpoint.headers).not.toHaveProperty('api-key');
  });

  it('sends no auth header without key or token, and config headers last', () => {
    const endpoint = azureOpenAiAdapter.generation({
      settings: settings({ apiKey: undefined, headers: { 'x-ms-useragent': 'gw' } }),
      model: 'd',
      stream: false,
    });
    expect(endpoint.headers).toEqual({ 'content-type': 'application/json', 'x-ms-useragent': 'gw' });
  });

  it('maps model ids to deployments through options.deployments', () => {
    const deployments = { 'gpt-4o': 'gpt-4o-eastus-prod' };
    expect(mapModel('gpt-4o', { deployments })).toBe('gpt-4o-eastus-prod');
    expect(mapModel('gpt-4o-mini', { deployments })).toBe('gpt-4o-mini');
    expect(mapModel('constructor', { deployments })).toBe('constructor');
    expect(mapModel('gpt-4o')).toBe('gpt-4o');
  });

  it('names the bad option when the options are invalid', () => {
    const call = () =>
      azureOpenAiAdapter.generation(testCall(azureOpenAiAdapter, { id: 'azure', options: { apiVersion: 2024 } }));
    expect(call).toThrow(IrError);
    expect(call).toThrow(/providers\.azure\.options\.apiVersion/);
  });

  it('registers from AZURE_OPENAI_API_KEY and AZURE_OPENAI_ENDPOINT and lists no models', () => {
    expect(azureOpenAiAdapter.environment).toEqual({
      apiKey: 'AZURE_OPENAI_API_KEY',
      baseUrl: 'AZURE_OPENAI_ENDPOINT',
    });
    expect(azureOpenAiAdapter.defaultBaseUrl).toBeUndefined();
    expect(azureOpenAiAdapter.models).toBeUndefined();
  });
});
