import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The fleet's upstream on loopback: an OpenAI Chat Completions and an Anthropic Messages
 * endpoint answering every request with the same usage (so each ledger row's tokens and cost are
 * known), streamed over `streamMs` in several events, or whole after `delayMs`.
 */
export const UPSTREAM_USAGE = { input: 11, output: 7 } as const;
const WORDS = ['Fleet', ' answer', ' from', ' the', ' loopback', ' upstream', '.'];

export interface FleetUpstream {
  url: string;
  /** Requests answered so far. */
  answered(): number;
  close(): Promise<void>;
}

export async function startFleetUpstream(options: { streamMs: number; delayMs: number }): Promise<FleetUpstream> {
  let answered = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      const model = typeof body.model === 'string' ? body.model : 'unknown';
      const answer = request.url?.endsWith('/chat/completions')
        ? chat
        : request.url?.endsWith('/v1/messages')
          ? messages
          : undefined;
      if (!answer) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: `no route ${request.url}` } }));
        return;
      }
      void answer({ response, model, stream: body.stream === true, options }).then(() => answered++);
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answered: () => answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** One request to answer. */
interface Reply {
  response: ServerResponse;
  model: string;
  stream: boolean;
  options: { streamMs: number; delayMs: number };
}

/** A whole answer after `delayMs`. */
async function answerJson(response: ServerResponse, body: unknown, delayMs: number): Promise<void> {
  await pause(delayMs);
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Writes the events one by one, spread over `streamMs`; stops quietly when the gateway left. */
async function streamEvents(response: ServerResponse, events: string[], streamMs: number): Promise<void> {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const gap = streamMs / events.length;
  for (const event of events) {
    if (response.destroyed) return;
    response.write(event);
    await pause(gap);
  }
  response.end();
}

async function chat({ response, model, stream, options }: Reply): Promise<void> {
  const usage = {
    prompt_tokens: UPSTREAM_USAGE.input,
    completion_tokens: UPSTREAM_USAGE.output,
    total_tokens: UPSTREAM_USAGE.input + UPSTREAM_USAGE.output,
  };
  const base = { id: 'chatcmpl-fleet', created: 1_700_000_000, model };
  if (!stream) {
    const message = { role: 'assistant', content: WORDS.join('') };
    const choices = [{ index: 0, message, finish_reason: 'stop', logprobs: null }];
    return answerJson(response, { ...base, object: 'chat.completion', choices, usage }, options.delayMs);
  }
  const chunk = (payload: Record<string, unknown>): string =>
    `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', ...payload })}\n\n`;
  const events = [
    chunk({ choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] }),
    ...WORDS.map((word) => chunk({ choices: [{ index: 0, delta: { content: word }, finish_reason: null }] })),
    chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }),
    chunk({ choices: [], usage }),
    'data: [DONE]\n\n',
  ];
  await streamEvents(response, events, options.streamMs);
}

async function messages({ response, model, stream, options }: Reply): Promise<void> {
  const message = {
    id: 'msg_fleet',
    type: 'message',
    role: 'assistant',
    model,
    stop_sequence: null,
  };
  if (!stream) {
    const usage = { input_tokens: UPSTREAM_USAGE.input, output_tokens: UPSTREAM_USAGE.output };
    const content = [{ type: 'text', text: WORDS.join('') }];
    return answerJson(response, { ...message, content, stop_reason: 'end_turn', usage }, options.delayMs);
  }
  const event = (type: string, payload: Record<string, unknown>): string =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...payload })}\n\n`;
  const events = [
    event('message_start', {
      message: {
        ...message,
        content: [],
        stop_reason: null,
        usage: { input_tokens: UPSTREAM_USAGE.input, output_tokens: 1 },
      },
    }),
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    ...WORDS.map((word) => event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: word } })),
    event('content_block_stop', { index: 0 }),
    event('message_delta', {
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: UPSTREAM_USAGE.output },
    }),
    event('message_stop', {}),
  ];
  await streamEvents(response, events, options.streamMs);
}
