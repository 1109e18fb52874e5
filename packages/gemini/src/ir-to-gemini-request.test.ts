import type { IrRequest } from '@interlingua/ir';
import { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { geminiCodec } from './index.js';
import { GEMINI_SKIP_SIGNATURE } from './internal.js';

const SIG_A = 'CvABsignatureA==';
const SIG_B = 'CvABsignatureB==';
const SIG_C = 'CvABsignatureC==';

function roundTrip(wire: unknown): unknown {
  const ir = geminiCodec.request.toIr(wire).value;
  return geminiCodec.request.fromIr(ir).value;
}

function baseIr(overrides: Partial<IrRequest> = {}): IrRequest {
  return {
    model: 'gemini-2.5-flash',
    messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    sampling: {},
    stream: false,
    ...overrides,
  };
}

describe('gemini thought signatures', () => {
  const foreign = baseIr({
    model: 'gemini-2.5-pro',
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      {
        role: 'assistant',
        content: [
          {
            type: 'reasoning',
            text: 'Anthropic thinking',
            opaque: { origin: 'anthropic', kind: 'signature', data: 'EqQBanthropic' },
          },
          { type: 'reasoning', text: '', opaque: { origin: 'openai', kind: 'encrypted', data: 'gAAAA' } },
          { type: 'text', text: 'Calling.' },
          {
            type: 'tool-call',
            id: 'c1',
            name: 'a',
            argumentsJson: '{}',
            opaque: { origin: 'openai', kind: 'signature', data: 'x' },
          },
        ],
      },
    ],
  });

  it('are dropped (with foreign reasoning) for non-gemini origins', () => {
    const { value } = geminiCodec.request.fromIr(foreign);
    expect(value.contents[1]).toEqual({
      role: 'model',
      parts: [{ text: 'Calling.' }, { functionCall: { name: 'a', args: {} } }],
    });
  });

  it('are replaced by the documented skip value on unsigned Gemini 3 function calls', () => {
    const { value, warnings } = geminiCodec.request.fromIr({ ...foreign, model: 'gemini-3-pro-preview' });
    expect(value.contents[1]?.parts[1]).toEqual({
      functionCall: { name: 'a', args: {} },
      thoughtSignature: GEMINI_SKIP_SIGNATURE,
    });
    expect(warnings.map((w) => w.field)).toContain('messages');
  });

  it('round-trip gemini -> IR -> gemini to the same parts', () => {
    const wire = {
      contents: [
        { role: 'user', parts: [{ text: 'hi' }] },
        {
          role: 'model',
          parts: [
            { text: 'thinking', thought: true, thoughtSignature: SIG_A },
            { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' }, thoughtSignature: SIG_B },
            { text: 'visible', thoughtSignature: SIG_C },
            { functionCall: { name: 'f', args: { a: [1, 2] } }, thoughtSignature: SIG_A },
            { functionCall: { name: 'g', args: {} } },
          ],
        },
      ],
    };
    expect(roundTrip(wire)).toEqual(wire);
  });

  it('a signature carried alone (empty text part) is kept as such when nothing precedes it', () => {
    const wire = { contents: [{ role: 'model', parts: [{ text: '', thoughtSignature: SIG_A }] }] };
    expect(roundTrip(wire)).toEqual(wire);
  });
});

describe('gemini request fromIr (other styles)', () => {
  it('hoists system messages, merges turns, groups tool results and shapes function responses', () => {
    const { value, warnings } = geminiCodec.request.fromIr(
      baseIr({
        messages: [
          { role: 'system', content: [{ type: 'text', text: 'sys' }] },
          { role: 'user', content: [{ type: 'text', text: 'a' }] },
          {
            role: 'user',
            content: [
              { type: 'text', text: '' },
              { type: 'text', text: 'b' },
            ],
          },
          {
            role: 'assistant',
            content: [
              { type: 'tool-call', id: 'c1', name: 'f', argumentsJson: '{"q":1}' },
              { type: 'tool-call', id: 'c2', name: 'g', argumentsJson: 'not json' },
              { type: 'tool-call', id: 'c3', name: 'h', argumentsJson: '' },
            ],
          },
          {
            role: 'tool',
            content: [
              { type: 'tool-result', toolCallId: 'c1', toolName: 'f', content: [{ type: 'text', text: '{"v":2}' }] },
            ],
          },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'c2',
                toolName: 'g',
                content: [{ type: 'text', text: 'boom' }],
                isError: true,
              },
            ],
          },
          {
            role: 'tool',
            content: [
              { type: 'tool-result', toolCallId: 'c3', toolName: 'h', content: [{ type: 'text', text: '[1,2]' }] },
            ],
          },
          { role: 'developer', content: [{ type: 'text', text: 'late' }] },
          { role: 'user', content: [{ type: 'text', text: 'next' }] },
        ],
      }),
    );
    expect(value.systemInstruction).toEqual({ parts: [{ text: 'sys' }, { text: 'late' }] });
    expect(value.contents).toEqual([
      { role: 'user', parts: [{ text: 'a' }, { text: 'b' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'f', args: { q: 1 } } },
          { functionCall: { name: 'g', args: {} } },
          { functionCall: { name: 'h', args: {} } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'f', response: { v: 2 } } },
          { functionResponse: { name: 'g', response: { error: 'boom' } } },
          { functionResponse: { name: 'h', response: { result: '[1,2]' } } },
          { text: 'next' },
        ],
      },
    ]);
    expect(warnings.map((w) => `${w.kind}:${w.field}`)).toEqual([
      'approximated:messages[3].content[1].argumentsJson',
      'approximated:messages[7]',
    ]);
  });

  it('maps files: data URLs and base64 inline, URLs as fileData, foreign file ids are unsupported', () => {
    const { value, warnings } = geminiCodec.request.fromIr(
      baseIr({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'file', source: { kind: 'url', url: 'data:image/webp;base64,UklGRabc' } },
              { type: 'file', source: { kind: 'base64', data: 'JVBERi0xLjQ=' }, filename: 'a.pdf' },
              { type: 'file', source: { kind: 'url', url: 'https://example.com/cat.JPG?x=1' }, detail: 'high' },
              { type: 'file', mediaType: 'video/mp4', source: { kind: 'url', url: 'gs://bucket/v.mp4' } },
              { type: 'file', source: { kind: 'file-id', fileId: 'files/xyz' }, mediaType: 'application/pdf' },
              { type: 'file', source: { kind: 'url', url: 'data:text/plain,hello%20world' } },
            ],
          },
        ],
      }),
    );
    expect(value.contents[0]?.parts).toEqual([
      { inlineData: { mimeType: 'image/webp', data: 'UklGRabc' } },
      { inlineData: { mimeType: 'application/pdf', data: 'JVBERi0xLjQ=' } },
      { fileData: { fileUri: 'https://example.com/cat.JPG?x=1', mimeType: 'image/jpeg' } },
      { fileData: { fileUri: 'gs://bucket/v.mp4', mimeType: 'video/mp4' } },
      {
        fileData: {
          fileUri: 'https://generativelanguage.googleapis.com/v1beta/files/xyz',
          mimeType: 'application/pdf',
        },
      },
      { inlineData: { mimeType: 'text/plain', data: btoa('hello world') } },
    ]);
    expect(warnings.map((w) => w.field)).toEqual(['messages[0].content[1].filename', 'messages[0].content[2].detail']);
    const foreignFile = baseIr({
      messages: [{ role: 'user', content: [{ type: 'file', source: { kind: 'file-id', fileId: 'file-abc' } }] }],
    });
    expect(() => geminiCodec.request.fromIr(foreignFile)).toThrow(/file id 'file-abc'/);
  });

  it('maps tool choice, effort and limits; reports what it cannot carry', () => {
    const { value, warnings } = geminiCodec.request.fromIr(
      baseIr({
        tools: [{ name: 'f', parameters: { type: 'object' }, strict: true, cacheControl: { type: 'ephemeral' } }],
        toolChoice: { type: 'tool', name: 'f' },
        parallelToolCalls: false,
        sampling: { stopSequences: ['1', '2', '3', '4', '5', '6'] },
        reasoning: { effort: 'high' },
        responseFormat: { type: 'json-schema', name: 'x', schema: { type: 'object' }, strict: true },
        user: 'u1',
        metadata: { a: 'b' },
      }),
    );
    expect(value.tools).toEqual([{ functionDeclarations: [{ name: 'f', parametersJsonSchema: { type: 'object' } }] }]);
    expect(value.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['f'] } });
    expect(value.generationConfig).toEqual({
      stopSequences: ['1', '2', '3', '4', '5'],
      responseMimeType: 'application/json',
      responseJsonSchema: { type: 'object' },
      thinkingConfig: { thinkingBudget: 24576, includeThoughts: true },
    });
    expect(warnings.map((w) => w.field).sort()).toEqual([
      'cacheControl',
      'metadata',
      'parallelToolCalls',
      'sampling.stopSequences',
      'tools[0].strict',
      'user',
    ]);
  });

  it('maps reasoning switches: off, dynamic, Gemini 3 levels', () => {
    const config = (reasoning: IrRequest['reasoning'], model = 'gemini-2.5-flash') =>
      geminiCodec.request.fromIr(baseIr({ model, reasoning })).value.generationConfig?.thinkingConfig;
    expect(config({ enabled: false })).toEqual({ thinkingBudget: 0 });
    expect(config({ effort: 'none' })).toEqual({ thinkingBudget: 0 });
    expect(config({ enabled: true })).toEqual({ thinkingBudget: -1, includeThoughts: true });
    expect(config({ budgetTokens: 3000, summary: 'none' })).toEqual({ thinkingBudget: 3000 });
    expect(config({ effort: 'minimal' }, 'gemini-3-flash')).toEqual({
      thinkingLevel: 'MINIMAL',
      includeThoughts: true,
    });
    expect(config({ effort: 'xhigh' }, 'gemini-3-pro-preview')).toEqual({
      thinkingLevel: 'HIGH',
      includeThoughts: true,
    });
    expect(config({ enabled: false }, 'gemini-3-pro-preview')).toEqual({ thinkingLevel: 'MINIMAL' });
  });

  it('throws when no turn is left to send', () => {
    expect(() =>
      geminiCodec.request.fromIr(baseIr({ messages: [{ role: 'system', content: [{ type: 'text', text: 's' }] }] })),
    ).toThrow(IrError);
  });

  it('throws when a tool result has no name anywhere', () => {
    const ir = baseIr({
      messages: [{ role: 'tool', content: [{ type: 'tool-result', toolCallId: 'x', toolName: '', content: [] }] }],
    });
    expect(() => geminiCodec.request.fromIr(ir)).toThrow(/toolName/);
  });
});
