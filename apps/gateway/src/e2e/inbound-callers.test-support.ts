import Anthropic from '@anthropic-ai/sdk';
import { ApiError, GoogleGenAI } from '@google/genai';
import {
  anthropicMessagesStrictStreamEventSchema,
  anthropicStrictErrorBodySchema,
} from '@interlingua/anthropic-messages';
import { geminiStrictErrorBodySchema } from '@interlingua/gemini';
import type { SseMessage } from '@interlingua/ir';
import { parseSseText, safeJsonParse } from '@interlingua/ir-utils';
import { openAiChatStrictErrorSchema } from '@interlingua/openai-chat';
import { openAiResponsesStrictStreamEventSchema } from '@interlingua/openai-responses';
import OpenAI from 'openai';
import { GATEWAY_KEY } from './gateway-harness.test-support.js';

/** The request styles a caller can speak to the gateway. */
export type InboundStyle = 'openai-chat' | 'openai-responses' | 'anthropic-messages' | 'gemini';

/** How the answer comes back: one JSON body, SSE, or Gemini's streamed JSON array. */
export type Framing = 'json' | 'sse' | 'json-array';

/** One way of calling the gateway: a style and a framing. */
export interface InboundMode {
  id: string;
  style: InboundStyle;
  framing: Framing;
}

/** Every inbound style, streaming and not (Gemini streams as SSE and as a JSON array). */
export const INBOUND_MODES: readonly InboundMode[] = [
  { id: 'chat', style: 'openai-chat', framing: 'json' },
  { id: 'chat-sse', style: 'openai-chat', framing: 'sse' },
  { id: 'responses', style: 'openai-responses', framing: 'json' },
  { id: 'responses-sse', style: 'openai-responses', framing: 'sse' },
  { id: 'messages', style: 'anthropic-messages', framing: 'json' },
  { id: 'messages-sse', style: 'anthropic-messages', framing: 'sse' },
  { id: 'gemini', style: 'gemini', framing: 'json' },
  { id: 'gemini-sse', style: 'gemini', framing: 'sse' },
  { id: 'gemini-array', style: 'gemini', framing: 'json-array' },
];

export const isStreaming = (mode: InboundMode): boolean => mode.framing !== 'json';

export interface InboundRequestOptions {
  /** Merged into the body, in the style's own shape. */
  fields?: Record<string, unknown>;
  /** The user's text (default `Hello`). */
  prompt?: string;
  signal?: AbortSignal;
}

/** POSTs a generation request in the mode's style. */
export function sendInbound(
  baseUrl: string,
  mode: InboundMode,
  model: string,
  options: InboundRequestOptions = {},
): Promise<Response> {
  const stream = isStreaming(mode);
  const { fields = {}, prompt = 'Hello', signal } = options;
  const json = (path: string, headers: Record<string, string>, body: Record<string, unknown>) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ ...body, ...fields }),
      ...(signal ? { signal } : {}),
    });
  const bearer = { authorization: `Bearer ${GATEWAY_KEY}` };
  const streamField = stream ? { stream: true } : {};
  switch (mode.style) {
    case 'openai-chat':
      return json('/v1/chat/completions', bearer, {
        model,
        messages: [{ role: 'user', content: prompt }],
        ...streamField,
      });
    case 'openai-responses':
      return json('/v1/responses', bearer, { model, input: prompt, store: false, ...streamField });
    case 'anthropic-messages':
      return json(
        '/v1/messages',
        { 'x-api-key': GATEWAY_KEY, 'anthropic-version': '2023-06-01' },
        { model, max_tokens: 256, messages: [{ role: 'user', content: prompt }], ...streamField },
      );
    case 'gemini': {
      const method =
        mode.framing === 'json'
          ? 'generateContent'
          : mode.framing === 'sse'
            ? 'streamGenerateContent?alt=sse'
            : 'streamGenerateContent';
      return json(
        `/v1beta/models/${model}:${method}`,
        { 'x-goog-api-key': GATEWAY_KEY },
        { contents: [{ role: 'user', parts: [{ text: prompt }] }] },
      );
    }
  }
}

