import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IrModel, IrStreamEvent } from '@interlingua/ir';
import { responseToStreamEvents, runMachineSync, serializeSse } from '@interlingua/ir-utils';
import * as genai from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRecordings, recordingJson } from '@interlingua/testkit';
import { geminiCodec, geminiModelList } from './index.js';

/** The official `@google/genai` SDK as the client of our encoders. */
interface SdkPart {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
}
interface SdkResponse {
  text?: string;
  functionCalls?: Array<{ id?: string; name?: string; args?: Record<string, unknown> }>;
  candidates?: Array<{ finishReason?: string; content?: { parts?: SdkPart[] } }>;
  usageMetadata?: { totalTokenCount?: number; thoughtsTokenCount?: number };
  responseId?: string;
}
interface SdkClient {
  models: {
    generateContent(params: Record<string, unknown>): Promise<SdkResponse>;
    generateContentStream(params: Record<string, unknown>): Promise<AsyncIterable<SdkResponse>>;
    list(params: Record<string, unknown>): Promise<AsyncIterable<{ name?: string; supportedActions?: string[] }>>;
  };
}
interface SdkModule {
  GoogleGenAI: new (options: Record<string, unknown>) => SdkClient;
}

const sdk = genai as unknown as SdkModule;
const recordings = listRecordings('gemini', (r) => r.http_status === 200 && !r.streaming);
const toolCallIr = geminiCodec.response.toIr(
  recordingJson(recordings.find((r) => r.file.includes('05-function-call'))!),
).value;
const textIr = geminiCodec.response.toIr(recordingJson(recordings.find((r) => r.file.includes('01-text'))!)).value;
const models: IrModel[] = ['a', 'b', 'c'].map((id) => ({ id: `gemini-${id}`, ownedBy: 'google', created: 0 }));
const requests: unknown[] = [];

function sse(res: ServerResponse, events: IrStreamEvent[]): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const message of runMachineSync(geminiCodec.stream.createEncoder(), events)) res.write(serializeSse(message));
  res.end();
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  if (body) requests.push(JSON.parse(body));
  const url = new URL(req.url ?? '/', 'http://localhost');
  const json = (status: number, value: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  if (url.pathname === '/v1beta/models') {
    return json(
      200,
      geminiModelList(models, {
        pageSize: Number(url.searchParams.get('pageSize') ?? 50),
        pageToken: url.searchParams.get('pageToken') ?? undefined,
      }),
    );
  }
  if (url.pathname.endsWith('tools:generateContent')) return json(200, geminiCodec.response.fromIr(toolCallIr).value);
  if (url.pathname.endsWith('missing:generateContent')) {
    const error = geminiCodec.error.fromIr({ kind: 'not-found', message: 'models/missing is not found' });
    return json(error.status, error.body);
  }
  if (url.pathname.endsWith('text:streamGenerateContent')) return sse(res, responseToStreamEvents(textIr));
  if (url.pathname.endsWith('broken:streamGenerateContent')) {
    const events = responseToStreamEvents(textIr).filter(
      (e) => e.type === 'response-start' || e.type === 'text-start' || e.type === 'text-delta',
    );
    return sse(res, [...events, { type: 'error', error: { kind: 'overloaded', message: 'The model is overloaded.' } }]);
  }
  json(404, { error: { code: 404, message: 'no route', status: 'NOT_FOUND' } });
}

describe('@google/genai reads what the codec writes', () => {
  let server: Server;
  let client: SdkClient;

  beforeAll(async () => {
    server = createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    client = new sdk.GoogleGenAI({
      apiKey: 'test-key',
      httpOptions: { baseUrl: `http://127.0.0.1:${port}`, timeout: 5000 },
    });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('generateContent: function calls with ids, args and signatures', async () => {
    const response = await client.models.generateContent({ model: 'tools', contents: 'weather?' });
    expect(response.functionCalls).toEqual([
      { id: 'call_m36LaZGyCLz1xs0PtNSB-QU_0', name: 'weather', args: { location: 'San Francisco' } },
    ]);
    expect(response.candidates?.[0]?.finishReason).toBe('STOP');
    expect(response.usageMetadata?.thoughtsTokenCount).toBe(893);
  });

  it('generateContentStream: text, trailing signature, finish reason and usage', async () => {
    let text = '';
    let finish: string | undefined;
    let total: number | undefined;
    let signatures = 0;
    for await (const chunk of await client.models.generateContentStream({
      model: 'text',
      contents: 'r in strawberry?',
    })) {
      for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
        if (part.text && !part.thought) text += part.text;
        if (part.thoughtSignature) signatures++;
      }
      finish = chunk.candidates?.[0]?.finishReason ?? finish;
      total = chunk.usageMetadata?.totalTokenCount ?? total;
    }
    expect(text).toBe("There are **3** r's in strawberry.\n\nHere is the breakdown: st**r**awbe**rr**y.");
    expect(signatures).toBe(1);
    expect(finish).toBe('STOP');
    expect(total).toBe(281);
  });

  it('an in-band error ends the stream with an ApiError', async () => {
    const seen: string[] = [];
    const consume = async () => {
      for await (const chunk of await client.models.generateContentStream({ model: 'broken', contents: 'hi' }))
        seen.push(chunk.text ?? '');
    };
    await expect(consume()).rejects.toThrow(/overloaded/);
  });

  it('an HTTP error body is an ApiError with its status', async () => {
    await expect(client.models.generateContent({ model: 'missing', contents: 'hi' })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('models.list pages through nextPageToken', async () => {
    const names: string[] = [];
    for await (const model of await client.models.list({ config: { pageSize: 2 } })) names.push(model.name ?? '');
    expect(names).toEqual(['models/gemini-a', 'models/gemini-b', 'models/gemini-c']);
  });

  it('the requests the SDK sends are valid for request.toIr', async () => {
    requests.length = 0;
    await client.models.generateContent({
      model: 'tools',
      contents: [
        { role: 'user', parts: [{ text: 'hi' }] },
        {
          role: 'model',
          parts: [{ functionCall: { name: 'weather', args: { location: 'SF' } }, thoughtSignature: 'U0lH' }],
        },
        { role: 'user', parts: [{ functionResponse: { name: 'weather', response: { temp: 20 } } }] },
      ],
      config: {
        systemInstruction: 'Be terse.',
        temperature: 0.5,
        maxOutputTokens: 100,
        thinkingConfig: { thinkingBudget: 512, includeThoughts: true },
        tools: [
          { functionDeclarations: [{ name: 'weather', parametersJsonSchema: { type: 'object' } }] },
          { googleSearch: {} },
        ],
        toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['weather'] } },
        responseMimeType: 'application/json',
        responseJsonSchema: { type: 'object' },
      },
    });
    const { value } = geminiCodec.request.toIr(requests[0]);
    expect(value.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(value.messages[3]?.content[0]).toMatchObject({ toolCallId: 'call_weather_1_0', toolName: 'weather' });
    expect(value).toMatchObject({
      sampling: { temperature: 0.5 },
      maxOutputTokens: 100,
      toolChoice: { type: 'tool', name: 'weather' },
      reasoning: { budgetTokens: 512, effort: 'minimal', summary: 'auto' },
      responseFormat: { type: 'json-schema', schema: { type: 'object' } },
    });
    expect(geminiCodec.request.fromIr(value).value).toEqual(requests[0]);
  });
});
