import type { IrRequest } from '@interlingua/ir';
import { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { irToOpenAiChatRequest } from './ir-to-openai-chat-request.js';
import { openAiChatRequestToIr } from './openai-chat-request-to-ir.js';
import { openAiChatRequestSchema } from './openai-chat-request-schema.js';

const SCHEMA = { type: 'object', properties: { q: { type: 'string' } } };

/** A representative IR request using every field chat can carry. */
const representative: IrRequest = {
  model: 'gpt-5',
  messages: [
    { role: 'system', content: [{ type: 'text', text: 'You are terse.' }] },
    { role: 'developer', content: [{ type: 'text', text: 'Prefer tools.' }], name: 'dev' },
    {
      role: 'user',
      name: 'u1',
      content: [
        { type: 'text', text: 'What is in these?' },
        { type: 'file', mediaType: 'image/png', source: { kind: 'base64', data: 'iVBORw0KGgo=' }, detail: 'low' },
        { type: 'file', mediaType: 'image/webp', source: { kind: 'url', url: 'https://example.com/a.webp' } },
        { type: 'file', mediaType: 'audio/mpeg', source: { kind: 'base64', data: 'SUQz' } },
        {
          type: 'file',
          mediaType: 'application/pdf',
          source: { kind: 'base64', data: 'JVBERi0=' },
          filename: 'doc.pdf',
        },
        { type: 'file', source: { kind: 'file-id', fileId: 'file-1' }, filename: 'notes' },
      ],
    },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool-call', id: 'call_a', name: 'search', argumentsJson: '{"q":"cats"}' },
        { type: 'tool-call', id: 'call_b', name: 'search', argumentsJson: '{"q":"dogs"}' },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_a',
          toolName: 'search',
          content: [{ type: 'text', text: 'cats found' }],
        },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_b',
          toolName: 'search',
          content: [
            { type: 'text', text: 'dogs' },
            { type: 'text', text: 'found' },
          ],
        },
      ],
    },
    { role: 'assistant', content: [{ type: 'refusal', text: 'I cannot share that.' }] },
    { role: 'user', content: [{ type: 'text', text: 'ok' }] },
  ],
  tools: [{ name: 'search', description: 'Search the web', parameters: SCHEMA, strict: false }, { name: 'now' }],
  toolChoice: { type: 'tool', name: 'search' },
  parallelToolCalls: true,
  responseFormat: { type: 'json-schema', name: 'out', description: 'Output', schema: SCHEMA, strict: true },
  sampling: {
    temperature: 0.5,
    topP: 0.8,
    presencePenalty: 0.5,
    frequencyPenalty: -0.5,
    seed: 7,
    stopSequences: ['\n\n'],
  },
  maxOutputTokens: 1024,
  candidateCount: 3,
  reasoning: { effort: 'high' },
  stream: true,
  includeStreamUsage: true,
  user: 'end-user',
  metadata: { trace: 't1' },
};