/** What a caller got back, after checking that it is well-formed for its style. */
export type InboundOutcome =
  | { kind: 'http-error'; status: number; retryAfter: string | null; message: string }
  | { kind: 'in-band-error'; message: string }
  /** `payloads`: the JSON body, or every streamed payload in order (SSE data / array elements). */
  | { kind: 'complete'; payloads: unknown[]; events: SseMessage[]; headers: Headers };

/**
 * Reads an answer to its end and checks its shape against the style's rules: an HTTP error has
 * the style's strict error body; a stream ends either properly or with the style's in-band error
 * as its last event (ARCHITECTURE.md's table). Throws, naming the problem, when it does not.
 */
export async function readInbound(mode: InboundMode, response: Response): Promise<InboundOutcome> {
  const text = await response.text();
  if (response.status >= 400) {
    const body = parseJson(text, 'error body');
    return {
      kind: 'http-error',
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      message: errorBodyMessage(mode.style, body),
    };
  }
  if (response.status !== 200) throw new Error(`unexpected status ${response.status}`);
  if (mode.framing === 'json')
    return { kind: 'complete', payloads: [parseJson(text, 'answer')], events: [], headers: response.headers };
  if (mode.framing === 'json-array') return readJsonArray(text, response.headers);
  if (!/\r?\n\r?\n$/.test(text))
    throw new Error(`the SSE answer does not end with a complete event: …${JSON.stringify(text.slice(-80))}`);
  const events = parseSseText(text);
  return readSse(mode.style, events, response.headers);
}

function parseJson(text: string, what: string): unknown {
  const parsed = safeJsonParse(text);
  if (!parsed.ok) throw new Error(`the ${what} is not JSON: ${JSON.stringify(text.slice(0, 200))}`);
  return parsed.value;
}

function errorBodyMessage(style: InboundStyle, body: unknown): string {
  if (style === 'anthropic-messages') return anthropicStrictErrorBodySchema.parse(body).error.message;
  if (style === 'gemini') return geminiStrictErrorBodySchema.parse(body).error.message;
  return openAiChatStrictErrorSchema.parse(body).error.message;
}

function readJsonArray(text: string, headers: Headers): InboundOutcome {
  const elements = parseJson(text, 'streamed JSON array');
  if (!Array.isArray(elements)) throw new Error('the streamed answer is not a JSON array');
  const last: unknown = elements.at(-1);
  if (isErrorPayload(last))
    return { kind: 'in-band-error', message: geminiStrictErrorBodySchema.parse(last).error.message };
  return { kind: 'complete', payloads: elements, events: [], headers };
}

function isErrorPayload(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'error' in value;
}

/** The data of SSE events as JSON (`[DONE]` kept as the string). */
function payloadsOf(events: readonly SseMessage[]): unknown[] {
  return events.map((event) =>
    event.data === '[DONE]' ? '[DONE]' : parseJson(event.data, `SSE data (${event.event ?? 'message'})`),
  );
}

function readSse(style: InboundStyle, events: SseMessage[], headers: Headers): InboundOutcome {
  const payloads = payloadsOf(events);
  const errorAt =
    style === 'openai-responses' || style === 'anthropic-messages'
      ? events.findIndex((e) => e.event === 'error')
      : payloads.findIndex(isErrorPayload);
  if (errorAt === -1) {
    checkProperEnd(style, events, payloads);
    return { kind: 'complete', payloads, events, headers };
  }
  const after = events.slice(errorAt + 1);
  const payload = payloads[errorAt];
  switch (style) {
    case 'openai-chat':
      if (after.length > 0) throw new Error(`events after the in-band error: ${after.map((e) => e.data).join(' | ')}`);
      return { kind: 'in-band-error', message: openAiChatStrictErrorSchema.parse(payload).error.message };
    case 'gemini':
      if (after.length > 0) throw new Error('events after the in-band error');
      return { kind: 'in-band-error', message: geminiStrictErrorBodySchema.parse(payload).error.message };
    case 'anthropic-messages': {
      if (after.length > 0) throw new Error(`events after the in-band error: ${after.map((e) => e.event).join(', ')}`);
      const error = anthropicMessagesStrictStreamEventSchema.parse(payload);
      return { kind: 'in-band-error', message: error.type === 'error' ? error.error.message : '' };
    }
    case 'openai-responses': {
      const error = openAiResponsesStrictStreamEventSchema.parse(payload);
      if (after.length !== 1 || after[0]?.event !== 'response.failed')
        throw new Error(
          `the in-band error is not followed by response.failed alone: ${after.map((e) => e.event).join(', ')}`,
        );
      const failed = openAiResponsesStrictStreamEventSchema.parse(payloads[errorAt + 1]);
      if (failed.type !== 'response.failed' || failed.response.status !== 'failed')
        throw new Error('response.failed does not carry a failed response');
      return { kind: 'in-band-error', message: error.type === 'error' ? error.message : '' };
    }
  }
}

