import type { IrRequest, IrStreamEvent } from '@interlingua/ir';
import { IrError } from '@interlingua/ir';
import { accumulateResponse, runMachineSync } from '@interlingua/ir-utils';
import { bedrockConverseUpstreamRequestSchema } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { createBedrockConverseCodec } from './bedrock-converse-codec.js';
import { bedrockErrorToIr } from './bedrock-converse-error.js';

const claude = createBedrockConverseCodec('anthropic.claude-3-7-sonnet-20250219-v1:0');
const llama = createBedrockConverseCodec('meta.llama3-70b-instruct-v1:0');
const PNG = 'iVBORw0KGgo=';

/** A conversation with every part the Converse wire carries. */
const conversation: IrRequest = {
  model: 'anthropic.claude-3-7-sonnet-20250219-v1:0',
  messages: [
    { role: 'system', content: [{ type: 'text', text: 'Be brief.', cacheControl: { type: 'ephemeral' } }] },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is in this picture, and the weather in Paris?' },
        { type: 'file', mediaType: 'image/png', source: { kind: 'base64', data: PNG } },
        {
          type: 'file',
          mediaType: 'application/pdf',
          filename: 'report_2024.pdf',
          source: { kind: 'base64', data: 'JVBERi0=' },
        },
      ],
    },
    {
      role: 'assistant',
      content: [
        {
          type: 'reasoning',
          text: 'Need the tool.',
          opaque: { origin: 'anthropic', kind: 'signature', data: 'sig-1' },
        },
        { type: 'text', text: 'Checking.' },
        { type: 'tool-call', id: 'call_1', name: 'get_weather', argumentsJson: '{"city":"Paris"}' },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_1',
          toolName: 'get_weather',
          content: [{ type: 'text', text: '21°C' }],
          cacheControl: { type: 'ephemeral', ttl: '1h' },
        },
      ],
    },
  ],
  tools: [
    {
      name: 'get_weather',
      description: 'Weather of a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  ],
  toolChoice: { type: 'auto' },
  sampling: { temperature: 0.3, topP: 0.9, stopSequences: ['END'] },
  maxOutputTokens: 512,
  stream: false,
  metadata: { team: 'search' },
};

describe('IR request -> Converse body', () => {
  it('builds a body Bedrock documents as valid: system, images, documents, tool calls and results, cache points', () => {
    const { value, warnings } = claude.request.fromIr(conversation);
    expect(bedrockConverseUpstreamRequestSchema.safeParse(value).error).toBeUndefined();
    expect(warnings).toEqual([]);
    expect(value).toMatchObject({
      system: [{ text: 'Be brief.' }, { cachePoint: { type: 'default' } }],
      inferenceConfig: { maxTokens: 512, temperature: 0.3, topP: 0.9, stopSequences: ['END'] },
      toolConfig: {
        tools: [
          {
            toolSpec: {
              name: 'get_weather',
              description: 'Weather of a city',
              inputSchema: { json: { type: 'object' } },
            },
          },
        ],
        toolChoice: { auto: {} },
      },
      requestMetadata: { team: 'search' },
    });
    const [user, assistant, results] = (value as { messages: Array<{ role: string; content: unknown[] }> }).messages;
    expect(user?.content).toEqual([
      { text: 'What is in this picture, and the weather in Paris?' },
      { image: { format: 'png', source: { bytes: PNG } } },
      { document: { format: 'pdf', name: 'report 2024', source: { bytes: 'JVBERi0=' } } },
    ]);
    expect(assistant?.content).toEqual([
      { reasoningContent: { reasoningText: { text: 'Need the tool.', signature: 'sig-1' } } },
      { text: 'Checking.' },
      { toolUse: { toolUseId: 'call_1', name: 'get_weather', input: { city: 'Paris' } } },
    ]);
    expect(results).toEqual({
      role: 'user',
      content: [
        { toolResult: { toolUseId: 'call_1', content: [{ text: '21°C' }] } },
        { cachePoint: { type: 'default', ttl: '1h' } },
      ],
    });
  });

  it('keeps every documented field through Converse -> IR -> Converse', () => {
    const body = claude.request.fromIr(conversation).value;
    const again = claude.request.fromIr(claude.request.toIr(body).value).value;
    expect(again).toEqual(body);
  });

  it('keeps fields the IR does not carry (guardrails, performance config) through a round trip', () => {
    const body = {
      messages: [{ role: 'user', content: [{ text: 'Hi' }] }],
      guardrailConfig: { guardrailIdentifier: 'g1', guardrailVersion: '1' },
      performanceConfig: { latency: 'optimized' },
    };
    expect(claude.request.fromIr(claude.request.toIr(body).value).value).toEqual(body);
  });

  it('sends Claude a thinking budget above which maxTokens stays, and top_k, through additionalModelRequestFields', () => {
    const { value, warnings } = claude.request.fromIr({
      ...conversation,
      maxOutputTokens: 1000,
      reasoning: { effort: 'medium' },
      sampling: { topK: 40 },
    });
    expect(value).toMatchObject({
      additionalModelRequestFields: { thinking: { type: 'enabled', budget_tokens: 4096 }, top_k: 40 },
      inferenceConfig: { maxTokens: 5096 },
    });
    expect(warnings.map((w) => w.field)).toEqual(['maxOutputTokens']);
  });

  it('drops reasoning and top_k for other model families with warnings', () => {
    const { value, warnings } = llama.request.fromIr({
      ...conversation,
      messages: conversation.messages.slice(1, 2),
      reasoning: { budgetTokens: 2048 },
      sampling: { topK: 5, seed: 7 },
    });
    expect(value).not.toHaveProperty('additionalModelRequestFields');
    expect(warnings.map((w) => w.field).sort()).toEqual(['reasoning', 'sampling.seed', 'sampling.topK']);
  });

  it('forwards reasoning signatures only to the family that minted them', () => {
    const foreign: IrRequest = {
      ...conversation,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'thinking…', opaque: { origin: 'gemini', kind: 'signature', data: 'g' } },
            { type: 'text', text: 'Hello' },
          ],
        },
        { role: 'user', content: [{ type: 'text', text: 'Again' }] },
      ],
      tools: [],
    };
    const toClaude = claude.request.fromIr(foreign).value as { messages: Array<{ content: unknown[] }> };
    expect(toClaude.messages[1]?.content).toEqual([{ text: 'Hello' }]);
    const toLlama = llama.request.fromIr(foreign).value as { messages: Array<{ content: unknown[] }> };
    expect(toLlama.messages[1]?.content).toEqual([
      { reasoningContent: { reasoningText: { text: 'thinking…' } } },
      { text: 'Hello' },
    ]);
  });

  it('maps tool choices and leaves tools out for "none" when no tool blocks need them', () => {
    const simple: IrRequest = { ...conversation, messages: conversation.messages.slice(1, 2) };
    expect(claude.request.fromIr({ ...simple, toolChoice: { type: 'required' } }).value).toMatchObject({
      toolConfig: { toolChoice: { any: {} } },
    });
    expect(claude.request.fromIr({ ...simple, toolChoice: { type: 'tool', name: 'get_weather' } }).value).toMatchObject(
      { toolConfig: { toolChoice: { tool: { name: 'get_weather' } } } },
    );
    expect(claude.request.fromIr({ ...simple, toolChoice: { type: 'none' } }).value).not.toHaveProperty('toolConfig');
    const history = claude.request.fromIr({ ...conversation, toolChoice: { type: 'none' } });
    expect((history.value as { toolConfig?: unknown }).toolConfig).toEqual({ tools: expect.any(Array) });
    expect(history.warnings.map((w) => w.field)).toEqual(['toolChoice']);
  });

  it('replaces tool-call ids Converse refuses with stable ones, the same in calls and results', () => {
    const ir: IrRequest = {
      ...conversation,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', id: 'call.1/x', name: 'get_weather', argumentsJson: '{}' }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call.1/x',
              toolName: 'get_weather',
              content: [{ type: 'text', text: 'ok' }],
            },
          ],
        },
      ],
    };
    const body = claude.request.fromIr(ir).value;
    expect(bedrockConverseUpstreamRequestSchema.safeParse(body).error).toBeUndefined();
  });

  it('refuses files Converse cannot take, naming the part', () => {
    const withUrl: IrRequest = {
      ...conversation,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'file', mediaType: 'image/png', source: { kind: 'url', url: 'https://example.com/a.png' } },
          ],
        },
      ],
    };
    expect(() => claude.request.fromIr(withUrl)).toThrow(/messages\[0\]\.content\[0\].*s3:\/\//);
    const audio: IrRequest = {
      ...conversation,
      messages: [
        { role: 'user', content: [{ type: 'file', mediaType: 'audio/wav', source: { kind: 'base64', data: 'AAAA' } }] },
      ],
    };
    const error = (() => {
      try {
        claude.request.fromIr(audio);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(IrError);
    expect((error as IrError).data).toMatchObject({ kind: 'unsupported', param: 'messages[0].content[0]' });
  });

  it('throws invalid-request with the field path for a bad Converse body', () => {
    expect(() => claude.request.toIr({ messages: [{ role: 'system', content: [] }] })).toThrow(/messages\[0\]\.role/);
  });
});

