import { FinishReason, type Content, type GoogleGenAI } from '@google/genai';
import { openAiResponsesUpstreamRequestSchema } from '@interlingua/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import {
  expected,
  geminiClient,
  lastUpstreamBody,
  replayJson,
  replaySse,
  replies,
  type Reply,
} from './gemini-e2e.test-support.js';

let harness: Harness;
let reply: Reply;
let ai: GoogleGenAI;

beforeAll(async () => {
  harness = await startHarness((request, response) => reply(request, response), {
    upstreamProvider: { type: 'openai', api: 'responses' },
  });
  ai = geminiClient(harness);
});

afterAll(async () => harness.close());

beforeEach(() => {
  reply = () => {
    throw new Error('no reply set');
  };
});

const lastResponses = () => lastUpstreamBody(harness, '/responses', openAiResponsesUpstreamRequestSchema);

describe('@google/genai against an OpenAI Responses upstream', () => {
  it('answers text, the system instruction sent as instructions or a system turn', async () => {
    reply = replayJson('openai-responses/01-text.json');
    const response = await ai.models.generateContent({
      model: 'up/gpt-5',
      contents: 'Capital of France?',
      config: { systemInstruction: 'Be terse', maxOutputTokens: 200 },
    });
    expect(response.text).toBe(expected('openai-responses/01-text.json').text);
    expect(response.candidates?.[0]?.finishReason).toBe(FinishReason.STOP);
    const body = lastResponses();
    expect(body).toMatchObject({ model: 'gpt-5', max_output_tokens: 200 });
    expect(JSON.stringify(body.instructions ?? body.input)).toContain('Be terse');
  });

  it('calls a function over two turns, the call_id kept as the Gemini id', async () => {
    reply = replies(replayJson('openai-responses/05-function-call.json'), replayJson('openai-responses/01-text.json'));
    const tools = [
      {
        functionDeclarations: [
          {
            name: 'get_capital',
            parametersJsonSchema: { type: 'object', properties: { country: { type: 'string' } } },
          },
        ],
      },
    ];
    const user: Content = { role: 'user', parts: [{ text: 'Capital of PotatoLand?' }] };
    const first = await ai.models.generateContent({ model: 'up/gpt-5', contents: [user], config: { tools } });
    expect(first.functionCalls).toEqual([
      { id: 'call_YfwRsW8sUxDKipwyhWTzOXCA', name: 'get_capital', args: { country: 'PotatoLand' } },
    ]);
    const answer: Content = {
      role: 'user',
      parts: [
        {
          functionResponse: {
            id: 'call_YfwRsW8sUxDKipwyhWTzOXCA',
            name: 'get_capital',
            response: { result: 'Tuberville' },
          },
        },
      ],
    };
    await ai.models.generateContent({
      model: 'up/gpt-5',
      contents: [user, first.candidates?.[0]?.content as Content, answer],
      config: { tools },
    });
    const input = lastResponses().input;
    expect(input).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'function_call',
          call_id: 'call_YfwRsW8sUxDKipwyhWTzOXCA',
          name: 'get_capital',
        }),
        expect.objectContaining({
          type: 'function_call_output',
          call_id: 'call_YfwRsW8sUxDKipwyhWTzOXCA',
          output: 'Tuberville',
        }),
      ]),
    );
  });

  it('maps thinking to reasoning and summaries back to thoughts', async () => {
    reply = replayJson('openai-responses/08-reasoning-summary.json');
    const response = await ai.models.generateContent({
      model: 'up/gpt-5',
      contents: 'Think about it',
      config: { thinkingConfig: { includeThoughts: true, thinkingBudget: 8192 } },
    });
    expect(lastResponses().reasoning).toMatchObject({ effort: 'medium' });
    const summary = expected('openai-responses/08-reasoning-summary.json').reasoning_summary as string[];
    const thoughts =
      response.candidates?.[0]?.content?.parts?.filter((part) => part.thought).map((part) => part.text) ?? [];
    expect(thoughts.join('')).toContain(summary[0]?.slice(0, 40) ?? '');
  });

  it('streams text', async () => {
    reply = replaySse('openai-responses/02-text-stream.sse');
    const stream = await ai.models.generateContentStream({ model: 'up/gpt-5', contents: 'hi' });
    let text = '';
    for await (const chunk of stream) text += chunk.text ?? '';
    expect(text).toBe(expected('openai-responses/02-text-stream.sse').text);
    expect(lastResponses().stream).toBe(true);
  });

  it('counts tokens with the upstream input_tokens endpoint', async () => {
    reply = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ object: 'response.input_tokens', input_tokens: 11 }));
    };
    const counted = await ai.models.countTokens({ model: 'up/gpt-5', contents: 'How many?' });
    expect(counted.totalTokens).toBe(11);
    expect(harness.upstream.requests.at(-1)?.url).toBe('/v1/responses/input_tokens');
  });
});
