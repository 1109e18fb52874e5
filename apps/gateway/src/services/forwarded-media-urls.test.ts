import fc from 'fast-check';
import { IrError } from '@interlingua/ir';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import { describe, expect, it } from 'vitest';
import { checkForwardedMediaUrls } from './forwarded-media-urls.js';

const POLICY = {};
const BAD = 'http://10.1.2.3/a.png';
const GOOD = 'https://files.example.com/a.png';

/** The field `checkForwardedMediaUrls` refused, or undefined when it let the body pass. */
function refusedField(style: GenerationStyle, body: Record<string, unknown>): string | undefined {
  try {
    checkForwardedMediaUrls(style, body, POLICY);
    return undefined;
  } catch (error) {
    if (!(error instanceof IrError)) throw error;
    return error.data.param ?? undefined;
  }
}

describe('checkForwardedMediaUrls', () => {
  it.each<[string, GenerationStyle, Record<string, unknown>, string]>([
    [
      'a chat image_url object',
      'openai-chat',
      { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: BAD } }] }] },
      'messages[0].content[0].image_url.url',
    ],
    [
      'a chat image_url string',
      'openai-chat',
      { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: BAD }] }] },
      'messages[0].content[0].image_url',
    ],
    [
      'a Responses input_image',
      'openai-responses',
      { input: [{ role: 'user', content: [{ type: 'input_image', image_url: BAD }] }] },
      'input[0].content[0].image_url',
    ],
    [
      'a Responses input_file',
      'openai-responses',
      { input: [{ content: [{ type: 'input_file', file_url: BAD }] }] },
      'input[0].content[0].file_url',
    ],
    [
      'an Anthropic image in the system prompt',
      'anthropic-messages',
      { messages: [], system: [{ type: 'image', source: { type: 'url', url: BAD } }] },
      'system[0].source.url',
    ],
    [
      'an Anthropic document',
      'anthropic-messages',
      { messages: [{ content: [{ type: 'document', source: { type: 'url', url: BAD } }] }] },
      'messages[0].content[0].source.url',
    ],
    [
      'a Gemini fileData.fileUri',
      'gemini',
      { contents: [{ parts: [{ text: 'hi' }, { fileData: { fileUri: BAD } }] }] },
      'contents[0].parts[1].fileData.fileUri',
    ],
    [
      'a Gemini file_data.file_uri',
      'gemini',
      { contents: [{ parts: [{ file_data: { file_uri: BAD } }] }] },
      'contents[0].parts[0].file_data.file_uri',
    ],
    [
      'a Gemini system file',
      'gemini',
      { contents: [], system_instruction: { parts: [{ fileData: { fileUri: BAD } }] } },
      'system_instruction.parts[0].fileData.fileUri',
    ],
  ])('refuses %s, naming the field', (_what, style, body, field) => {
    expect(refusedField(style, body)).toBe(field);
  });

  it('lets pass public URLs, data: URLs, Cloud Storage for Gemini, and media-like values in tool arguments', () => {
    expect(
      refusedField('openai-chat', {
        messages: [
          {
            content: [
              { type: 'image_url', image_url: { url: GOOD } },
              { type: 'image_url', image_url: 'data:image/png;base64,AAAA' },
            ],
          },
        ],
      }),
    ).toBeUndefined();
    expect(
      refusedField('gemini', { contents: [{ parts: [{ fileData: { fileUri: 'gs://bucket/a.pdf' } }] }] }),
    ).toBeUndefined();
    const toolInput = {
      type: 'tool_use',
      id: 't',
      name: 'fetch',
      input: { type: 'image', source: { type: 'url', url: BAD }, fileData: { fileUri: BAD } },
    };
    expect(
      refusedField('anthropic-messages', { messages: [{ role: 'assistant', content: [toolInput] }] }),
    ).toBeUndefined();
    expect(
      refusedField('gemini', {
        contents: [{ parts: [{ functionCall: { name: 'f', args: { fileData: { fileUri: BAD } } } }] }],
      }),
    ).toBeUndefined();
    // A part type that names no media by URL, and fields outside the style's content, are not read.
    expect(
      refusedField('openai-chat', {
        messages: [{ content: [{ type: 'text', image_url: BAD, source: { type: 'url', url: BAD } }] }],
        tools: [{ type: 'image_url', image_url: BAD }],
      }),
    ).toBeUndefined();
  });

  it('refuses exactly when some media field holds a refused URL, naming one of them (property)', () => {
    const url = fc.constantFrom(BAD, GOOD, 'file:///etc/passwd', 'data:image/png;base64,AAAA', 'not a url');
    const part = fc.oneof(
      url.map((u) => ({ type: 'image_url', image_url: { url: u } })),
      url.map((u) => ({ type: 'image_url', image_url: u })),
      url.map((u) => ({ type: 'input_image', image_url: u })),
      url.map((u) => ({ type: 'input_file', file_url: u })),
      fc
        .tuple(fc.constantFrom('image', 'document'), url)
        .map(([type, u]) => ({ type, source: { type: 'url', url: u } })),
      fc
        .tuple(fc.constantFrom('fileData', 'file_data'), fc.constantFrom('fileUri', 'file_uri'), url)
        .map(([key, uriKey, u]) => ({ text: 'x', [key]: { [uriKey]: u } })),
      fc.constant({ type: 'text', text: BAD }),
    );
    const { tree } = fc.letrec((self) => ({
      tree: fc.oneof(
        { depthSize: 'small' },
        part,
        fc.array(self('tree'), { maxLength: 3 }),
        fc.record({ content: self('tree'), arguments: self('tree') }),
      ),
    }));
    fc.assert(
      fc.property(tree, (messages) => {
        const refused = new Set<string>();
        collectRefused(messages, 'messages', refused);
        const field = refusedField('openai-chat', { messages });
        if (refused.size === 0) expect(field).toBeUndefined();
        else expect([...refused]).toContain(field);
      }),
      { numRuns: 300 },
    );
  });
});

/** The fields of the property's trees that hold a refused URL, found by their known shapes. */
function collectRefused(value: unknown, path: string, refused: Set<string>): void {
  if (Array.isArray(value)) return value.forEach((item, index) => collectRefused(item, `${path}[${index}]`, refused));
  if (typeof value !== 'object' || value === null) return;
  const refusedUrl = (url: unknown): boolean => url !== GOOD && typeof url === 'string' && !url.startsWith('data:');
  const part = value as Record<string, unknown>;
  const image = part.image_url;
  if (part.type === 'image_url' && typeof image === 'object' && refusedUrl((image as { url: unknown }).url))
    refused.add(`${path}.image_url.url`);
  if ((part.type === 'image_url' || part.type === 'input_image') && refusedUrl(image)) refused.add(`${path}.image_url`);
  if (part.type === 'input_file' && refusedUrl(part.file_url)) refused.add(`${path}.file_url`);
  if ((part.type === 'image' || part.type === 'document') && refusedUrl((part.source as { url?: unknown }).url))
    refused.add(`${path}.source.url`);
  for (const [key, child] of Object.entries(part)) {
    if (key === 'fileData' || key === 'file_data') {
      for (const [uriKey, uri] of Object.entries(child as Record<string, unknown>))
        if (refusedUrl(uri)) refused.add(`${path}.${key}.${uriKey}`);
    }
    if (key !== 'arguments' && typeof child === 'object') collectRefused(child, `${path}.${key}`, refused);
  }
}
