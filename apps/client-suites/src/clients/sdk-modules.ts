import type * as GenAiModule from '@google/genai';
import type * as OpenAiModule from 'openai';
import { LANE, lanePackage } from '../lane.js';

/**
 * The providers' own SDKs for this lane: `openai` 6 and `@google/genai` 2 on Node 20, `openai` 7
 * and `@google/genai` 3 on the current lane; `@anthropic-ai/sdk` runs its current release on both.
 */
const next = LANE === 'node24';

export const openAiSdk = (next
  ? await import('openai-next')
  : await import('openai')) as unknown as typeof OpenAiModule;
export const genAiSdk = (next
  ? await import('google-genai-next')
  : await import('@google/genai')) as unknown as typeof GenAiModule;
export { default as Anthropic } from '@anthropic-ai/sdk';

export const SDK_PACKAGES = {
  openai: lanePackage('openai', 'openai-next'),
  genai: lanePackage('@google/genai', 'google-genai-next'),
  anthropic: lanePackage('@anthropic-ai/sdk', undefined),
};
