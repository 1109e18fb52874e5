import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { IrStreamEvent } from '@interlingua/ir';
import { serializeSseMessages } from '@interlingua/ir-utils';
import { closeDefaultDispatcher, codecFor } from '@interlingua/provider-adapters';
import {
  anthropicUpstreamRequestSchema,
  geminiUpstreamRequestSchema,
  openAiChatUpstreamRequestSchema,
  openAiResponsesUpstreamRequestSchema,
  type LoopbackUpstream,
  type ReceivedRequest,
} from '@interlingua/testkit';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import type { ZodMiniType as ZodType } from 'zod/mini';

/** The built-in wires an upstream provider can speak to the gateway for generation. */
export const UPSTREAM_WIRES: readonly GenerationStyle[] = [
  'openai-chat',
  'openai-responses',
  'anthropic-messages',
  'gemini',
];

/** What a loopback upstream read from one generation request, whatever its wire. */
export interface WireRequest {
  wire: GenerationStyle;
  /** The upstream model id (from the body, or from the path for Gemini). */
  model: string;
  stream: boolean;
  body: Record<string, unknown>;
}

/** Request schemas written from each provider's documentation (packages/testkit). */
const REQUEST_SCHEMAS: Record<GenerationStyle, ZodType> = {
  'openai-chat': openAiChatUpstreamRequestSchema,
  'openai-responses': openAiResponsesUpstreamRequestSchema,
  'anthropic-messages': anthropicUpstreamRequestSchema,
  gemini: geminiUpstreamRequestSchema,
};

const GEMINI_PATH = /\/models\/([^/:]+):(generateContent|streamGenerateContent)/;

/**
 * Reads a generation request sent by the gateway: its wire (from the path), model and stream
 * flag. Returns a description of the problem instead when the body breaks the provider's
 * documented request schema, or when the path is not a generation path.
 */
export function readWireRequest(request: ReceivedRequest): WireRequest | string {
  const path = request.url.split('?')[0] ?? '';
  const body = request.json() as Record<string, unknown>;
  const gemini = GEMINI_PATH.exec(path);
  const wire: GenerationStyle | undefined = gemini
    ? 'gemini'
    : path.endsWith('/chat/completions')
      ? 'openai-chat'
      : path.endsWith('/responses')
        ? 'openai-responses'
        : path.endsWith('/v1/messages')
          ? 'anthropic-messages'
          : undefined;
  if (!wire) return `not a generation path: ${request.url}`;
  const checked = REQUEST_SCHEMAS[wire].safeParse(body);
  if (!checked.success) return `${wire} request breaks the documented schema: ${checked.error.message}`;
  const model = gemini ? decodeURIComponent(gemini[1] ?? '') : String(body.model);
  const stream = gemini ? gemini[2] === 'streamGenerateContent' : body.stream === true;
  return { wire, model, stream, body };
}

/** A provider entry of the gateway config that speaks `wire` to a server at `url`. */
export function providerForWire(
  wire: GenerationStyle,
  id: string,
  url: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const base = { id, apiKey: 'upstream-secret', ...extra };
  if (wire === 'openai-chat') return { ...base, type: 'openai', baseUrl: `${url}/v1` };
  if (wire === 'openai-responses') return { ...base, type: 'openai', api: 'responses', baseUrl: `${url}/v1` };
  if (wire === 'anthropic-messages') return { ...base, type: 'anthropic', baseUrl: url };
  return { ...base, type: 'gemini', baseUrl: `${url}/v1beta` };
}

/** A loopback port nothing listens on (bound, then released), for connection-refused cases. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Splits an SSE body into its events, each with its blank-line terminator. */
export function sseEvents(body: string): string[] {
  return body.split(/(?<=\r?\n\r?\n)/).filter((event) => event.trim().length > 0);
}

/**
 * Writes a provider's stream in its own wire, from IR events through the wire's stream encoder:
 * `head()` starts a text answer, `text()` adds to it, `end()` finishes it.
 */
export function wireStreamWriter(wire: GenerationStyle): {
  head(): string;
  text(delta: string): string;
  end(): string;
} {
  const encoder = codecFor(wire).stream.createEncoder();
  const write = (...events: IrStreamEvent[]): string =>
    serializeSseMessages(events.flatMap((event) => encoder.push(event)));
  return {
    head: () =>
      write(
        { type: 'response-start', id: 'resp_1', model: 'upstream-model', created: 1 },
        { type: 'text-start', index: 0 },
        { type: 'text-delta', index: 0, delta: 'Hi' },
      ),
    text: (delta) => write({ type: 'text-delta', index: 0, delta }),
    end: () =>
      write({ type: 'text-end', index: 0 }, { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' } }) +
      serializeSseMessages(encoder.end()),
  };
}

/**
 * Closes the gateway's upstream connection pools (a request still running holds its pool open)
 * and waits for the loopback upstream to see every socket closed; fails naming how many are
 * still open after a few seconds.
 */
export async function expectNoOpenSockets(upstream: LoopbackUpstream): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${upstream.openConnections} upstream connection(s) still open`)), 5_000);
  });
  try {
    await Promise.race([closeDefaultDispatcher().then(() => upstream.allConnectionsClosed()), bound]);
  } finally {
    clearTimeout(timer);
  }
}
