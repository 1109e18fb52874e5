import type * as AiModule from 'ai';
import type * as AnthropicModule from '@ai-sdk/anthropic';
import type * as GoogleModule from '@ai-sdk/google';
import type * as OpenAiModule from '@ai-sdk/openai';
import type * as OpenAiCompatibleModule from '@ai-sdk/openai-compatible';
import { LANE, lanePackage } from '../lane.js';

/**
 * The Vercel AI SDK for this lane: `ai` 6 with `@ai-sdk/*` 3 on Node 20, `ai` 7 with `@ai-sdk/*` 4
 * on the current lane. Typed as the Node 20 release: the suites use only what both majors share.
 */
const next = LANE === 'node24';

export const ai = (next ? await import('ai-next') : await import('ai')) as unknown as typeof AiModule;
export const openAiProvider = (next
  ? await import('ai-sdk-openai-next')
  : await import('@ai-sdk/openai')) as unknown as typeof OpenAiModule;
export const anthropicProvider = (next
  ? await import('ai-sdk-anthropic-next')
  : await import('@ai-sdk/anthropic')) as unknown as typeof AnthropicModule;
export const googleProvider = (next
  ? await import('ai-sdk-google-next')
  : await import('@ai-sdk/google')) as unknown as typeof GoogleModule;
export const openAiCompatibleProvider = (next
  ? await import('ai-sdk-openai-compatible-next')
  : await import('@ai-sdk/openai-compatible')) as unknown as typeof OpenAiCompatibleModule;

export const AI_SDK_PACKAGES = {
  ai: lanePackage('ai', 'ai-next'),
  openai: lanePackage('@ai-sdk/openai', 'ai-sdk-openai-next'),
  anthropic: lanePackage('@ai-sdk/anthropic', 'ai-sdk-anthropic-next'),
  google: lanePackage('@ai-sdk/google', 'ai-sdk-google-next'),
  openaiCompatible: lanePackage('@ai-sdk/openai-compatible', 'ai-sdk-openai-compatible-next'),
};
