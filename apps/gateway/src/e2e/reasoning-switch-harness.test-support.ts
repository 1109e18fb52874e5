import {
  anthropicThinkingUpstream,
  geminiThoughtUpstream,
  openAiChatReasoningUpstream,
  responsesReasoningUpstream,
  startLoopbackUpstream,
  type LoopbackUpstream,
  type ReceivedRequest,
} from '@interlingua/testkit';
import { startHarness, type Harness } from './gateway-harness.test-support.js';

/** The upstream families a conversation can switch between, each behind its own route. */
export type SwitchUpstream = 'anthropic' | 'chat' | 'responses' | 'gemini';

/** The route (model name) that reaches each upstream. */
export const ROUTE_OF: Record<SwitchUpstream, string> = {
  anthropic: 'claude-up',
  chat: 'chat-up',
  responses: 'responses-up',
  gemini: 'gemini-up',
};

export interface SwitchHarness {
  harness: Harness;
  anthropic: ReturnType<typeof anthropicThinkingUpstream>;
  gemini: ReturnType<typeof geminiThoughtUpstream>;
  responses: ReturnType<typeof responsesReasoningUpstream>;
  /** The loopback servers, to read what each upstream received. */
  servers: Record<SwitchUpstream, LoopbackUpstream>;
  close(): Promise<void>;
}

/** The requests an upstream received for generation (its verification ran on each). */
export function generationRequests(server: LoopbackUpstream): ReceivedRequest[] {
  return server.requests.filter((request) => request.method === 'POST');
}

/**
 * The gateway with four verifying upstreams: Anthropic (the harness's own upstream), an OpenAI
 * chat reasoning model, OpenAI Responses (stateless) and Gemini 3, one route each.
 */
export async function startSwitchHarness(
  sections: Record<string, unknown> = {},
  routeReasoning?: Record<string, unknown>,
): Promise<SwitchHarness> {
  const anthropic = anthropicThinkingUpstream();
  const gemini = geminiThoughtUpstream();
  const responses = responsesReasoningUpstream();
  const chat = openAiChatReasoningUpstream();
  const chatServer = await startLoopbackUpstream(chat.handler);
  const responsesServer = await startLoopbackUpstream(responses.handler);
  const geminiServer = await startLoopbackUpstream(gemini.handler);
  const extra = routeReasoning ? { reasoning: routeReasoning } : {};
  const harness = await startHarness(anthropic.handler, {
    upstreamProvider: { type: 'anthropic' },
    providers: [
      { id: 'chat', type: 'openai', baseUrl: `${chatServer.url}/v1`, apiKey: 'chat-secret' },
      {
        id: 'responses',
        type: 'openai',
        api: 'responses',
        baseUrl: `${responsesServer.url}/v1`,
        apiKey: 'responses-secret',
      },
      { id: 'gemini', type: 'gemini', baseUrl: geminiServer.url, apiKey: 'gemini-secret' },
    ],
    models: [
      {
        name: ROUTE_OF.anthropic,
        targets: [{ provider: 'upstream', model: 'claude-sonnet-4-5' }],
        defaultMaxOutputTokens: 4096,
        ...extra,
      },
      { name: ROUTE_OF.chat, targets: [{ provider: 'chat', model: 'o4-mini' }], ...extra },
      { name: ROUTE_OF.responses, targets: [{ provider: 'responses', model: 'o4-mini' }], ...extra },
      { name: ROUTE_OF.gemini, targets: [{ provider: 'gemini', model: 'gemini-3-pro-preview' }], ...extra },
    ],
    sections: { responses: { compaction: { secret: 'reasoning-carrier-test-secret' } }, ...sections },
  });
  return {
    harness,
    anthropic,
    gemini,
    responses,
    servers: { anthropic: harness.upstream, chat: chatServer, responses: responsesServer, gemini: geminiServer },
    async close() {
      await harness.close();
      await Promise.all([chatServer.close(), responsesServer.close(), geminiServer.close()]);
    },
  };
}
