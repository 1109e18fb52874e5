import Anthropic from '@anthropic-ai/sdk';
import { anthropicMessagesCodec } from '@interlingua/anthropic-messages';
import type { IrResponse, IrStreamEvent, SseMessage, StreamMachine } from '@interlingua/ir';
import {
  accumulateResponse,
  responseToStreamEvents,
  runMachineSync,
  serializeSseMessages,
  parseSseText,
} from '@interlingua/ir-utils';
import { codecFor, type GenerationStyle } from '@interlingua/provider-adapters';
import { openAiChatCodec } from '@interlingua/openai-chat';
import { openAiResponsesCodec } from '@interlingua/openai-responses';
import {
  CHAT_SEARCH_ANSWER,
  loadRecording,
  recordingJson,
  recordingSseBody,
  sendJson,
  sendSse,
} from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geminiClient } from './gemini-e2e.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

// Every caller style gets an upstream's web search results and citations in its own style, whole
// and streamed: the upstream's text, and every cited page with the words of the text it covers.
// The upstreams replay recorded real search answers as recorded where one exists (Anthropic and
// Responses whole answers, the Gemini stream); the other forms are a synthetic upstream, the same
// answer written by that style's codec (the Gemini whole answer is the recorded stream joined), and
// the chat upstream answers as OpenAI documents its search models (url_citation annotations).

/** The upstream answers replayed from a recording; every other one is a synthetic upstream. */
const RECORDED_FORMS = new Set(['anthropic whole', 'responses whole', 'gemini stream']);

type Style = 'anthropic' | 'responses' | 'gemini' | 'chat';

/** An answer written as its style's stream by that style's codec. */
function streamOf(
  toIr: (wire: never) => { value: IrResponse },
  wire: unknown,
  encoder: StreamMachine<IrStreamEvent, SseMessage>,
): string {
  return serializeSseMessages(runMachineSync(encoder, responseToStreamEvents(toIr(wire as never).value)));
}

const anthropicJson = recordingJson(loadRecording('anthropic-messages/13-web-search-citations.json'));
const responsesJson = recordingJson(loadRecording('openai-responses/10-web-search-citations.json'));
const geminiSse = recordingSseBody(loadRecording('gemini/10-grounding-stream.sse'));

/** The recorded Gemini stream as one answer: its parts joined, the last chunk's grounding and usage. */
function geminiWhole(): unknown {
  const chunks = parseSseText(geminiSse).map((m) => JSON.parse(m.data) as Record<string, unknown>);
  const candidates = chunks.map((chunk) => (chunk.candidates as Array<Record<string, unknown>>)[0] ?? {});
  const parts = candidates.flatMap((c) => (c.content as { parts?: unknown[] } | undefined)?.parts ?? []);
  const last = candidates.at(-1) ?? {};
  return {
    ...chunks.at(-1),
    candidates: [{ ...last, content: { role: 'model', parts } }],
  };
}

const UPSTREAMS: Record<Style, { provider: Record<string, unknown>; model: string; json: unknown; sse: string }> = {
  anthropic: {
    provider: { type: 'anthropic' },
    model: 'claude-sonnet-4',
    json: anthropicJson,
    sse: streamOf(anthropicMessagesCodec.response.toIr, anthropicJson, anthropicMessagesCodec.stream.createEncoder({})),
  },
  responses: {
    provider: { type: 'openai', api: 'responses' },
    model: 'gpt-5.2',
    json: responsesJson,
    sse: streamOf(openAiResponsesCodec.response.toIr, responsesJson, openAiResponsesCodec.stream.createEncoder({})),
  },
  gemini: {
    provider: { type: 'gemini' },
    model: 'gemini-2.5-pro',
    json: geminiWhole(),
    sse: geminiSse,
  },
  chat: {
    provider: { type: 'openai' },
    model: 'gpt-4o-search-preview',
    json: CHAT_SEARCH_ANSWER,
    sse: streamOf(openAiChatCodec.response.toIr, CHAT_SEARCH_ANSWER, openAiChatCodec.stream.createEncoder({})),
  },
};

/** The wire each upstream speaks. */
const UPSTREAM_WIRE: Record<Style, GenerationStyle> = {
  anthropic: 'anthropic-messages',
  responses: 'openai-responses',
  gemini: 'gemini',
  chat: 'openai-chat',
};

const harnesses = {} as Record<Style, Harness>;

beforeAll(async () => {
  for (const style of Object.keys(UPSTREAMS) as Style[]) {
    const upstream = UPSTREAMS[style];
    harnesses[style] = await startHarness(
      async (request, response) => {
        const streamed = (request.json() as { stream?: boolean }).stream === true || request.url.includes('stream');
        if (streamed) await sendSse(response, upstream.sse);
        else sendJson(response, 200, upstream.json);
      },
      { upstreamProvider: upstream.provider },
    );
  }
});
afterAll(async () => {
  await Promise.all(Object.values(harnesses).map((harness) => harness.close()));
});