describe('irToOpenAiChatRequest', () => {
  it('round-trips IR -> chat -> IR as the identity', () => {
    const { value: wire, warnings } = irToOpenAiChatRequest(representative);
    expect(warnings).toEqual([]);
    expect(openAiChatRequestSchema.safeParse(wire).success).toBe(true);
    expect(openAiChatRequestToIr(wire).value).toEqual(representative);
  });

  it('sends stream_options.include_usage and max_completion_tokens when streaming', () => {
    const { value } = irToOpenAiChatRequest({ ...representative, includeStreamUsage: false });
    expect(value).toMatchObject({ stream: true, stream_options: { include_usage: true }, max_completion_tokens: 1024 });
    expect(value).not.toHaveProperty('max_tokens');
  });

  it('shapes messages the way chat expects', () => {
    const { value } = irToOpenAiChatRequest(representative);
    expect(value.messages.slice(3)).toEqual([
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [
          { id: 'call_a', type: 'function', function: { name: 'search', arguments: '{"q":"cats"}' } },
          { id: 'call_b', type: 'function', function: { name: 'search', arguments: '{"q":"dogs"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_a', content: 'cats found' },
      {
        role: 'tool',
        tool_call_id: 'call_b',
        content: [
          { type: 'text', text: 'dogs' },
          { type: 'text', text: 'found' },
        ],
      },
      { role: 'assistant', content: null, refusal: 'I cannot share that.' },
      { role: 'user', content: 'ok' },
    ]);
    expect(value.messages[2]?.content).toEqual([
      { type: 'text', text: 'What is in these?' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' } },
      { type: 'image_url', image_url: { url: 'https://example.com/a.webp' } },
      { type: 'input_audio', input_audio: { data: 'SUQz', format: 'mp3' } },
      { type: 'file', file: { file_data: 'data:application/pdf;base64,JVBERi0=', filename: 'doc.pdf' } },
      { type: 'file', file: { file_id: 'file-1', filename: 'notes' } },
    ]);
  });

  it('splits consecutive tool results (Anthropic-style, in a user message) into tool messages', () => {
    const { value } = irToOpenAiChatRequest({
      model: 'm',
      sampling: {},
      stream: false,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'tool-result', toolCallId: 't1', toolName: 'a', content: [{ type: 'text', text: '1' }] },
            {
              type: 'tool-result',
              toolCallId: 't2',
              toolName: 'b',
              content: [{ type: 'text', text: '2' }],
              isError: true,
            },
            { type: 'text', text: 'go on' },
          ],
        },
      ],
    });
    expect(value.messages).toEqual([
      { role: 'tool', tool_call_id: 't1', content: '1' },
      { role: 'tool', tool_call_id: 't2', content: '2' },
      { role: 'user', content: 'go on' },
    ]);
  });

  it('drops assistant reasoning and foreign opaque data silently', () => {
    const { value, warnings } = irToOpenAiChatRequest({
      model: 'm',
      sampling: {},
      stream: false,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'q' }] },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'thinking', opaque: { origin: 'anthropic', kind: 'signature', data: 'sig' } },
            { type: 'text', text: 'a' },
          ],
        },
        {
          role: 'assistant',
          content: [{ type: 'reasoning', text: '', opaque: { origin: 'anthropic', kind: 'redacted', data: 'x' } }],
        },
      ],
    });
    expect(warnings).toEqual([]);
    expect(value.messages).toEqual([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'a' },
    ]);
  });

  it('warns about what chat cannot carry', () => {
    const { value, warnings } = irToOpenAiChatRequest({
      model: 'm',
      stream: false,
      sampling: { topK: 40 },
      reasoning: { budgetTokens: 4000, summary: 'auto' },
      tools: [{ name: 't', cacheControl: { type: 'ephemeral' } }],
      messages: [
        { role: 'system', content: [{ type: 'file', mediaType: 'image/png', source: { kind: 'base64', data: 'x' } }] },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c',
              toolName: 't',
              content: [{ type: 'file', mediaType: 'image/png', source: { kind: 'base64', data: 'x' } }],
            },
          ],
        },
      ],
    });
    expect(value).toMatchObject({ reasoning_effort: 'medium' });
    expect(value).not.toHaveProperty('top_k');
    expect(warnings.map((w) => [w.kind, w.field])).toEqual([
      ['dropped', 'messages[0].content[0]'],
      ['dropped', 'messages[1].content[0].content[0]'],
      ['dropped', 'sampling.topK'],
      ['approximated', 'reasoning.budgetTokens'],
      ['dropped', 'reasoning.summary'],
      ['dropped', 'cacheControl'],
    ]);
  });

  it('throws unsupported for a document referenced by URL', () => {
    const ir: IrRequest = {
      model: 'm',
      stream: false,
      sampling: {},
      messages: [
        {
          role: 'user',
          content: [{ type: 'file', mediaType: 'application/pdf', source: { kind: 'url', url: 'https://x/a.pdf' } }],
        },
      ],
    };
    expect(() => irToOpenAiChatRequest(ir)).toThrow(IrError);
    expect(() => irToOpenAiChatRequest(ir)).toThrow(/messages\[0\]\.content\[0\]/);
  });

  it('omits tool_choice and parallel_tool_calls when there are no tools', () => {
    const { value } = irToOpenAiChatRequest({
      model: 'm',
      stream: false,
      sampling: {},
      toolChoice: { type: 'none' },
      parallelToolCalls: false,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }],
    });
    expect(value).toEqual({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
  });

  it('re-emits extension wire fields without overriding IR fields, and never stream_options without stream', () => {
    const { value } = irToOpenAiChatRequest({
      model: 'm',
      stream: false,
      sampling: { temperature: 1 },
      messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }],
      extensions: {
        'openai-chat': {
          logit_bias: { '1': 5 },
          temperature: 0,
          stream_options: { include_usage: true },
          maxTokensField: 'max_tokens',
        },
      },
    });
    expect(value).toEqual({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      temperature: 1,
      logit_bias: { '1': 5 },
    });
  });
});
