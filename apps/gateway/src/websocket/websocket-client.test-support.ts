import { WebSocket, type RawData } from 'ws';

/** A server event of the Responses WebSocket mode, as the client parsed it. */
export type ServerEvent = Record<string, unknown> & { type: string };

/** The events that end a response. */
const TERMINAL = new Set(['response.completed', 'response.incomplete', 'response.failed', 'error']);

/** A raw WebSocket client that sends what Codex sends (the key as a bearer, the `OpenAI-Beta` header) and queues what it receives. */
export interface TestSocket {
  socket: WebSocket;
  send(message: unknown): void;
  /** The events of one response, up to and including the one that ends it. */
  untilEnd(): Promise<ServerEvent[]>;
  /** The next event. */
  next(): Promise<ServerEvent>;
  close(): Promise<void>;
}

/** The upgrade was refused: the HTTP status and body the client got. */
export interface Refused {
  status: number;
  body: string;
}

const CODEX_BETA = 'responses_websockets=2026-02-06';

/** Opens `ws://.../v1/responses`; resolves with the open socket, or with the refusal. */
export function openResponsesSocket(
  baseUrl: string,
  key: string | undefined,
  path = '/v1/responses',
): Promise<TestSocket | Refused> {
  const url = `${baseUrl.replace(/^http/, 'ws')}${path}`;
  const headers: Record<string, string> = {
    'openai-beta': CODEX_BETA,
    ...(key ? { authorization: `Bearer ${key}` } : {}),
  };
  const socket = new WebSocket(url, { headers });
  const queue: ServerEvent[] = [];
  const waiting: Array<(event: ServerEvent) => void> = [];
  socket.on('message', (data: RawData) => {
    const event = JSON.parse(String(data)) as ServerEvent;
    const wake = waiting.shift();
    if (wake) wake(event);
    else queue.push(event);
  });
  const next = (): Promise<ServerEvent> => {
    const queued = queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      waiting.push(resolve);
      socket.once('close', (code) => reject(new Error(`the socket closed (${code}) before the next event`)));
    });
  };
  const client: TestSocket = {
    socket,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next,
    async untilEnd() {
      const events: ServerEvent[] = [];
      for (;;) {
        const event = await next();
        events.push(event);
        if (TERMINAL.has(event.type)) return events;
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.once('error', (error) => reject(error));
  });
}

export function isOpen(result: TestSocket | Refused): result is TestSocket {
  return 'socket' in result;
}

/** An open socket, or a thrown error naming the refusal. */
export async function openOrThrow(baseUrl: string, key: string): Promise<TestSocket> {
  const result = await openResponsesSocket(baseUrl, key);
  if (!isOpen(result)) throw new Error(`upgrade refused: ${result.status} ${result.body}`);
  return result;
}

/** The text a response's deltas spelled. */
export function deltaText(events: readonly ServerEvent[]): string {
  return events
    .filter((event) => event.type === 'response.output_text.delta')
    .map((event) => String(event.delta))
    .join('');
}

/** The final response object of a response's events. */
export function finalResponse(events: readonly ServerEvent[]): Record<string, unknown> {
  const last = events.at(-1);
  if (last?.type !== 'response.completed') throw new Error(`the response ended with ${JSON.stringify(last)}`);
  return last.response as Record<string, unknown>;
}
