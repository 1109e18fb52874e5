import type { IrModel } from '@interlingua/ir';
import * as z from 'zod';
import { joinUrl, type HttpProviderAdapter, type ProviderSettings } from '../../provider-adapter.js';
import { anthropicCountTokens } from './anthropic-count-tokens.js';
import { anthropicRequestHeaders } from './anthropic-mcp-beta.js';

/** The Messages API version the gateway speaks. @see https://docs.anthropic.com/en/api/versioning */
export const ANTHROPIC_VERSION = '2023-06-01';

const modelListSchema = z.object({
  data: z.array(
    z.looseObject({ id: z.string(), display_name: z.string().optional(), created_at: z.string().optional() }),
  ),
});

function headers(settings: ProviderSettings): Record<string, string> {
  return {
    ...(settings.apiKey ? { 'x-api-key': settings.apiKey } : {}),
    'anthropic-version': ANTHROPIC_VERSION,
    ...settings.headers,
  };
}

/** Anthropic's Messages API. @see https://docs.anthropic.com/en/api/messages */
export const anthropicAdapter: HttpProviderAdapter = {
  kind: 'http',
  type: 'anthropic',
  displayName: 'Anthropic',
  defaultBaseUrl: 'https://api.anthropic.com',
  environment: { apiKey: 'ANTHROPIC_API_KEY', baseUrl: 'ANTHROPIC_BASE_URL' },
  forwardHeaders: ['anthropic-beta'],
  wire: () => 'anthropic-messages',
  generation: ({ settings }) => ({
    url: joinUrl(settings.baseUrl, 'v1/messages'),
    headers: { 'content-type': 'application/json', ...headers(settings) },
  }),
  hooks: { requestHeaders: anthropicRequestHeaders },
  countTokens: anthropicCountTokens(headers),
  models: {
    endpoint: (settings) => ({ url: joinUrl(settings.baseUrl, 'v1/models?limit=1000'), headers: headers(settings) }),
    parse(body): IrModel[] {
      const parsed = modelListSchema.safeParse(body);
      if (!parsed.success) return [];
      return parsed.data.data.map((m) => ({
        id: m.id,
        ownedBy: 'anthropic',
        created: m.created_at ? Math.floor(Date.parse(m.created_at) / 1000) || 0 : 0,
        ...(m.display_name ? { displayName: m.display_name } : {}),
        capabilities: ['chat'],
      }));
    },
  },
};