describe('Converse stream encoder', () => {
  it('puts messageStop and metadata last, closing open blocks, whatever the IR event order', () => {
    const events: IrStreamEvent[] = [
      { type: 'response-start', id: 'r', model: 'm', created: 0 },
      { type: 'usage-update', usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 } },
      { type: 'text-start', index: 0 },
      { type: 'text-delta', index: 0, delta: 'Hi' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'end_turn' } },
    ];
    const out = runMachineSync(claude.stream.createEncoder(), events);
    expect(out.map((m) => m.event)).toEqual([
      'messageStart',
      'contentBlockDelta',
      'contentBlockStop',
      'messageStop',
      'metadata',
    ]);
    const decoded = accumulateResponse(runMachineSync(claude.stream.createDecoder(), out));
    expect(decoded.usage).toMatchObject({ inputTokens: 3, outputTokens: 2 });
  });

  it('ends with the exception event of an IR error', () => {
    const out = runMachineSync(claude.stream.createEncoder(), [
      { type: 'error', error: { kind: 'rate-limit', message: 'slow down' } },
    ]);
    expect(out.at(-1)).toEqual({ event: 'throttlingException', data: '{"message":"slow down"}' });
    const decoded = runMachineSync(claude.stream.createDecoder(), out);
    expect(decoded.at(-1)).toMatchObject({
      type: 'error',
      error: { kind: 'rate-limit', message: 'slow down', status: 429 },
    });
  });
});