/** A complete stream must end the way its style ends: `[DONE]`, `message_stop`, a terminal response event, a finish reason. */
function checkProperEnd(style: InboundStyle, events: readonly SseMessage[], payloads: readonly unknown[]): void {
  const last = events.at(-1);
  const ok =
    style === 'openai-chat'
      ? last?.data === '[DONE]'
      : style === 'anthropic-messages'
        ? last?.event === 'message_stop'
        : style === 'openai-responses'
          ? last?.event === 'response.completed' || last?.event === 'response.incomplete'
          : JSON.stringify(payloads.at(-1) ?? {}).includes('"finishReason"');
  if (!ok)
    throw new Error(
      `the ${style} stream ended without its proper end (last event: ${last?.event ?? ''} ${last?.data.slice(0, 120) ?? 'none'})`,
    );
}

/** The official SDK clients, pointed at the gateway, without retries. */
export interface SdkClients {
  openai: OpenAI;
  anthropic: Anthropic;
  gemini: GoogleGenAI;
}

export function sdkClients(baseUrl: string): SdkClients {
  return {
    openai: new OpenAI({ baseURL: `${baseUrl}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 15_000 }),
    anthropic: new Anthropic({ baseURL: baseUrl, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 15_000 }),
    gemini: new GoogleGenAI({ apiKey: GATEWAY_KEY, httpOptions: { baseUrl, timeout: 15_000 } }),
  };
}

/** The error class the style's SDK throws for an HTTP or in-band error, with its `status`. */
export function sdkErrorClass(style: InboundStyle): new (...args: never[]) => Error & { status?: number | undefined } {
  if (style === 'anthropic-messages') return Anthropic.APIError;
  if (style === 'gemini') return ApiError;
  return OpenAI.APIError;
}

/** What an SDK call ended with. `events`: the `type` of every streamed event read. */
export type SdkOutcome = { kind: 'no-sdk' } | { kind: 'ok'; events: string[] } | { kind: 'threw'; error: unknown };

/**
 * Calls the gateway through the style's official SDK and reads the whole answer; `onHead` runs
 * once the answer's head arrived (streams). Gemini's JSON-array framing has no SDK.
 */
export async function callWithSdk(
  clients: SdkClients,
  mode: InboundMode,
  model: string,
  onHead: () => void = () => undefined,
): Promise<SdkOutcome> {
  const stream = isStreaming(mode);
  const events: string[] = [];
  const read = async (iterable: AsyncIterable<unknown>): Promise<void> => {
    onHead();
    for await (const event of iterable) events.push(String((event as { type?: unknown }).type));
  };
  try {
    if (mode.framing === 'json-array') return { kind: 'no-sdk' };
    if (mode.style === 'openai-chat') {
      const messages = [{ role: 'user' as const, content: 'Hello' }];
      if (!stream) await clients.openai.chat.completions.create({ model, messages });
      else await read(await clients.openai.chat.completions.create({ model, messages, stream: true }));
    } else if (mode.style === 'openai-responses') {
      if (!stream) await clients.openai.responses.create({ model, input: 'Hello', store: false });
      else await read(await clients.openai.responses.create({ model, input: 'Hello', store: false, stream: true }));
    } else if (mode.style === 'anthropic-messages') {
      const request = { model, max_tokens: 256, messages: [{ role: 'user' as const, content: 'Hello' }] };
      if (!stream) await clients.anthropic.messages.create(request);
      else await read(await clients.anthropic.messages.create({ ...request, stream: true }));
    } else if (!stream) await clients.gemini.models.generateContent({ model, contents: 'Hello' });
    else await read(await clients.gemini.models.generateContentStream({ model, contents: 'Hello' }));
    return { kind: 'ok', events };
  } catch (error) {
    return { kind: 'threw', error };
  }
}
