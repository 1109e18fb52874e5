import type { IrStreamEvent } from '@interlingua/ir';
import { responseToStreamEvents, runMachineSync, serializeSseMessages } from '@interlingua/ir-utils';
import AnthropicSdk from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { listRecordings, recordingJson } from '@interlingua/testkit';
import { anthropicMessagesCodec as codec } from './anthropic-messages-codec.js';

/** The official `@anthropic-ai/sdk` as the client of our encoders. */
interface SdkMessage {
  id: string;
  model: string;
  content: Array<{ type: string; text?: string; thinking?: string; signature?: string; input?: unknown; id?: string }>;
  stop_reason: string | null;
  usage: { input_tokens: number; output_tokens: number; cache_read_input_tokens: number | null };
}
interface SdkClient {
  messages: {
    create(params: Record<string, unknown>): Promise<SdkMessage>;
    stream(params: Record<string, unknown>): { finalMessage(): Promise<SdkMessage> };
  };
}
type SdkConstructor = new (options: Record<string, unknown>) => SdkClient;

const Anthropic = AnthropicSdk as unknown as SdkConstructor;
const PARAMS = { model: 'claude-x', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] };

async function clientAnswering(body: string, contentType: string): Promise<SdkClient> {
  const fetch = async (): Promise<Response> =>
    new Response(body, { headers: { 'content-type': contentType, 'request-id': 'req_test' } });
  return new Anthropic({ apiKey: 'test-key', baseURL: 'http://sdk.test', fetch, maxRetries: 0, timeout: 5_000 });
}

function encode(events: IrStreamEvent[]): string {
  return serializeSseMessages(runMachineSync(codec.stream.createEncoder({ model: 'alias' }), events));
}

describe('@anthropic-ai/sdk reads what we emit', () => {
  const wholes = listRecordings('anthropic-messages', (row) => row.http_status === 200 && !row.streaming);

  it.each(wholes.map((rec) => [rec.file, rec] as const))('%s as a Message and as a stream', async (_file, rec) => {
    const ir = codec.response.toIr(recordingJson(rec)).value;
    const whole = codec.response.fromIr(ir).value;
    const created = await (await clientAnswering(JSON.stringify(whole), 'application/json')).messages.create(PARAMS);
    expect(created.content.length).toBe(whole.content.length);
    const streamed = await (
      await clientAnswering(encode(responseToStreamEvents(ir)), 'text/event-stream')
    ).messages
      .stream(PARAMS)
      .finalMessage();
    const carried = whole.content.filter((block) =>
      ['text', 'thinking', 'redacted_thinking', 'tool_use', 'server_tool_use', 'web_search_tool_result'].includes(
        block.type,
      ),
    );
    expect(streamed.content.map((block) => block.type)).toEqual(carried.map((block) => block.type));
    expect(streamed.content.filter((b) => b.type === 'tool_use').map((b) => b.input)).toEqual(
      carried.filter((b) => b.type === 'tool_use').map((b) => ('input' in b ? b.input : undefined)),
    );
    // Web searches and their citations stream as Anthropic streams them: the SDK assembles the same blocks.
    const searched = (blocks: ReadonlyArray<{ type: string; citations?: unknown }>): unknown[] =>
      blocks.filter((b) => b.type !== 'text' || b.citations !== undefined);
    expect(searched(streamed.content)).toEqual(searched(carried));
    expect(streamed.stop_reason).toBe(whole.stop_reason);
    expect(streamed.usage.input_tokens).toBe(whole.usage.input_tokens);
    expect(streamed.usage.output_tokens).toBe(whole.usage.output_tokens);
    expect(streamed.model).toBe('alias');
  });

  it('accumulates an interleaved stream from another provider', async () => {
    const body = encode([
      {
        type: 'response-start',
        id: 'chatcmpl-1',
        model: 'gpt-x',
        created: 0,
        usage: { inputTokens: 50, outputTokens: 0, totalTokens: 50, cacheReadTokens: 20 },
      },
      { type: 'reasoning-start', index: 0 },
      { type: 'reasoning-delta', index: 0, delta: 'plain thought' },
      { type: 'text-start', index: 1 },
      { type: 'text-delta', index: 1, delta: 'Hello' },
      { type: 'tool-call-start', index: 2, id: 'call_1', name: 'f' },
      { type: 'tool-call-delta', index: 2, argumentsDelta: '{"a":' },
      { type: 'text-delta', index: 1, delta: ' world' },
      { type: 'tool-call-delta', index: 2, argumentsDelta: '2}' },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' } },
      { type: 'usage-update', usage: { inputTokens: 50, outputTokens: 9, totalTokens: 59, cacheReadTokens: 20 } },
    ]);
    const message = await (await clientAnswering(body, 'text/event-stream')).messages.stream(PARAMS).finalMessage();
    // Reasoning without an Anthropic signature never becomes a thinking block.
    expect(message.content).toEqual([
      { type: 'text', text: 'Hello world' },
      { type: 'tool_use', id: 'call_1', name: 'f', input: { a: 2 } },
    ]);
    expect(message.stop_reason).toBe('tool_use');
    expect(message.usage).toMatchObject({ input_tokens: 30, output_tokens: 9, cache_read_input_tokens: 20 });
  });

  it('throws the in-band error', async () => {
    const body = encode([
      { type: 'response-start', id: 'msg_1', model: 'm', created: 0 },
      { type: 'text-start', index: 0 },
      { type: 'text-delta', index: 0, delta: 'partial' },
      { type: 'error', error: { kind: 'overloaded', message: 'Overloaded' } },
    ]);
    await expect(
      (await clientAnswering(body, 'text/event-stream')).messages.stream(PARAMS).finalMessage(),
    ).rejects.toThrow(/Overloaded/);
  });
});