describe('Bedrock errors', () => {
  it('reads the error type from the x-amzn-errortype value before the status', () => {
    const body = { message: 'The request signature we calculated does not match the signature you provided.' };
    expect(
      bedrockErrorToIr(
        403,
        body,
        'InvalidSignatureException:http://internal.amazon.com/coral/com.amazon.coral.service/',
      ),
    ).toMatchObject({ kind: 'authentication', status: 401, code: 'InvalidSignatureException', message: body.message });
    expect(bedrockErrorToIr(429, { message: 'Model is getting ready' }, 'ModelNotReadyException')).toMatchObject({
      kind: 'overloaded',
      status: 429,
    });
    expect(bedrockErrorToIr(424, { message: 'model failed' }, 'ModelErrorException')).toMatchObject({
      kind: 'upstream-error',
    });
    expect(claude.error.toIr(403, body)).toMatchObject({ kind: 'permission', status: 403 });
  });

  it('reads __type in the body when it is there', () => {
    expect(
      claude.error.toIr(400, { __type: 'com.amazon.coral.validate#ValidationException', message: 'bad' }),
    ).toMatchObject({ kind: 'invalid-request', code: 'ValidationException' });
    expect(claude.error.toIr(403, { __type: 'UnrecognizedClientException', message: 'bad key' })).toMatchObject({
      kind: 'authentication',
      status: 401,
    });
  });
});
