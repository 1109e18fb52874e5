import type { ServerResponse } from 'node:http';
import { sendJson, sendSse, type ReceivedRequest } from '@interlingua/testkit';
import { bedrockUpstream, converseStream } from './bedrock-e2e.test-support.js';
import { readWireRequest } from './upstream-wires.test-support.js';
import {
  decide,
  SCRIPTED_USAGE as USAGE,
  scriptOf,
  stringsOf,
  type Decision,
  type ModelTurn,
} from './mcp-in-requests-model.test-support.js';

/**
 * Scripted upstreams for the MCP-in-requests judges, one per wire the gateway runs the loop over
 * (chat completions, Anthropic Messages, Gemini, Bedrock Converse), each answering whole or
 * streamed in the shapes the provider's API reference documents. The upstream model id names the
 * script (`echo`, `failing`, …, see mcp-in-requests-model.test-support.ts). Requests that break the
 * provider's documented schema are refused, so the loop's inner requests are judged too.
 */
export type ScriptedWire = 'openai-chat' | 'anthropic-messages' | 'gemini' | 'bedrock-converse';

type Reply = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;
type Body = Record<string, unknown>;
type Json = Record<string, unknown>;

const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const sse = (data: unknown, event?: string): string =>
  `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

// ---------------------------------------------------------------- chat completions

function chatTurn(body: Body): ModelTurn {
  return {
    tools: list(body.tools).map((tool) => String((tool.function as Json | undefined)?.name)),
    results: list(body.messages)
      .filter((message) => message.role === 'tool')
      .map((message) => stringsOf(message.content)),
  };
}

function chatReply(request: ReceivedRequest, response: ServerResponse): Promise<void> | void {
  const body = request.json() as Body;
  const decision = decide(scriptOf(String(body.model)), chatTurn(body), 'call_');
  const usage = {
    prompt_tokens: USAGE.input,
    completion_tokens: USAGE.output,
    total_tokens: USAGE.input + USAGE.output,
  };
  const head = { id: 'chatcmpl-scripted', created: 1_760_000_000, model: String(body.model) };
  const finish = decision.kind === 'calls' ? 'tool_calls' : 'stop';
  const toolCalls = (decision.kind === 'calls' ? decision.calls : []).map((call, index) => ({
    index,
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.args) },
  }));
  if (body.stream !== true) {
    const message =
      decision.kind === 'calls'
        ? { role: 'assistant', content: null, tool_calls: toolCalls.map(({ index: _index, ...call }) => call) }
        : { role: 'assistant', content: decision.text };
    return sendJson(response, 200, {
      ...head,
      object: 'chat.completion',
      choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
      usage,
    });
  }
  const chunk = (delta: Json, finishReason: string | null, extra: Json = {}): string =>
    sse({
      ...head,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
      ...extra,
    });
  const deltas =
    decision.kind === 'calls'
      ? toolCalls.flatMap((call) => {
          const args = call.function.arguments;
          const cut = Math.ceil(args.length / 2);
          return [
            chunk(
              { tool_calls: [{ ...call, function: { name: call.function.name, arguments: args.slice(0, cut) } }] },
              null,
            ),
            chunk({ tool_calls: [{ index: call.index, function: { arguments: args.slice(cut) } }] }, null),
          ];
        })
      : [chunk({ content: decision.text.slice(0, 8) }, null), chunk({ content: decision.text.slice(8) }, null)];
  const usageChunk = sse({ ...head, object: 'chat.completion.chunk', choices: [], usage });
  return sendSse(
    response,
    [
      chunk({ role: 'assistant', content: '' }, null),
      ...deltas,
      chunk({}, finish),
      usageChunk,
      'data: [DONE]\n\n',
    ].join(''),
  );
}

// ---------------------------------------------------------------- Anthropic Messages

function anthropicTurn(body: Body): ModelTurn {
  const blocks = list(body.messages).flatMap((message) => list(message.content));
  return {
    tools: list(body.tools).map((tool) => String(tool.name)),
    results: blocks.filter((block) => block.type === 'tool_result').map((block) => stringsOf(block.content)),
  };
}

function anthropicBlocks(decision: Decision): Json[] {
  if (decision.kind === 'text') return [{ type: 'text', text: decision.text }];
  return decision.calls.map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: call.args }));
}

function anthropicReply(request: ReceivedRequest, response: ServerResponse): Promise<void> | void {
  const body = request.json() as Body;
  const decision = decide(scriptOf(String(body.model)), anthropicTurn(body), 'toolu_scripted');
  const stopReason = decision.kind === 'calls' ? 'tool_use' : 'end_turn';
  const blocks = anthropicBlocks(decision);
  const message = {
    id: 'msg_scripted',
    type: 'message',
    role: 'assistant',
    model: String(body.model),
    stop_sequence: null,
  };
  if (body.stream !== true)
    return sendJson(response, 200, {
      ...message,
      content: blocks,
      stop_reason: stopReason,
      usage: { input_tokens: USAGE.input, output_tokens: USAGE.output },
    });
  const events = [
    sse(
      {
        type: 'message_start',
        message: { ...message, content: [], stop_reason: null, usage: { input_tokens: USAGE.input, output_tokens: 1 } },
      },
      'message_start',
    ),
    ...blocks.flatMap((block, index) => {
      const start = block.type === 'text' ? { type: 'text', text: '' } : { ...block, input: {} };
      const delta =
        block.type === 'text'
          ? { type: 'text_delta', text: block.text }
          : { type: 'input_json_delta', partial_json: JSON.stringify(block.input) };
      return [
        sse({ type: 'content_block_start', index, content_block: start }, 'content_block_start'),
        sse({ type: 'content_block_delta', index, delta }, 'content_block_delta'),
        sse({ type: 'content_block_stop', index }, 'content_block_stop'),
      ];
    }),
    sse(
      {
        type: 'message_delta',
        delta: { stop_reason: stopReason, stop_sequence: null },
        usage: { output_tokens: USAGE.output },
      },
      'message_delta',
    ),
    sse({ type: 'message_stop' }, 'message_stop'),
  ];
  return sendSse(response, events.join(''));
}

// ---------------------------------------------------------------- Gemini

const GEMINI_PATH = /\/models\/([^/:]+):(generateContent|streamGenerateContent)/;

function geminiTurn(body: Body): ModelTurn {
  const parts = list(body.contents).flatMap((content) => list(content.parts));
  return {
    tools: list(body.tools).flatMap((tool) => list(tool.functionDeclarations).map((f) => String(f.name))),
    results: parts
      .filter((part) => part.functionResponse)
      .map((part) => stringsOf((part.functionResponse as Json).response)),
  };
}

function geminiReply(request: ReceivedRequest, response: ServerResponse): Promise<void> | void {
  const body = request.json() as Body;
  const [, model = '', method] = GEMINI_PATH.exec(request.url) ?? [];
  const decision = decide(scriptOf(decodeURIComponent(model)), geminiTurn(body), 'fc_');
  const parts =
    decision.kind === 'calls'
      ? decision.calls.map((call) => ({ functionCall: { id: call.id, name: call.name, args: call.args } }))
      : [{ text: decision.text }];
  const answer = {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: {
      promptTokenCount: USAGE.input,
      candidatesTokenCount: USAGE.output,
      totalTokenCount: USAGE.input + USAGE.output,
    },
    modelVersion: decodeURIComponent(model),
    responseId: 'scripted',
  };
  if (method !== 'streamGenerateContent') return sendJson(response, 200, answer);
  // Gemini streams each part in its own chunk, usage on every chunk, the finish reason on the last.
  const pieces = parts.map((part, index) => ({
    ...answer,
    candidates: [
      {
        content: { role: 'model', parts: [part] },
        index: 0,
        ...(index === parts.length - 1 ? { finishReason: 'STOP' } : {}),
      },
    ],
  }));
  return sendSse(response, pieces.map((piece) => `data: ${JSON.stringify(piece)}\r\n\r\n`).join(''));
}

// ---------------------------------------------------------------- Bedrock Converse

function bedrockTurn(body: Body): ModelTurn {
  const blocks = list(body.messages).flatMap((message) => list(message.content));
  return {
    tools: list((body.toolConfig as Json | undefined)?.tools).map((tool) => String((tool.toolSpec as Json).name)),
    results: blocks.filter((block) => block.toolResult).map((block) => stringsOf((block.toolResult as Json).content)),
  };
}

function bedrockReply(request: ReceivedRequest, response: ServerResponse): Promise<void> | void {
  const [, model = '', stream] = /^\/model\/([^/]+)\/converse(-stream)?$/.exec(request.url) ?? [];
  const decision = decide(scriptOf(decodeURIComponent(model)), bedrockTurn(request.json() as Body), 'tooluse_');
  const stopReason = decision.kind === 'calls' ? 'tool_use' : 'end_turn';
  const usage = { inputTokens: USAGE.input, outputTokens: USAGE.output, totalTokens: USAGE.input + USAGE.output };
  const content =
    decision.kind === 'calls'
      ? decision.calls.map((call) => ({ toolUse: { toolUseId: call.id, name: call.name, input: call.args } }))
      : [{ text: decision.text }];
  if (!stream)
    return sendJson(response, 200, {
      output: { message: { role: 'assistant', content } },
      stopReason,
      usage,
      metrics: { latencyMs: 20 },
    });
  const blocks = content.flatMap((block, contentBlockIndex): Array<[string, Json]> => {
    if ('text' in block) return [['contentBlockDelta', { contentBlockIndex, delta: { text: block.text } }]];
    const { toolUseId, name, input } = block.toolUse;
    return [
      ['contentBlockStart', { contentBlockIndex, start: { toolUse: { toolUseId, name } } }],
      ['contentBlockDelta', { contentBlockIndex, delta: { toolUse: { input: JSON.stringify(input) } } }],
    ];
  });
  return converseStream([
    ['messageStart', { role: 'assistant' }],
    ...content.flatMap((_block, contentBlockIndex): Array<[string, Json]> => [
      ...blocks.filter(([, data]) => data.contentBlockIndex === contentBlockIndex),
      ['contentBlockStop', { contentBlockIndex }],
    ]),
    ['messageStop', { stopReason }],
    ['metadata', { usage, metrics: { latencyMs: 20 } }],
  ])(request, response);
}

/**
 * The scripted upstream of `wire`. Each checks the request against the provider's documented
 * request schema first (packages/testkit) and answers a breach with a 400 naming it, as the
 * provider would refuse it; Bedrock's also checks the SigV4 signature.
 */
export function scriptedUpstream(wire: ScriptedWire): Reply {
  if (wire === 'bedrock-converse') return bedrockUpstream(() => bedrockReply);
  const reply = wire === 'openai-chat' ? chatReply : wire === 'anthropic-messages' ? anthropicReply : geminiReply;
  return (request, response) => {
    const read = readWireRequest(request);
    if (typeof read === 'string')
      return sendJson(response, 400, { error: { type: 'invalid_request_error', message: read } });
    return reply(request, response);
  };
}
