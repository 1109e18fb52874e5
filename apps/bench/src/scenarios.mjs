import { availableParallelism } from 'node:os';
import {
  agentRequest,
  agentTurnRequest,
  chatRequest,
  embeddingsRequest,
  geminiStreamRequest,
  messagesRequest,
  messagesStreamRequest,
  responsesStreamRequest,
} from './request-bodies.mjs';

/**
 * What the bench runs. Every scenario sends the same requests to every target; the upstream's
 * stream profile is set before it starts.
 *
 * @typedef {import('./load-generator.mjs').RequestSpec} RequestSpec
 * @typedef {import('./upstream-server.mjs').StreamProfile} StreamProfile
 *
 * @typedef {object} Scenario
 * @property {string} id
 * @property {string} title
 * @property {'window' | 'slow' | 'soak' | 'workers' | 'ladder' | 'telemetry' | 'websocket'} kind window: duration-bounded samples; slow: N streams held open at once; soak: N requests, RSS sampled; workers: window samples with a second gateway running one worker per core beside the one-process gateway; telemetry: window samples with a second gateway exporting traces beside the gateway with tracing off; websocket: the same Responses turns to the gateway over HTTP and over the Responses WebSocket mode.
 * @property {RequestSpec[]} requests Cycled through by the workers.
 * @property {number} concurrency
 * @property {StreamProfile} profile
 * @property {boolean} paced Longer samples (streams at a realistic pace).
 * @property {string[]} expect Substrings every target's answer must hold (checked once per target before measuring).
 * @property {string} note How to read it.
 * @property {boolean} [optional] Skipped, with a note, when the gateway does not serve the path.
 * @property {number} [bodyKb] The request body's size in KB (the agent turns: CPU per KB is reported).
 * @property {number[]} [rungs] Ladder: concurrent streams of each rung.
 */

const BURST = { ttftMs: 0, chunks: 20, gapMs: 0 };
const NONE = { ttftMs: 0, chunks: 20, gapMs: 0 };
const LADDER_PACE = { ttftMs: 20, chunks: 25, gapMs: 20 };
const LADDER_RUNGS = [64, 128, 256, 512];

/**
 * Agent turns of 4, 64 and 256 KB (the whole conversation with its tools), same style and
 * translated, streamed in a burst at concurrency 20: CPU per KB shows whether cost grows with
 * the body linearly.
 * @returns {Scenario[]}
 */
function agentTurnScenarios() {
  /** @type {Array<[string, 'chat' | 'messages' | 'responses', string, number, string, string]>} */
  const list = [
    ['agent-chat-4k', 'chat', 'gpt-4.1-mini', 4, '[DONE]', 'same style (OpenAI chat)'],
    ['agent-chat-64k', 'chat', 'gpt-4.1-mini', 64, '[DONE]', 'same style (OpenAI chat)'],
    ['agent-chat-256k', 'chat', 'gpt-4.1-mini', 256, '[DONE]', 'same style (OpenAI chat)'],
    ['agent-messages-chat-4k', 'messages', 'gpt-4.1-mini', 4, 'message_stop', 'Messages in, OpenAI-chat upstream'],
    ['agent-messages-chat-64k', 'messages', 'gpt-4.1-mini', 64, 'message_stop', 'Messages in, OpenAI-chat upstream'],
    ['agent-messages-chat-256k', 'messages', 'gpt-4.1-mini', 256, 'message_stop', 'Messages in, OpenAI-chat upstream'],
    [
      'agent-responses-anthropic-64k',
      'responses',
      'claude-sonnet-4-5',
      64,
      'response.completed',
      'Responses in, Anthropic upstream',
    ],
    ['agent-chat-gemini-64k', 'chat', 'gemini-2.5-flash', 64, '[DONE]', 'OpenAI chat in, Gemini upstream'],
  ];
  return list.map(([id, style, model, kb, marker, what]) => {
    const request = agentTurnRequest(style, model, kb);
    return {
      id,
      title: `Agent turn, ${(request.body.length / 1024).toFixed(0)} KB, ${what}, stream burst, concurrency 20`,
      kind: 'window',
      requests: [request],
      concurrency: 20,
      profile: BURST,
      paced: false,
      expect: [marker],
      note: `${what}; direct and floors get the same request answered natively by the upstream`,
      bodyKb: request.body.length / 1024,
    };
  });
}

/**
 * @param {import('./bench-settings.mjs').BenchSettings} settings
 * @returns {Scenario[]}
 */
