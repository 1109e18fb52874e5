import type * as AgentsModule from '@openai/agents';
import { LANE, lanePackage } from '../lane.js';

/** The OpenAI Agents SDK for this lane: 0.14 with `openai` 6 on Node 20, the current release with `openai` 7 on Node 22+. */
const next = LANE === 'node24';

export const agents = (next
  ? await import('openai-agents-next')
  : await import('@openai/agents')) as unknown as typeof AgentsModule;

export const AGENTS_PACKAGES = {
  agents: lanePackage('@openai/agents', 'openai-agents-next'),
};
