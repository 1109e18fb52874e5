import type { IrModel } from '@interlingua/ir';
import * as z from 'zod';
import { joinUrl, type HttpProviderAdapter, type ProviderSettings } from '../../provider-adapter.js';
import { geminiCountTokens } from './gemini-count-tokens.js';
import { geminiMediaServices } from './gemini-media-services.js';
import { geminiEmbeddingServices } from './gemini-embedding-services.js';

const modelListSchema = z.object({
  models: z.array(
    z.looseObject({
      name: z.string(),
      displayName: z.string().optional(),
      supportedGenerationMethods: z.array(z.string()).optional(),
    }),
  ),
});

function headers(settings: ProviderSettings): Record<string, string> {
  return { ...(settings.apiKey ? { 'x-goog-api-key': settings.apiKey } : {}), ...settings.headers };
}

/**
 * Google's Gemini API (generativelanguage). The model is part of the path; streams are asked for
 * as SSE (`alt=sse`). @see https://ai.google.dev/api/generate-content
 */
export const geminiAdapter: HttpProviderAdapter = {
  kind: 'http',
  type: 'gemini',
  displayName: 'Google Gemini',
  defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
  environment: { apiKey: 'GEMINI_API_KEY', baseUrl: 'GOOGLE_GEMINI_BASE_URL' },
  wire: () => 'gemini',
  generation: ({ settings, model, stream }) => ({
    url: joinUrl(
      settings.baseUrl,
      `models/${encodeURIComponent(model)}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`,
    ),
    headers: { 'content-type': 'application/json', ...headers(settings) },
  }),
  countTokens: geminiCountTokens(headers),
  services: { ...geminiMediaServices(headers), ...geminiEmbeddingServices(headers) },
  models: {
    endpoint: (settings) => ({ url: joinUrl(settings.baseUrl, 'models?pageSize=1000'), headers: headers(settings) }),
    parse(body): IrModel[] {
      const parsed = modelListSchema.safeParse(body);
      if (!parsed.success) return [];
      return parsed.data.models.map((m) => {
        const methods = m.supportedGenerationMethods ?? [];
        const capabilities = [
          ...(methods.includes('generateContent') ? ['chat'] : []),
          ...(methods.some((x) => x.startsWith('embed')) ? ['embeddings'] : []),
        ];
        return {
          id: m.name.replace(/^models\//, ''),
          ownedBy: 'google',
          created: 0,
          ...(m.displayName ? { displayName: m.displayName } : {}),
          capabilities,
        };
      });
    },
  },
};
