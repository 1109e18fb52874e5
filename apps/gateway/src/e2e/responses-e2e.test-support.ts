import type { ServerResponse } from 'node:http';
import {
  anthropicUpstreamRequestSchema,
  openAiChatUpstreamRequestSchema,
  openAiResponsesUpstreamRequestSchema,
  sendJson,
  sendSse,
  type ReceivedRequest,
} from '@interlingua/testkit';
import type { Reply } from './anthropic-e2e.test-support.js';

/** What a scripted upstream model reads from a request, whatever its wire. */
interface Turn {
  tools: string[];
  /** The last turn holds tool results (their text). */
  toolResults: string[] | undefined;
  lastUserText: string;
  userTurns: number;
  thinking: boolean;
}

/** The scripted answer: a call of the first tool, or text. */
interface Answer {
  thinking?: { text: string; signature: string };
  toolCall?: { id: string; name: string; arguments: string };
  text?: string;
}

/** The calls a scripted model made, so tests can tell turns apart. */
let callCounter = 0;

/**
 * A deterministic model: with tools offered and no tool results in the last turn, it calls the
 * first tool with `{"city":"Paris"}`; after tool results it reports them; otherwise it answers
 * `Turn <n>: <last user text>`, n counting the user turns it was sent (so tests see history).
 */
function decide(turn: Turn): Answer {
  callCounter++;
  const thinking = turn.thinking
    ? { text: `Thinking about turn ${turn.userTurns}.`, signature: `sig-${callCounter}` }
    : undefined;
  const base = thinking ? { thinking } : {};
  const tool = turn.tools[0];
  if (tool && !turn.toolResults)
    return { ...base, toolCall: { id: `toolu_${callCounter}`, name: tool, arguments: '{"city":"Paris"}' } };
  if (turn.toolResults) return { ...base, text: `The tool said: ${turn.toolResults.join(' | ')}` };
  return { ...base, text: `Turn ${turn.userTurns}: ${turn.lastUserText}` };
}

type Block = { type: string; text?: unknown; content?: unknown };

function blocksOf(content: unknown): Block[] {
  return typeof content === 'string'
    ? [{ type: 'text', text: content }]
    : Array.isArray(content)
      ? (content as Block[])
      : [];
}

function textOf(content: unknown): string {
  return blocksOf(content)
    .map((block) =>
      typeof block.text === 'string' ? block.text : block.type === 'tool_result' ? textOf(block.content) : '',
    )
    .join('');
}

function anthropicTurn(body: Record<string, unknown>): Turn {
  const messages = body.messages as Array<{ role: string; content: unknown }>;
  const users = messages.filter((m) => m.role === 'user' && !blocksOf(m.content).some((b) => b.type === 'tool_result'));
  const last = messages.at(-1);
  const results = last ? blocksOf(last.content).filter((b) => b.type === 'tool_result') : [];
  return {
    tools: ((body.tools as Array<{ name: string }> | undefined) ?? []).map((t) => t.name),
    toolResults: results.length > 0 ? results.map((b) => textOf(b.content)) : undefined,
    lastUserText: textOf(users.at(-1)?.content),
    userTurns: users.length,
    thinking: (body.thinking as { type?: string } | undefined)?.type === 'enabled',
  };
}

function anthropicBlocks(answer: Answer): Record<string, unknown>[] {
  const blocks: Record<string, unknown>[] = [];
  if (answer.thinking)
    blocks.push({ type: 'thinking', thinking: answer.thinking.text, signature: answer.thinking.signature });
  if (answer.toolCall)
    blocks.push({
      type: 'tool_use',
      id: answer.toolCall.id,
      name: answer.toolCall.name,
      input: JSON.parse(answer.toolCall.arguments) as unknown,
    });
  if (answer.text !== undefined) blocks.push({ type: 'text', text: answer.text });
  return blocks;
}

function anthropicSse(model: string, answer: Answer): string {
  const events: Array<Record<string, unknown>> = [
    {
      type: 'message_start',
      message: {
        id: `msg_${callCounter}`,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    },
  ];
  anthropicBlocks(answer).forEach((block, index) => {
    if (block.type === 'thinking') {
      events.push({ type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '' } });
      events.push({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: block.thinking } });
      events.push({
        type: 'content_block_delta',
        index,
        delta: { type: 'signature_delta', signature: block.signature },
      });
    } else if (block.type === 'tool_use') {
      events.push({
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
      });
      events.push({
        type: 'content_block_delta',
        index,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
      });
    } else {
      events.push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } });
    }
    events.push({ type: 'content_block_stop', index });
  });
  events.push({
    type: 'message_delta',
    delta: { stop_reason: answer.toolCall ? 'tool_use' : 'end_turn', stop_sequence: null },
    usage: { output_tokens: 7 },
  });
  events.push({ type: 'message_stop' });
  return events.map((event) => `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`).join('');
}