/** A cited page and the words of the answer the citation covers. */
interface CitedSpan {
  url: string;
  span: string;
}

/** What a caller found in its own style's answer: searches shown, its text, and what each citation covers. */
interface Seen {
  searches: number;
  text: string;
  cited: CitedSpan[];
}

/** Code-point offsets (OpenAI's) cut out of a text. */
function codePointSlice(text: string, start: number, end: number): string {
  return [...text].slice(start, end).join('');
}

/** What the upstream's own answer says, read by its style's codec: the text and each citation's span. */
function upstreamContent(style: Style, stream: boolean): Omit<Seen, 'searches'> {
  const upstream = UPSTREAMS[style];
  const codec = codecFor(UPSTREAM_WIRE[style]);
  const ir = stream
    ? accumulateResponse(runMachineSync(codec.stream.createDecoder(), parseSseText(upstream.sse)))
    : codec.response.toIr(upstream.json as never).value;
  const parts = ir.choices[0]?.content ?? [];
  return {
    text: parts.map((part) => (part.type === 'text' ? part.text : '')).join(''),
    cited: parts.flatMap((part) =>
      part.type === 'text'
        ? (part.citations ?? []).map((c) => ({
            url: c.url,
            span: part.text.slice(c.startIndex ?? 0, c.endIndex ?? part.text.length),
          }))
        : [],
    ),
  };
}

const question = 'Weather today?';