export function allScenarios(settings) {
  const chatJson = chatRequest(false);
  const chatStream = chatRequest(true);
  /** @type {Scenario[]} */
  const list = [
    {
      id: 'chat-c1',
      title: 'Chat, non-streaming, concurrency 1',
      kind: 'window',
      requests: [chatJson],
      concurrency: 1,
      profile: NONE,
      paced: false,
      expect: ['"chat.completion"'],
      note: 'fast path; added latency of one request',
    },
    {
      id: 'chat-c50',
      title: 'Chat, non-streaming, concurrency 50',
      kind: 'window',
      requests: [chatJson],
      concurrency: 50,
      profile: NONE,
      paced: false,
      expect: ['"chat.completion"'],
      note: 'fast path; throughput',
    },
    {
      id: 'chat-cache-hit-c50',
      title: 'Chat, non-streaming, concurrency 50, answered from the response cache',
      kind: 'window',
      requests: [chatRequest(false, 'gpt-4.1-mini-cached')],
      concurrency: 50,
      profile: NONE,
      paced: false,
      expect: ['"chat.completion"'],
      note: 'a response-cache hit on the gateway (no upstream call) beside a relayed call for direct and the floors; compare with chat-c50 (the relayed miss)',
    },
    {
      id: 'chat-c200',
      title: 'Chat, non-streaming, concurrency 200',
      kind: 'window',
      requests: [chatJson],
      concurrency: 200,
      profile: NONE,
      paced: false,
      expect: ['"chat.completion"'],
      note: 'fast path; throughput under queueing',
    },
    {
      id: 'agent-64k',
      title: 'Agent request, 64 KB body, streaming burst, concurrency 20',
      kind: 'window',
      requests: [agentRequest()],
      concurrency: 20,
      profile: BURST,
      paced: false,
      expect: ['[DONE]'],
      note: 'fast path with a large body (the gateway parses it once and splices include_usage into its bytes)',
      bodyKb: agentRequest().body.length / 1024,
    },
    ...agentTurnScenarios(),
    {
      id: 'stream-ladder',
      title: `Paced streams, ${LADDER_RUNGS.join(' → ')} at once (an event every ${LADDER_PACE.gapMs} ms, ${LADDER_PACE.chunks} events)`,
      kind: 'ladder',
      requests: [chatStream],
      concurrency: LADDER_RUNGS[LADDER_RUNGS.length - 1] ?? 512,
      profile: LADDER_PACE,
      paced: true,
      expect: ['[DONE]'],
      note: `a rung passes when no event reaches the client more than ${2 * LADDER_PACE.gapMs} ms (2× the pace) later than its pace says (after the one before it) and at least 99.9 % of the events arrive`,
      rungs: LADDER_RUNGS,
    },
    {
      id: 'stream-burst',
      title: 'Chat stream, 20 chunks back to back, concurrency 50',
      kind: 'window',
      requests: [chatStream],
      concurrency: 50,
      profile: BURST,
      paced: false,
      expect: ['[DONE]'],
      note: 'fast path; per-chunk cost',
    },
    {
      id: 'stream-paced-c10',
      title: `Chat stream, realistic pace (first token ${settings.paced.ttftMs} ms, ${settings.paced.chunks} chunks every ${settings.paced.gapMs} ms), concurrency 10`,
      kind: 'window',
      requests: [chatStream],
      concurrency: 10,
      profile: settings.paced,
      paced: true,
      expect: ['[DONE]'],
      note: 'fast path; the per-request overhead on the time to first event, without queueing',
    },
    {
      id: 'stream-paced',
      title: `Chat stream, realistic pace (first token ${settings.paced.ttftMs} ms, ${settings.paced.chunks} chunks every ${settings.paced.gapMs} ms), concurrency 100`,
      kind: 'window',
      requests: [chatStream],
      concurrency: 100,
      profile: settings.paced,
      paced: true,
      expect: ['[DONE]'],
      note: 'fast path; what a user of a real model sees',
    },
    {
      id: 'cross-messages-openai',
      title: 'Messages in, OpenAI-chat upstream, stream burst, concurrency 50',
      kind: 'window',
      requests: [messagesStreamRequest('gpt-4.1-mini')],
      concurrency: 50,
      profile: BURST,
      paced: false,
      expect: ['message_stop'],
      note: 'translated; direct and floors get the same Messages request answered natively by the upstream',
    },
    {
      id: 'cross-messages-openai-json',
      title: 'Messages in, OpenAI-chat upstream, non-streaming, concurrency 50',
      kind: 'window',
      requests: [messagesRequest('gpt-4.1-mini', false)],
      concurrency: 50,
      profile: NONE,
      paced: false,
      expect: ['"end_turn"'],
      note: 'translated small request; direct and floors get the same Messages request answered natively by the upstream',
    },
    {
      id: 'cross-responses-anthropic',
      title: 'Responses in, Anthropic upstream, stream burst, concurrency 50',
      kind: 'window',
      requests: [responsesStreamRequest('claude-sonnet-4-5')],
      concurrency: 50,
      profile: BURST,
      paced: false,
      expect: ['response.completed'],
      note: 'translated; direct and floors get the same Responses request answered natively by the upstream',
    },
    {
      id: 'ws-turns',
      title:
        'Responses turns, OpenAI Responses upstream (same style), stream burst, concurrency 20: HTTP against WebSocket',
      kind: 'websocket',
      requests: [responsesStreamRequest('gpt-4.1-mini-responses')],
      concurrency: 20,
      profile: BURST,
      paced: false,
      expect: ['response.completed'],
      note: 'gateway-http: one keep-alive connection per client, POST /v1/responses; gateway-ws: one socket per client (as Codex keeps one), each turn a response.create sent after the last one ended',
    },
    {
      id: 'ws-turns-translated',
      title: 'Responses turns, Anthropic upstream (translated), stream burst, concurrency 20: HTTP against WebSocket',
      kind: 'websocket',
      requests: [responsesStreamRequest('claude-sonnet-4-5')],
      concurrency: 20,
      profile: BURST,
      paced: false,
      expect: ['response.completed'],
      note: 'as ws-turns, through the IR to an Anthropic upstream',
    },
    {
      id: 'embeddings-c50',
      title: 'Embeddings (1,536 floats), concurrency 50',
      kind: 'window',
      requests: [embeddingsRequest()],
      concurrency: 50,
      profile: NONE,
      paced: false,
      expect: ['"embedding"'],
      note: 'a ~20 KB JSON answer',
      optional: true,
    },
    {
      id: 'gemini-stream-burst',
      title: 'Gemini stream (alt=sse), burst, concurrency 50',
      kind: 'window',
      requests: [geminiStreamRequest()],
      concurrency: 50,
      profile: BURST,
      paced: false,
      expect: ['finishReason'],
      note: 'fast path, Gemini wire (full scale only)',
    },
    {
      id: 'workers',
      title: `Chat, non-streaming, concurrency 50: one gateway process against ${availableParallelism()} workers (server.workers: auto)`,
      kind: 'workers',
      requests: [chatJson],
      concurrency: 50,
      profile: NONE,
      paced: false,
      expect: ['"chat.completion"'],
      note: 'throughput on every core; the workers share the memory store through the primary process (one IPC message per event-loop turn); CPU and RSS are summed over the primary and its workers; the load generator and the upstream share the same cores',
    },
    {
      id: 'telemetry',
      title:
        'Messages in, OpenAI-chat upstream, stream burst, concurrency 50: tracing off (gateway-fresh) against on (gateway-otel)',
      kind: 'telemetry',
      requests: [messagesStreamRequest('gpt-4.1-mini')],
      concurrency: 50,
      profile: BURST,
      paced: false,
      expect: ['message_stop'],
      note: 'gateway-otel exports every request span and attempt span (OTLP/HTTP protobuf, batched) to a loopback receiver in the bench process; gateway-fresh has tracing off (the OpenTelemetry SDK not loaded) and was started with it and warmed up alike (3 s of this load each): compare those two rows for the cost of tracing; the gateway row is the long-running process, hot from the scenarios before',
    },
    {
      id: 'soak',
      title: `RSS over ${settings.sizes.soakRequests.toLocaleString('en-US')} requests (chat JSON, chat stream, Messages→OpenAI stream), concurrency 50`,
      kind: 'soak',
      requests: [chatJson, chatStream, messagesStreamRequest('gpt-4.1-mini')],
      concurrency: 50,
      profile: BURST,
      paced: false,
      expect: [],
      note: 'RSS sampled every 500 requests; the first 1,000 are warm-up; runs before the slow streams, whose heap would still be shrinking',
    },
    {
      id: 'slow-streams',
      title: `${settings.sizes.slowStreams.toLocaleString('en-US')} slow streams held open at once (first token 300 ms, 15 chunks every 100 ms)`,
      kind: 'slow',
      requests: [chatStream],
      concurrency: settings.sizes.slowStreams,
      profile: { ttftMs: 300, chunks: 15, gapMs: 100 },
      paced: true,
      expect: ['[DONE]'],
      note: 'memory with many open streams; "open at upstream" shows how many were really concurrent',
    },
  ];
  const fullOnly = new Set(['gemini-stream-burst']);
  return list.filter((scenario) =>
    settings.scenarios
      ? settings.scenarios.includes(scenario.id)
      : settings.scale === 'full' || !fullOnly.has(scenario.id),
  );
}
