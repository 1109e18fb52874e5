import type * as OpenAiModule from '@langchain/openai';
import { LANE, lanePackage } from '../lane.js';

/**
 * LangChain for this lane. `@langchain/openai` 1.6 and newer need Node 22 (`openai` 7), so Node 20
 * runs 1.5.8; `@langchain/anthropic`, `@langchain/google-genai` and `@langchain/core` run their
 * current releases on both lanes.
 */
export const langchainOpenAi = (LANE === 'node24'
  ? await import('langchain-openai-next')
  : await import('@langchain/openai')) as unknown as typeof OpenAiModule;
export { ChatAnthropic } from '@langchain/anthropic';
export { ChatGoogleGenerativeAI } from '@langchain/google-genai';

export const LANGCHAIN_PACKAGES = {
  openai: lanePackage('@langchain/openai', 'langchain-openai-next'),
  anthropic: lanePackage('@langchain/anthropic', undefined),
  google: lanePackage('@langchain/google-genai', undefined),
  core: lanePackage('@langchain/core', undefined),
};
