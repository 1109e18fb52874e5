import type { IrContentPart, IrRequest, IrResponse } from '@interlingua/ir';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inputContentAttributes, MAX_CONTENT_CHARS, outputContentAttributes } from './message-content.js';

const request = (messages: IrRequest['messages']): IrRequest => ({ model: 'm', messages, stream: false }) as IrRequest;

describe('message contents in the GenAI conventions’ shape', () => {
  it('maps every IR part: texts, visible reasoning only, calls, results, files by reference or without their bytes', () => {
    const attributes = inputContentAttributes(
      request([
        { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look:' },
            { type: 'file', mediaType: 'image/png', source: { kind: 'base64', data: 'AAAAAAAA' } },
            { type: 'file', mediaType: 'application/pdf', source: { kind: 'url', url: 'https://example.com/a.pdf' } },
            { type: 'file', source: { kind: 'file-id', fileId: 'file-1' } },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: '', opaque: { origin: 'anthropic', kind: 'redacted', data: 'secret-bytes' } },
            { type: 'reasoning', text: 'Thinking.', opaque: { origin: 'anthropic', kind: 'signature', data: 'sig' } },
            { type: 'tool-call', id: 'c1', name: 'weather', argumentsJson: '{"city":"Oslo"}' },
          ],
        },
        {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId: 'c1', toolName: 'weather', content: [{ type: 'text', text: 'Rain' }] },
          ],
        },
      ]),
    );
    expect(JSON.parse(String(attributes['gen_ai.input.messages']))).toEqual([
      { role: 'system', parts: [{ type: 'text', content: 'Be brief.' }] },
      {
        role: 'user',
        parts: [
          { type: 'text', content: 'Look:' },
          { type: 'blob', modality: 'image', mime_type: 'image/png', content: '', size: 6 },
          { type: 'uri', modality: 'document', mime_type: 'application/pdf', uri: 'https://example.com/a.pdf' },
          { type: 'file_data', modality: 'document', mime_type: null, file_id: 'file-1' },
        ],
      },
      {
        role: 'assistant',
        parts: [
          { type: 'reasoning', content: 'Thinking.' },
          { type: 'tool_call', id: 'c1', name: 'weather', arguments: '{"city":"Oslo"}' },
        ],
      },
      { role: 'tool', parts: [{ type: 'tool_call_response', id: 'c1', response: ['Rain'] }] },
    ]);
    expect(String(attributes['gen_ai.input.messages'])).not.toContain('secret-bytes');
    expect(attributes['interlingua.content.truncated']).toBeUndefined();
  });

  it('gives one output message per choice with its finish reason', () => {
    const response = {
      id: 'r',
      model: 'm',
      created: 0,
      choices: [
        { index: 0, content: [{ type: 'text', text: 'Hi.' }], finishReason: { unified: 'stop', raw: 'end_turn' } },
        { index: 1, content: [{ type: 'text', text: 'Yo.' }], finishReason: { unified: 'length', raw: null } },
      ],
    } as IrResponse;
    expect(JSON.parse(String(outputContentAttributes(response)['gen_ai.output.messages']))).toEqual([
      { role: 'assistant', parts: [{ type: 'text', content: 'Hi.' }], finish_reason: 'end_turn' },
      { role: 'assistant', parts: [{ type: 'text', content: 'Yo.' }], finish_reason: 'length' },
    ]);
  });

  it('stays within the bound however many messages come, marking what it cut', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => ({
      role: 'user' as const,
      content: [{ type: 'text' as const, text: `message ${i} `.repeat(20) }],
    }));
    const attributes = inputContentAttributes(request(many));
    const json = String(attributes['gen_ai.input.messages']);
    expect(json.length).toBeLessThanOrEqual(MAX_CONTENT_CHARS);
    expect(attributes['interlingua.content.truncated']).toBe(true);
    const kept = JSON.parse(json) as Array<{ parts: unknown[] }>;
    expect(kept.length).toBeLessThan(many.length);
    expect(kept.every((message) => message.parts.length === 1)).toBe(true);
  });

  it('charges every string: a 300 KB tool-call id, name, file id or media type keeps the attribute within the bound', () => {
    const huge = 'i'.repeat(300_000);
    const parts: IrContentPart[][] = [
      [{ type: 'tool-call', id: huge, name: huge, argumentsJson: '{}' }],
      [{ type: 'tool-result', toolCallId: huge, toolName: 'w', content: [{ type: 'text', text: 'ok' }] }],
      [{ type: 'file', mediaType: huge, source: { kind: 'file-id', fileId: huge } }],
      [{ type: 'web-search', id: huge, queries: Array.from({ length: 10_000 }, () => 'q'.repeat(40)), sources: [] }],
      Array.from({ length: 5_000 }, () => ({ type: 'text' as const, text: '\u0000"\\'.repeat(20) })),
    ];
    for (const content of parts) {
      const attributes = inputContentAttributes(request([{ role: 'assistant', content }]));
      const json = String(attributes['gen_ai.input.messages']);
      expect(json.length, content[0]?.type).toBeLessThanOrEqual(MAX_CONTENT_CHARS);
      expect(() => JSON.parse(json) as unknown).not.toThrow();
      expect(attributes['interlingua.content.truncated']).toBe(true);
    }
  });

  it('records a data: URL, base64 or not, as a blob without its bytes', () => {
    const svg = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"><text>secret</text></svg>')}`;
    const attributes = inputContentAttributes(
      request([{ role: 'user', content: [{ type: 'file', source: { kind: 'url', url: svg } }] }]),
    );
    const json = String(attributes['gen_ai.input.messages']);
    expect(JSON.parse(json)).toEqual([
      {
        role: 'user',
        parts: [{ type: 'blob', modality: 'image', mime_type: 'image/svg+xml', content: '', size: svg.length - 19 }],
      },
    ]);
    expect(json).not.toContain('secret');
  });

  it('never exceeds the bound, whatever strings the messages carry (bounded property run)', () => {
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ maxLength: 3_000 }));
    const part = fc.oneof(
      text.map((value): IrContentPart => ({ type: 'text', text: value })),
      fc
        .tuple(text, text, text)
        .map(([id, name, args]): IrContentPart => ({ type: 'tool-call', id, name, argumentsJson: args })),
      fc.tuple(text, text).map(([mediaType, fileId]): IrContentPart => ({
        type: 'file',
        mediaType,
        source: { kind: 'file-id', fileId },
      })),
    );
    fc.assert(
      fc.property(fc.array(fc.array(part, { maxLength: 12 }), { maxLength: 12 }), (contents) => {
        const messages = contents.map((content) => ({ role: 'user' as const, content }));
        const json = String(inputContentAttributes(request(messages))['gen_ai.input.messages']);
        expect(json.length).toBeLessThanOrEqual(MAX_CONTENT_CHARS);
        expect(() => JSON.parse(json) as unknown).not.toThrow();
      }),
      { numRuns: 30 },
    );
  });
});
