import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { sendJson, sendSse, type ReceivedRequest } from '@interlingua/testkit';
import type { ServerResponse } from 'node:http';
import OpenAI from 'openai';
import { GATEWAY_KEY, startHarness, type Harness, type HarnessOptions } from './gateway-harness.test-support.js';

/** The cached route's model, and its upstream (an OpenAI chat loopback) model. */
export const CACHED_MODEL = 'cached/m';

/** The upstream's answer to a prompt: its text names the prompt, so answers to different prompts differ. */
export function answerText(prompt: string): string {
  return `Answer to «${prompt}», with some unicode: naïve café 日本語 🚀.`;
}

/** The last user text of an OpenAI chat body. */
function lastUserText(body: Record<string, unknown>): string {
  const messages = (body.messages as Array<{ role: string; content: unknown }> | undefined) ?? [];
  const user = messages.filter((message) => message.role === 'user').at(-1);
  const content = user?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part: { text?: string }) => part.text ?? '').join('');
  return '';
}

/** Answers an OpenAI chat request with `answerText` of its prompt, streamed in several chunks or whole, with usage. */
export function answerChat(request: ReceivedRequest, response: ServerResponse): Promise<void> | void {
  const body = request.json() as Record<string, unknown>;
  const text = answerText(lastUserText(body));
  const usage = { prompt_tokens: 21, completion_tokens: 13, total_tokens: 34 };
  const head = { id: 'chatcmpl-cache-1', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'm' };
  if (body.stream !== true)
    return sendJson(response, 200, {
      ...head,
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage,
    });
  const pieces = [text.slice(0, 10), text.slice(10, 25), text.slice(25)];
  const chunks = [
    { ...head, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] },
    ...pieces.map((piece) => ({ ...head, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })),
    { ...head, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
    { ...head, choices: [], usage },
  ];
  return sendSse(response, `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`);
}

/** A gateway whose route `cached/*` goes to the loopback upstream (OpenAI chat) with the response cache on. */
export function startCachedHarness(
  handler: (request: ReceivedRequest, response: ServerResponse) => Promise<void> | void = answerChat,
  options: HarnessOptions & { routeCache?: Record<string, unknown> } = {},
): Promise<Harness> {
  return startHarness(handler, {
    ...options,
    models: [
      {
        name: 'cached/*',
        targets: [{ provider: 'upstream', model: 'm' }],
        cache: { ttlSeconds: 60, ...options.routeCache },
      },
      ...(options.models ?? []),
    ],
  });
}

/** The four official SDKs on the gateway, with one key. */
export interface CacheClients {
  openai: OpenAI;
  anthropic: Anthropic;
  genai: GoogleGenAI;
}

export function cacheClients(url: string, key = GATEWAY_KEY): CacheClients {
  return {
    openai: new OpenAI({ baseURL: `${url}/v1`, apiKey: key, maxRetries: 0, timeout: 10_000 }),
    anthropic: new Anthropic({ baseURL: url, apiKey: key, maxRetries: 0, timeout: 10_000 }),
    genai: new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: url, timeout: 10_000 } }),
  };
}

export type SdkStyle = 'chat' | 'responses' | 'messages' | 'gemini';
export const SDK_STYLES: readonly SdkStyle[] = ['chat', 'responses', 'messages', 'gemini'];

/** What an SDK read of an answer: its id, its text and the usage it reported. */
export interface SdkAnswer {
  /** The answer's id (every chunk's, for streams, space-separated when they differ). */
  id: string;
  text: string;
  inputTokens: number | undefined;
  outputTokens: number | undefined;
}

const SYSTEM = 'Be brief.';
const MAX_TOKENS = 64;
/** What every form of the prompt shares: the cached route's model, temperature 0. */
const SAMPLED = { model: CACHED_MODEL, temperature: 0 } as const;

/** One prompt (system, user text, 64 tokens at most, temperature 0) through one SDK, whole or streamed. */
export async function askWith(
  clients: CacheClients,
  style: SdkStyle,
  prompt: string,
  stream: boolean,
): Promise<SdkAnswer> {
  if (style === 'chat') return askChat(clients.openai, prompt, stream);
  if (style === 'responses') return askResponses(clients.openai, prompt, stream);
  if (style === 'messages') return askMessages(clients.anthropic, prompt, stream);
  return askGemini(clients.genai, prompt, stream);
}