async function anthropicCaller(harness: Harness, model: string, stream: boolean): Promise<Seen> {
  const client = new Anthropic({ baseURL: harness.url, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
  const params = {
    model,
    max_tokens: 512,
    messages: [{ role: 'user' as const, content: question }],
    tools: [{ type: 'web_search_20250305' as const, name: 'web_search' as const }],
  };
  const message = stream ? await client.messages.stream(params).finalMessage() : await client.messages.create(params);
  const results = message.content.filter((block) => block.type === 'web_search_tool_result');
  const uses = message.content.filter((block) => block.type === 'server_tool_use');
  expect(uses.map((use) => use.id)).toEqual(results.map((result) => result.tool_use_id));
  // Anthropic cites whole text blocks: a span another style cited arrives as the citation's cited_text.
  const ownSpans = model.includes('claude');
  return {
    searches: results.length,
    text: message.content.map((block) => (block.type === 'text' ? block.text : '')).join(''),
    cited: message.content.flatMap((block) =>
      block.type === 'text'
        ? (block.citations ?? []).map((c) => ({
            url: 'url' in c ? String(c.url) : '',
            span: ownSpans ? block.text : c.cited_text,
          }))
        : [],
    ),
  };
}

async function responsesCaller(harness: Harness, model: string, stream: boolean): Promise<Seen> {
  const client = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
  const params = { model, input: question, tools: [{ type: 'web_search' as const }] };
  const response = stream
    ? await client.responses.stream(params).finalResponse()
    : await client.responses.create(params);
  const texts = response.output.flatMap((item) => (item.type === 'message' ? item.content : []));
  for (const part of texts) {
    if (part.type !== 'output_text') continue;
    for (const annotation of part.annotations)
      if (annotation.type === 'url_citation') expect(annotation.end_index).toBeLessThanOrEqual([...part.text].length);
  }
  return {
    searches: response.output.filter((item) => item.type === 'web_search_call').length,
    text: texts.map((part) => (part.type === 'output_text' ? part.text : '')).join(''),
    cited: texts.flatMap((part) =>
      part.type === 'output_text'
        ? part.annotations.flatMap((a) =>
            a.type === 'url_citation'
              ? [{ url: a.url, span: codePointSlice(part.text, a.start_index, a.end_index) }]
              : [],
          )
        : [],
    ),
  };
}

async function geminiCaller(harness: Harness, model: string, stream: boolean): Promise<Seen> {
  const ai = geminiClient(harness);
  const request = { model, contents: question, config: { tools: [{ googleSearch: {} }] } };
  let metadata;
  let text = '';
  if (stream) {
    for await (const chunk of await ai.models.generateContentStream(request)) {
      text += chunk.text ?? '';
      metadata = chunk.candidates?.[0]?.groundingMetadata ?? metadata;
    }
  } else {
    const answer = await ai.models.generateContent(request);
    text = answer.text ?? '';
    metadata = answer.candidates?.[0]?.groundingMetadata;
  }
  const bytes = new TextEncoder().encode(text);
  for (const support of metadata?.groundingSupports ?? []) {
    // Byte offsets into the answer's text: the segment's text is what they cut out.
    const cut = new TextDecoder().decode(bytes.slice(support.segment?.startIndex ?? 0, support.segment?.endIndex));
    expect(cut).toBe(support.segment?.text);
  }
  const chunks = metadata?.groundingChunks ?? [];
  return {
    searches: (metadata?.webSearchQueries ?? []).length > 0 ? 1 : 0,
    text,
    cited: (metadata?.groundingSupports ?? []).flatMap((support) =>
      (support.groundingChunkIndices ?? []).map((index) => ({
        url: chunks[index]?.web?.uri ?? '',
        span: support.segment?.text ?? '',
      })),
    ),
  };
}

async function chatCaller(harness: Harness, model: string, stream: boolean): Promise<Seen> {
  const client = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
  const params = { model, messages: [{ role: 'user' as const, content: question }], web_search_options: {} };
  const completion = stream
    ? await client.chat.completions.stream(params).finalChatCompletion()
    : await client.chat.completions.create(params);
  const message = completion.choices[0]?.message;
  const content = message?.content ?? '';
  return {
    searches: 0,
    text: content,
    cited: (message?.annotations ?? []).map(({ url_citation: c }) => ({
      url: c.url,
      span: codePointSlice(content, c.start_index, c.end_index),
    })),
  };
}

const CALLERS: Record<Style, (harness: Harness, model: string, stream: boolean) => Promise<Seen>> = {
  anthropic: anthropicCaller,
  responses: responsesCaller,
  gemini: geminiCaller,
  chat: chatCaller,
};

const cells = (Object.keys(CALLERS) as Style[]).flatMap((caller) =>
  (Object.keys(UPSTREAMS) as Style[]).flatMap((upstream) =>
    [false, true].map((stream) => [caller, upstream, stream] as const),
  ),
);

describe('web search results and citations, each caller style on each upstream style', () => {
  const named = cells.map(
    ([caller, upstream, stream]) =>
      [
        caller,
        upstream,
        stream,
        RECORDED_FORMS.has(`${upstream} ${stream ? 'stream' : 'whole'}`) ? 'recorded' : 'synthetic upstream',
      ] as const,
  );
  it.each(named)('%s caller on a %s upstream (stream: %s, %s)', async (caller, upstream, stream) => {
    const seen = await CALLERS[caller](harnesses[upstream], `up/${UPSTREAMS[upstream].model}`, stream);
    // Chat has no form for a search; a chat upstream's search models report no search either.
    const searched = caller !== 'chat' && upstream !== 'chat';
    expect(seen.searches > 0).toBe(searched);
    const expected = upstreamContent(upstream, stream);
    expect(expected.cited.length).toBeGreaterThan(0);
    expect(seen.text).toBe(expected.text);
    expect(seen.cited).toEqual(expected.cited);
  });
});

describe('a follow-up turn that sends the search results back', () => {
  it.each(['responses', 'gemini', 'chat'] as const)(
    'Anthropic history with search blocks reaches a %s upstream, the blocks named as not sent',
    async (upstream) => {
      const client = new Anthropic({
        baseURL: harnesses[upstream].url,
        apiKey: GATEWAY_KEY,
        maxRetries: 0,
        timeout: 10_000,
      });
      const first = await client.messages.create({
        model: `up/${UPSTREAMS[upstream].model}`,
        max_tokens: 256,
        messages: [{ role: 'user', content: question }],
        tools: [{ type: 'web_search_20250305', name: 'web_search' }],
      });
      expect(first.content.some((block) => block.type === 'text' && (block.citations ?? []).length > 0)).toBe(true);
      const { response } = await client.messages
        .create({
          model: `up/${UPSTREAMS[upstream].model}`,
          max_tokens: 256,
          messages: [
            { role: 'user', content: question },
            { role: 'assistant', content: first.content },
            { role: 'user', content: 'And tomorrow?' },
          ],
          tools: [{ type: 'web_search_20250305', name: 'web_search' }],
        })
        .withResponse();
      expect(response.status).toBe(200);
      // Chat search models report no search: only the other upstreams' answers carry search blocks.
      const searched = upstream !== 'chat';
      expect(first.content.some((block) => block.type === 'web_search_tool_result')).toBe(searched);
      const warnings = response.headers.get('x-interlingua-warnings') ?? '';
      expect(warnings.includes('web_search_tool_result')).toBe(searched);
    },
  );

  it('Responses input with the web_search_call item reaches an Anthropic upstream, the item named as not sent', async () => {
    const client = new OpenAI({
      baseURL: `${harnesses.anthropic.url}/v1`,
      apiKey: GATEWAY_KEY,
      maxRetries: 0,
      timeout: 10_000,
    });
    const responsesUp = new OpenAI({
      baseURL: `${harnesses.responses.url}/v1`,
      apiKey: GATEWAY_KEY,
      maxRetries: 0,
      timeout: 10_000,
    });
    const first = await responsesUp.responses.create({
      model: 'up/gpt-5.2',
      input: question,
      tools: [{ type: 'web_search' }],
    });
    const { response } = await client.responses
      .create({
        model: 'up/claude-sonnet-4',
        input: [
          { role: 'user', content: question },
          ...(first.output as unknown as Array<Record<string, unknown>>),
          { role: 'user', content: 'And its second highest peak?' },
        ] as never,
        tools: [{ type: 'web_search' }],
      })
      .withResponse();
    expect(response.status).toBe(200);
    expect(response.headers.get('x-interlingua-warnings') ?? '').toContain('web_search_call');
  });
});
