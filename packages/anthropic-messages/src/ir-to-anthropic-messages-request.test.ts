import type { IrMessage, IrRequest } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { anthropicMessagesCodec as codec } from './anthropic-messages-codec.js';

function user(text: string): IrMessage {
  return { role: 'user', content: [{ type: 'text', text }] };
}

function ir(messages: IrMessage[], extra: Partial<IrRequest> = {}): IrRequest {
  return { model: 'm', messages, sampling: {}, stream: false, maxOutputTokens: 1000, ...extra };
}

function toIr(body: unknown): IrRequest {
  return codec.request.toIr(body).value;
}

describe('request fromIr (any IR to Messages)', () => {
  it('hoists system and developer messages, warning for those mid-conversation', () => {
    const { value, warnings } = codec.request.fromIr(
      ir([
        { role: 'system', content: [{ type: 'text', text: 'A' }] },
        { role: 'developer', content: [{ type: 'text', text: 'B' }] },
        user('hi'),
        { role: 'developer', content: [{ type: 'text', text: 'C' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'yo' }] },
        { role: 'system', content: [{ type: 'text', text: 'D', cacheControl: { type: 'ephemeral' } }] },
      ]),
    );
    expect(value.system).toEqual([
      { type: 'text', text: 'A' },
      { type: 'text', text: 'B' },
      { type: 'text', text: 'C' },
      { type: 'text', text: 'D', cache_control: { type: 'ephemeral' } },
    ]);
    expect(value.messages).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'yo' },
    ]);
    expect(warnings.map((w) => [w.kind, w.field])).toEqual([
      ['approximated', 'messages[3]'],
      ['approximated', 'messages[5]'],
    ]);
  });

  it('merges consecutive same-role turns and skips turns left empty', () => {
    const { value } = codec.request.fromIr(
      ir([
        user('a'),
        user('b'),
        { role: 'assistant', content: [{ type: 'reasoning', text: 'unsigned' }] },
        user('c'),
        { role: 'assistant', content: [{ type: 'text', text: 'd' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'e' }] },
      ]),
    );
    expect(value.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
          { type: 'text', text: 'c' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'd' },
          { type: 'text', text: 'e' },
        ],
      },
    ]);
  });

  it('puts tool results first in the user turn that follows the tool calls', () => {
    const call = (id: string) => ({ type: 'tool-call' as const, id, name: 'f', argumentsJson: '{"x":1}' });
    const result = (id: string) => ({
      type: 'tool-result' as const,
      toolCallId: id,
      toolName: 'f',
      content: [{ type: 'text' as const, text: id }],
    });
    const { value } = codec.request.fromIr(
      ir([
        user('go'),
        { role: 'assistant', content: [call('c1'), call('c2')] },
        user('meanwhile'),
        { role: 'tool', content: [result('c1')] },
        { role: 'tool', content: [result('c2')] },
        user('and then'),
      ]),
    );
    expect(value.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'tool_use', id: 'c1', name: 'f', input: { x: 1 } },
        { type: 'tool_use', id: 'c2', name: 'f', input: { x: 1 } },
      ],
    });
    expect(value.messages[2]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'c1', content: 'c1' },
        { type: 'tool_result', tool_use_id: 'c2', content: 'c2' },
        { type: 'text', text: 'meanwhile' },
        { type: 'text', text: 'and then' },
      ],
    });
  });

  it('forwards Anthropic signatures only, and drops unsigned or foreign reasoning silently', () => {
    const { value, warnings } = codec.request.fromIr(
      ir([
        user('q'),
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'mine', opaque: { origin: 'anthropic', kind: 'signature', data: 'SIG' } },
            { type: 'reasoning', text: '', opaque: { origin: 'anthropic', kind: 'redacted', data: 'RED' } },
            { type: 'reasoning', text: 'openai', opaque: { origin: 'openai', kind: 'encrypted', data: 'ENC' } },
            { type: 'reasoning', text: 'gemini', opaque: { origin: 'gemini', kind: 'signature', data: 'GSIG' } },
            { type: 'reasoning', text: 'plain' },
            {
              type: 'reasoning',
              text: 'empty signature',
              opaque: { origin: 'anthropic', kind: 'signature', data: '' },
            },
            { type: 'text', text: 'answer' },
          ],
        },
      ]),
    );
    expect(value.messages[1]?.content).toEqual([
      { type: 'thinking', thinking: 'mine', signature: 'SIG' },
      { type: 'redacted_thinking', data: 'RED' },
      { type: 'text', text: 'answer' },
    ]);
    expect(warnings).toEqual([]);
  });

  it('keeps a thinking signature through an Anthropic round trip', () => {
    const body = {
      model: 'm',
      max_tokens: 10,
      messages: [
        { role: 'user', content: 'q' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 't', signature: 'EqABC' },
            { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} },
          ],
        },
      ],
    };
    expect(codec.request.fromIr(toIr(body)).value.messages[1]?.content).toEqual(body.messages[1]?.content);
  });

  it('sends unparsable tool arguments as {} with a warning, and mints ids for empty ones', () => {
    const { value, warnings } = codec.request.fromIr(
      ir([
        user('q'),
        {
          role: 'assistant',
          content: [
            { type: 'tool-call', id: '', name: 'f', argumentsJson: '{oops' },
            { type: 'tool-call', id: 'functions.f:1', name: 'f', argumentsJson: '[1]' },
          ],
        },
        {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId: '', toolName: 'f', content: [] },
            { type: 'tool-result', toolCallId: 'functions.f:1', toolName: 'f', content: [] },
          ],
        },
      ]),
    );
    const calls = value.messages[1]?.content as Array<Record<string, unknown>>;
    const results = value.messages[2]?.content as Array<Record<string, unknown>>;
    expect(calls.map((c) => c.input)).toEqual([{}, {}]);
    expect(warnings.map((w) => w.field)).toEqual([
      'messages[1].content[0].arguments',
      'messages[1].content[1].arguments',
    ]);
    for (const call of calls) expect(call.id).toMatch(/^toolu_[a-z0-9]{24}$/);
    expect(results.map((r) => r.tool_use_id)).toEqual(calls.map((c) => c.id));
    expect(calls[0]?.id).not.toBe(calls[1]?.id);
  });

  it('converts files to image and document blocks', () => {
    const { value, warnings } = codec.request.fromIr(
      ir([
        {
          role: 'user',
          content: [
            { type: 'file', mediaType: 'image/jpg', source: { kind: 'base64', data: '/9j/4AAQ' } },
            { type: 'file', source: { kind: 'url', url: 'https://example.com/x' } },
            {
              type: 'file',
              mediaType: 'application/pdf',
              source: { kind: 'base64', data: 'JVBER' },
              filename: 'a.pdf',
            },
            { type: 'file', mediaType: 'text/markdown', source: { kind: 'base64', data: btoa('# hi') } },
            { type: 'file', mediaType: 'audio/wav', source: { kind: 'base64', data: 'UklGR' } },
            { type: 'file', source: { kind: 'file-id', fileId: 'file_1' } },
          ],
        },
      ]),
    );
    expect(value.messages[0]?.content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/4AAQ' } },
      { type: 'image', source: { type: 'url', url: 'https://example.com/x' } },
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBER' }, title: 'a.pdf' },
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: '# hi' } },
      { type: 'document', source: { type: 'file', file_id: 'file_1' } },
    ]);
    expect(warnings.map((w) => [w.kind, w.field])).toEqual([
      ['approximated', 'messages[0].content[3]'],
      ['dropped', 'messages[0].content[4]'],
    ]);
  });

  it('defaults max_tokens to 4096 with a warning', () => {
    const { value, warnings } = codec.request.fromIr(ir([user('q')], { maxOutputTokens: undefined }));
    expect(value.max_tokens).toBe(4096);
    expect(warnings).toEqual([expect.objectContaining({ kind: 'approximated', field: 'maxOutputTokens' })]);
  });

  it.each([
    [{ effort: 'low' as const }, 8000, { type: 'enabled', budget_tokens: 1024 }, 8000],
    [{ effort: 'minimal' as const }, 8000, { type: 'enabled', budget_tokens: 1024 }, 8000],
    [{ effort: 'medium' as const }, 8000, { type: 'enabled', budget_tokens: 4096 }, 8000],
    [{ effort: 'high' as const }, 4096, { type: 'enabled', budget_tokens: 16384 }, 16384 + 4096],
    [{ effort: 'xhigh' as const }, 40000, { type: 'enabled', budget_tokens: 32768 }, 40000],
    [{ effort: 'max' as const }, 40000, { type: 'enabled', budget_tokens: 32768 }, 40000],
    [{ enabled: true, budgetTokens: 500 }, 8000, { type: 'enabled', budget_tokens: 1024 }, 8000],
    [{ enabled: false, effort: 'high' as const }, 8000, undefined, 8000],
    [{ effort: 'none' as const }, 8000, undefined, 8000],
    [{ summary: 'auto' as const }, 8000, undefined, 8000],
  ])('reasoning %j with max %i -> thinking %j, max_tokens %i', (reasoning, max, thinking, maxTokens) => {
    const { value } = codec.request.fromIr(ir([user('q')], { reasoning, maxOutputTokens: max }));
    expect(value.thinking).toEqual(thinking);
    expect(value.max_tokens).toBe(maxTokens);
    expect(value.output_config).toBeUndefined();
  });

  it('does not send thinking with a forced tool choice', () => {
    const { value, warnings } = codec.request.fromIr(
      ir([user('q')], { reasoning: { effort: 'low' }, toolChoice: { type: 'required' } }),
    );
    expect(value.thinking).toBeUndefined();
    expect(value.tool_choice).toEqual({ type: 'any' });
    expect(warnings.map((w) => w.field)).toEqual(['reasoning']);
  });

  it('does not send thinking when the last assistant turn used tools without a signed thinking block', () => {
    const call: IrMessage = {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'plain, from chat' },
        { type: 'tool-call', id: 'call_1', name: 'f', argumentsJson: '{}' },
      ],
    };
    const result: IrMessage = {
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'f', content: [{ type: 'text', text: 'ok' }] }],
    };
    const unsigned = codec.request.fromIr(
      ir([user('q'), call, result], { reasoning: { effort: 'low' }, maxOutputTokens: 8000 }),
    );
    expect(unsigned.value.thinking).toBeUndefined();
    expect(unsigned.warnings.map((w) => [w.kind, w.field])).toEqual([['dropped', 'reasoning']]);
    const signed: IrMessage = {
      ...call,
      content: [
        { type: 'reasoning', text: 't', opaque: { origin: 'anthropic', kind: 'signature', data: 'sig' } },
        ...call.content.slice(1),
      ],
    };
    expect(
      codec.request.fromIr(ir([user('q'), signed, result], { reasoning: { effort: 'low' }, maxOutputTokens: 8000 }))
        .value.thinking,
    ).toEqual({ type: 'enabled', budget_tokens: 1024 });
    expect(
      codec.request.fromIr(
        ir([user('q'), { role: 'assistant', content: [{ type: 'text', text: 'a' }] }, user('b')], {
          reasoning: { effort: 'low' },
          maxOutputTokens: 8000,
        }),
      ).value.thinking,
    ).toBeDefined();
  });

  it("reports OpenAI chat's fields without an Anthropic equivalent (logprobs, logit_bias), not its metadata", () => {
    const extensions = {
      'openai-chat': {
        logprobs: true,
        top_logprobs: 3,
        logit_bias: { '1': 2 },
        store: false,
        maxTokensField: 'max_tokens',
        messageFields: {},
      },
    };
    const { warnings } = codec.request.fromIr(ir([user('q')], { extensions }));
    expect(warnings.map((w) => [w.kind, w.field])).toEqual([
      ['dropped', 'logprobs'],
      ['dropped', 'top_logprobs'],
      ['dropped', 'logit_bias'],
    ]);
  });

  it('maps tool choice, parallel calls, tools and sampling', () => {
    const { value, warnings } = codec.request.fromIr(
      ir([user('q')], {
        tools: [{ name: 'f', parameters: { properties: { a: { type: 'string' } } } }, { name: 'g' }],
        toolChoice: { type: 'tool', name: 'f' },
        parallelToolCalls: false,
        sampling: {
          temperature: 1.4,
          topP: 0.5,
          seed: 1,
          presencePenalty: 1,
          frequencyPenalty: 1,
          stopSequences: ['x'],
        },
        candidateCount: 2,
        user: 'u',
        metadata: { a: 'b' },
        responseFormat: { type: 'json-object' },
        stream: true,
      }),
    );
    expect(value.tools).toEqual([
      { name: 'f', input_schema: { type: 'object', properties: { a: { type: 'string' } } } },
      { name: 'g', input_schema: { type: 'object', properties: {} } },
    ]);
    expect(value.tool_choice).toEqual({ type: 'tool', name: 'f', disable_parallel_tool_use: true });
    expect(value.temperature).toBe(1);
    expect(value.top_p).toBe(0.5);
    expect(value.stop_sequences).toEqual(['x']);
    expect(value.metadata).toEqual({ user_id: 'u' });
    expect(value.stream).toBe(true);
    expect(warnings.map((w) => [w.kind, w.field])).toEqual([
      ['approximated', 'sampling.temperature'],
      ['dropped', 'sampling.seed'],
      ['dropped', 'sampling.presencePenalty'],
      ['dropped', 'sampling.frequencyPenalty'],
      ['dropped', 'candidateCount'],
      ['dropped', 'metadata'],
      ['dropped', 'responseFormat'],
    ]);
    expect(codec.request.fromIr(ir([user('q')], { parallelToolCalls: false })).value.tool_choice).toEqual({
      type: 'auto',
      disable_parallel_tool_use: true,
    });
    expect(
      codec.request.fromIr(ir([user('q')], { toolChoice: { type: 'none' }, parallelToolCalls: false })).value
        .tool_choice,
    ).toEqual({ type: 'none' });
  });

  it('sends a JSON schema as output_config.format, or as output_format when it came that way', () => {
    const schema = { type: 'object', properties: {} };
    const { value } = codec.request.fromIr(
      ir([user('q')], { responseFormat: { type: 'json-schema', name: 'x', schema, strict: true } }),
    );
    expect(value.output_config).toEqual({ format: { type: 'json_schema', schema } });
    const legacy = { model: 'm', max_tokens: 5, messages: [], output_format: { type: 'json_schema', schema } };
    expect(codec.request.fromIr(toIr(legacy)).value).toEqual(legacy);
  });
});
