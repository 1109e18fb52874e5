/**
 * The fleet's load: requests of every kind (Chat Completions, Messages, Responses; streamed or
 * not; to an upstream of the same style or the other), each with its own `x-request-id`, and a
 * record of what the client saw.
 */
export interface RequestKind {
  name: string;
  path: string;
  model: string;
  stream: boolean;
  /** Text a complete stream carries (its last event). */
  endMarker?: string;
  /** The request body for this kind. */
  body(model: string): Record<string, unknown>;
  /** Authentication headers for a secret, as this style's clients send them. */
  auth(secret: string): Record<string, string>;
}

const bearer = (secret: string): Record<string, string> => ({ authorization: `Bearer ${secret}` });
const anthropic = (secret: string): Record<string, string> => ({
  'x-api-key': secret,
  'anthropic-version': '2023-06-01',
});
const PROMPT = 'Say something short.';
const STYLES = {
  chat: {
    path: '/v1/chat/completions',
    endMarker: 'data: [DONE]',
    auth: bearer,
    body: (stream: boolean) => ({
      max_tokens: 32,
      ...(stream ? { stream_options: { include_usage: true } } : {}),
      messages: [{ role: 'user', content: PROMPT }],
    }),
  },
  messages: {
    path: '/v1/messages',
    endMarker: 'event: message_stop',
    auth: anthropic,
    body: () => ({ max_tokens: 32, messages: [{ role: 'user', content: PROMPT }] }),
  },
  responses: {
    path: '/v1/responses',
    endMarker: 'event: response.completed',
    auth: bearer,
    body: () => ({ store: false, max_output_tokens: 32, input: PROMPT }),
  },
} as const;

const kindOf = (style: keyof typeof STYLES, model: string, stream: boolean): RequestKind => {
  const spec = STYLES[style];
  return {
    name: `${style}${stream ? ' stream' : ''} > ${model}`,
    path: spec.path,
    model,
    stream,
    ...(stream ? { endMarker: spec.endMarker } : {}),
    body: (name) => ({ model: name, stream, ...spec.body(stream) }),
    auth: spec.auth,
  };
};
const chat = (model: string, stream: boolean): RequestKind => kindOf('chat', model, stream);
const messages = (model: string, stream: boolean): RequestKind => kindOf('messages', model, stream);
const responses = (model: string, stream: boolean): RequestKind => kindOf('responses', model, stream);

/** Same-style and cross-style kinds: `fleet-gpt` is an OpenAI Chat upstream, `fleet-claude` an Anthropic one. */
export const LOAD_KINDS: readonly RequestKind[] = [
  chat('fleet-gpt', false),
  chat('fleet-gpt', true),
  chat('fleet-claude', false),
  messages('fleet-claude', false),
  messages('fleet-claude', true),
  messages('fleet-gpt', true),
  responses('fleet-gpt', false),
  responses('fleet-claude', true),
];
/** The route a reload adds. */
export const ADDED_ROUTE_KIND = chat('fleet-added', true);
export const CHAT_KIND = chat('fleet-gpt', false);
export const STREAM_KIND = chat('fleet-gpt', true);

export interface Sent {
  id: string;
  kind: string;
  /** Which traffic it belongs to (`load`, `rpm`, `tpm`, `budget`, …). */
  lane: string;
  startedAt: number;
  endedAt: number;
  status: number;
  /** A 200 whose body is whole: parsed JSON, or a stream that reached its last event. */
  complete: boolean;
  /** The instance that answered, as the balancer names it (`x-interlingua-instance`). */
  instance?: string;
  error?: string;
}

let counter = 0;

/** Sends one request and records what came back; never throws, never waits past `timeoutMs`. */
export async function send(
  baseUrl: string,
  kind: RequestKind,
  secret: string,
  lane: string,
  timeoutMs: number,
): Promise<Sent> {
  const id = `fleet-${process.pid}-${lane}-${++counter}`;
  const startedAt = Date.now();
  const record = (status: number, complete: boolean, more: Pick<Sent, 'instance' | 'error'>): Sent => ({
    id,
    kind: kind.name,
    lane,
    startedAt,
    endedAt: Date.now(),
    status,
    complete,
    ...more,
  });
  // Known once the head arrived: a body cut afterwards (the instance killed mid-answer) is still its failure.
  let answeredBy: Pick<Sent, 'instance'> = {};
  try {
    const response = await fetch(`${baseUrl}${kind.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': id, ...kind.auth(secret) },
      body: JSON.stringify(kind.body(kind.model)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const instance = response.headers.get('x-interlingua-instance');
    if (instance) answeredBy = { instance };
    const text = await response.text();
    const complete = response.status === 200 && (kind.endMarker ? text.includes(kind.endMarker) : isJsonObject(text));
    return record(response.status, complete, { ...answeredBy, ...(complete ? {} : { error: text.slice(0, 300) }) });
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return record(0, false, { ...answeredBy, error: message });
  }
}

function isJsonObject(text: string): boolean {
  try {
    return typeof JSON.parse(text) === 'object';
  } catch {
    return false;
  }
}

/**
 * `users` loops, each sending one request after another (a short pause between) until `until`,
 * cycling through the kinds `kindsAt(now)` gives and the secrets.
 */
export async function steadyLoad(options: {
  url: string;
  users: number;
  until: number;
  secrets: readonly string[];
  kindsAt: (now: number) => readonly RequestKind[];
  pauseMs: number;
  timeoutMs: number;
  sink: Sent[];
}): Promise<void> {
  const loop = async (user: number): Promise<void> => {
    for (let i = user; Date.now() < options.until; i++) {
      const kinds = options.kindsAt(Date.now());
      const kind = kinds[i % kinds.length];
      const secret = options.secrets[i % options.secrets.length];
      if (!kind || !secret) return;
      options.sink.push(await send(options.url, kind, secret, 'load', options.timeoutMs));
      await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  };
  await Promise.all(Array.from({ length: options.users }, (_, user) => loop(user)));
}