async function askChat(openai: OpenAI, prompt: string, stream: boolean): Promise<SdkAnswer> {
  const request = {
    model: CACHED_MODEL,
    max_tokens: MAX_TOKENS,
    temperature: 0,
    messages: [
      { role: 'system' as const, content: SYSTEM },
      { role: 'user' as const, content: prompt },
    ],
  };
  if (!stream) {
    const answer = await openai.chat.completions.create(request);
    return {
      id: answer.id,
      text: answer.choices[0]?.message.content ?? '',
      inputTokens: answer.usage?.prompt_tokens,
      outputTokens: answer.usage?.completion_tokens,
    };
  }
  let text = '';
  const ids = new Set<string>();
  let usage: OpenAI.CompletionUsage | undefined;
  for await (const chunk of await openai.chat.completions.create({
    ...request,
    stream: true,
    stream_options: { include_usage: true },
  })) {
    ids.add(chunk.id);
    text += chunk.choices[0]?.delta.content ?? '';
    usage = chunk.usage ?? usage;
  }
  return { id: [...ids].join(' '), text, inputTokens: usage?.prompt_tokens, outputTokens: usage?.completion_tokens };
}

async function askResponses(openai: OpenAI, prompt: string, stream: boolean): Promise<SdkAnswer> {
  const request = {
    ...SAMPLED,
    max_output_tokens: MAX_TOKENS,
    store: false,
    instructions: SYSTEM,
    input: prompt,
  };
  if (!stream) {
    const answer = await openai.responses.create(request);
    return {
      id: answer.id,
      text: answer.output_text,
      inputTokens: answer.usage?.input_tokens,
      outputTokens: answer.usage?.output_tokens,
    };
  }
  let text = '';
  const ids = new Set<string>();
  let usage: OpenAI.Responses.ResponseUsage | undefined;
  for await (const event of await openai.responses.create({ ...request, stream: true })) {
    if (event.type === 'response.output_text.delta') text += event.delta;
    if (event.type === 'response.created' || event.type === 'response.completed') ids.add(event.response.id);
    if (event.type === 'response.completed') usage = event.response.usage;
  }
  return { id: [...ids].join(' '), text, inputTokens: usage?.input_tokens, outputTokens: usage?.output_tokens };
}

async function askMessages(anthropic: Anthropic, prompt: string, stream: boolean): Promise<SdkAnswer> {
  const request = {
    ...SAMPLED,
    max_tokens: MAX_TOKENS,
    system: SYSTEM,
    messages: [{ role: 'user' as const, content: prompt }],
  };
  if (!stream) {
    const answer = await anthropic.messages.create(request);
    const text = answer.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
    return { id: answer.id, text, inputTokens: answer.usage.input_tokens, outputTokens: answer.usage.output_tokens };
  }
  const message = await anthropic.messages.stream(request).finalMessage();
  const text = message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
  return { id: message.id, text, inputTokens: message.usage.input_tokens, outputTokens: message.usage.output_tokens };
}

async function askGemini(genai: GoogleGenAI, prompt: string, stream: boolean): Promise<SdkAnswer> {
  const request = {
    model: CACHED_MODEL,
    contents: [{ role: 'user', parts: [{ text: prompt }] }],
    config: { systemInstruction: SYSTEM, maxOutputTokens: MAX_TOKENS, temperature: 0 },
  };
  if (!stream) {
    const answer = await genai.models.generateContent(request);
    return {
      id: answer.responseId ?? '',
      text: answer.text ?? '',
      inputTokens: answer.usageMetadata?.promptTokenCount,
      outputTokens: answer.usageMetadata?.candidatesTokenCount,
    };
  }
  let text = '';
  const ids = new Set<string>();
  let usage: { promptTokenCount?: number; candidatesTokenCount?: number } | undefined;
  for await (const chunk of await genai.models.generateContentStream(request)) {
    ids.add(chunk.responseId ?? '');
    text += chunk.text ?? '';
    usage = chunk.usageMetadata ?? usage;
  }
  return {
    id: [...ids].join(' '),
    text,
    inputTokens: usage?.promptTokenCount,
    outputTokens: usage?.candidatesTokenCount,
  };
}

/** A raw OpenAI chat request to the cached route, for headers and statuses. */
export function chatRequest(
  url: string,
  prompt: string,
  init: { key?: string; headers?: Record<string, string>; body?: Record<string, unknown> } = {},
): Promise<Response> {
  return fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${init.key ?? GATEWAY_KEY}`,
      'content-type': 'application/json',
      ...init.headers,
    },
    body: JSON.stringify({ model: CACHED_MODEL, messages: [{ role: 'user', content: prompt }], ...init.body }),
  });
}