/** A scripted model behind an Anthropic Messages loopback upstream; every request is checked against Anthropic's documented schema. */
export function anthropicModel(): Reply {
  return (request: ReceivedRequest, response: ServerResponse) => {
    const body = anthropicUpstreamRequestSchema.parse(request.json()) as Record<string, unknown>;
    const answer = decide(anthropicTurn(body));
    const model = String(body.model);
    if (body.stream === true) return sendSse(response, anthropicSse(model, answer));
    return sendJson(response, 200, {
      id: `msg_${callCounter}`,
      type: 'message',
      role: 'assistant',
      model,
      content: anthropicBlocks(answer),
      stop_reason: answer.toolCall ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 7 },
    });
  };
}

function chatTurn(body: Record<string, unknown>): Turn {
  const messages = body.messages as Array<{ role: string; content: unknown }>;
  const users = messages.filter((m) => m.role === 'user');
  const trailing: string[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i]?.role === 'tool'; i--)
    trailing.unshift(textOf(messages[i]?.content));
  return {
    tools: ((body.tools as Array<{ function: { name: string } }> | undefined) ?? []).map((t) => t.function.name),
    toolResults: trailing.length > 0 ? trailing : undefined,
    lastUserText: textOf(users.at(-1)?.content),
    userTurns: users.length,
    thinking: false,
  };
}

function chatSse(model: string, answer: Answer, includeUsage: boolean): string {
  const chunk = (delta: Record<string, unknown>, finish: string | null): Record<string, unknown> => ({
    id: `chatcmpl-${callCounter}`,
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const chunks = [chunk({ role: 'assistant', content: '' }, null)];
  if (answer.toolCall) {
    const { id, name, arguments: args } = answer.toolCall;
    chunks.push(chunk({ tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: '' } }] }, null));
    chunks.push(chunk({ tool_calls: [{ index: 0, function: { arguments: args } }] }, null));
  } else {
    chunks.push(chunk({ content: answer.text }, null));
  }
  chunks.push(chunk({}, answer.toolCall ? 'tool_calls' : 'stop'));
  if (includeUsage)
    chunks.push({
      ...chunk({}, null),
      choices: [],
      usage: { prompt_tokens: 10, completion_tokens: 7, total_tokens: 17 },
    });
  return `${chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('')}data: [DONE]\n\n`;
}

/** A scripted model behind an OpenAI chat-completions loopback upstream; requests are checked against OpenAI's documented schema. */
export function chatModel(): Reply {
  return (request: ReceivedRequest, response: ServerResponse) => {
    const body = openAiChatUpstreamRequestSchema.parse(request.json()) as Record<string, unknown>;
    const answer = decide(chatTurn(body));
    const model = String(body.model);
    if (body.stream === true) {
      const includeUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
      return sendSse(response, chatSse(model, answer, includeUsage));
    }
    const toolCalls = answer.toolCall
      ? [
          {
            id: answer.toolCall.id,
            type: 'function',
            function: { name: answer.toolCall.name, arguments: answer.toolCall.arguments },
          },
        ]
      : undefined;
    return sendJson(response, 200, {
      id: `chatcmpl-${callCounter}`,
      object: 'chat.completion',
      created: 1_700_000_000,
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: answer.text ?? null, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
          finish_reason: toolCalls ? 'tool_calls' : 'stop',
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 7, total_tokens: 17 },
    });
  };
}

/** The JSON bodies an upstream received on paths ending with `suffix`. */
export function bodiesSent(requests: readonly ReceivedRequest[], suffix: string): Record<string, unknown>[] {
  return requests.filter((r) => r.url.split('?')[0]?.endsWith(suffix)).map((r) => r.json() as Record<string, unknown>);
}

/** The last `/responses` body an upstream received, checked against OpenAI's documented schema. */
export function lastResponsesBody(requests: readonly ReceivedRequest[]): Record<string, unknown> {
  const body = bodiesSent(requests, '/responses').at(-1);
  if (!body) throw new Error('the upstream saw no /responses request');
  openAiResponsesUpstreamRequestSchema.parse(body);
  return body;
}
