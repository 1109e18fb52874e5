import type { IrContentPart, IrFinishReason, IrResponse } from '@interlingua/ir';
import { parseSseText, responseToStreamEvents, runMachineSync, serializeSseMessages } from '@interlingua/ir-utils';
import {
  describeOpenAiSchemaErrors,
  validateOpenAiResponse,
  validateOpenAiResponseStreamEvent,
  withoutKnownOpenAiDisagreements,
} from '@interlingua/testkit/openai-openapi';
import { describe, expect, it } from 'vitest';
import { openAiResponsesResponseFromIr } from './ir-to-openai-responses-response.js';
import { createOpenAiResponsesStreamEncoder } from './openai-responses-stream-encoder.js';

// OpenAI's published OpenAPI description judges what our Responses encoders write: whole answers and every
// streamed event, for a spread of IR answers.

const stop: IrFinishReason = { unified: 'stop', raw: 'stop' };
const usage = { inputTokens: 20, outputTokens: 12, totalTokens: 32, cacheReadTokens: 4, reasoningTokens: 5 };

const answers: Record<string, { content: IrContentPart[]; finishReason?: IrFinishReason }> = {
  text: { content: [{ type: 'text', text: 'Paris is the capital of France.' }] },
  'text with a citation': {
    content: [
      {
        type: 'text',
        text: 'It rained in Paris.',
        citations: [{ url: 'https://weather.test/paris', title: 'Paris weather', startIndex: 0, endIndex: 19 }],
      },
    ],
  },
  reasoning: {
    content: [
      {
        type: 'reasoning',
        text: 'The user wants a capital.',
        opaque: { origin: 'openai', kind: 'encrypted', data: 'enc' },
      },
      { type: 'text', text: 'Paris.' },
    ],
  },
  'tool calls': {
    content: [
      { type: 'tool-call', id: 'call_1', name: 'get_weather', argumentsJson: '{"city":"Paris"}' },
      { type: 'tool-call', id: 'call_2', name: 'get_time', argumentsJson: '{}' },
    ],
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
  },
  'web search': {
    content: [
      { type: 'web-search', id: 'ws_1', queries: ['paris weather'], sources: [{ url: 'https://weather.test/paris' }] },
      { type: 'text', text: 'Rain.' },
    ],
  },
  refusal: {
    content: [{ type: 'refusal', text: 'I cannot help with that.' }],
    finishReason: { unified: 'refusal', raw: 'refusal' },
  },
  'cut short': { content: [{ type: 'text', text: 'Once upon' }], finishReason: { unified: 'length', raw: 'length' } },
  'mcp list tools, calls and an approval request': {
    content: [
      {
        type: 'mcp-list-tools',
        id: 'mcpl_1',
        server: 'everything',
        tools: [
          { name: 'echo', description: 'Echoes', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
          { name: 'bare' },
        ],
      },
      { type: 'mcp-call', id: 'mcp_1', server: 'everything', name: 'echo', argumentsJson: '{"m":"hi"}', output: 'hi' },
      { type: 'mcp-call', id: 'mcp_2', server: 'everything', name: 'boom', argumentsJson: '{}', error: 'tool failed' },
      { type: 'mcp-approval-request', id: 'mcpr_1', server: 'everything', name: 'echo', argumentsJson: '{}' },
    ],
  },
  'mcp items without ids': {
    content: [
      { type: 'mcp-call', id: '', server: 'calc', name: 'add', argumentsJson: '{"a":1}', output: '2' },
      { type: 'mcp-call', id: '', server: 'calc', name: 'add', argumentsJson: '{}', error: 'missing a' },
      { type: 'mcp-approval-request', id: '', server: 'calc', name: 'add', argumentsJson: '{}' },
    ],
  },
};

function irAnswer(name: string): IrResponse {
  const { content, finishReason = stop } = answers[name]!;
  return {
    id: 'resp_1',
    model: 'gpt-test',
    created: 1_764_000_000,
    choices: [{ index: 0, content, finishReason }],
    usage,
  };
}

function streamedEvents(ir: IrResponse): Array<{ type: string }> {
  const sse = serializeSseMessages(runMachineSync(createOpenAiResponsesStreamEncoder(), responseToStreamEvents(ir)));
  return parseSseText(sse).map((message) => JSON.parse(message.data) as { type: string });
}

describe('Responses answers against OpenAI’s published OpenAPI description', () => {
  it.each(Object.keys(answers))('the whole answer (%s) is valid', (name) => {
    const body = openAiResponsesResponseFromIr(irAnswer(name)).value;
    expect(describeOpenAiSchemaErrors(withoutKnownOpenAiDisagreements(validateOpenAiResponse(body)))).toBe('');
  });

  it.each(Object.keys(answers))('every streamed event (%s) is valid', (name) => {
    const events = streamedEvents(irAnswer(name));
    expect(events.length).toBeGreaterThan(3);
    const failures = events
      .map((event, index) => ({
        at: `${index} ${event.type}`,
        errors: withoutKnownOpenAiDisagreements(validateOpenAiResponseStreamEvent(event)),
      }))
      .filter(({ errors }) => errors.length > 0)
      .map(({ at, errors }) => `${at}\n${describeOpenAiSchemaErrors(errors)}`);
    expect(failures.join('\n\n')).toBe('');
  });

  it('fails an encoded answer whose MCP call lost its server_label (a planted defect)', () => {
    const body = openAiResponsesResponseFromIr(irAnswer('mcp list tools, calls and an approval request')).value;
    const planted = structuredClone(body) as unknown as { output: Array<Record<string, unknown>> };
    delete planted.output[1]!.server_label;
    const errors = withoutKnownOpenAiDisagreements(validateOpenAiResponse(planted));
    expect(errors.map((error) => `${error.instancePath} ${String(error.params.missingProperty)}`)).toEqual([
      '/output/1 server_label',
    ]);
  });

  it('fails a streamed output_item.done whose message lost its status (a planted defect)', () => {
    const done = streamedEvents(irAnswer('text')).find((event) => event.type === 'response.output_item.done');
    const planted = structuredClone(done) as unknown as { item: Record<string, unknown> };
    delete planted.item.status;
    const errors = withoutKnownOpenAiDisagreements(validateOpenAiResponseStreamEvent(planted));
    expect(errors.map((error) => `${error.instancePath} ${String(error.params.missingProperty)}`)).toEqual([
      '/item status',
    ]);
  });
});
