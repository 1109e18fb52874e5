import { describe, expect, it } from 'vitest';
import { ANTHROPIC_EMPTY_SIGNATURE_NEEDLES, ANTHROPIC_MESSAGES_BODY_FIELDS } from './anthropic-messages-wire-fields.js';

const { partUrl, requiredFields } = ANTHROPIC_MESSAGES_BODY_FIELDS;

describe('the Anthropic Messages body fields a server reads without decoding', () => {
  it('reads the URL of an image or document part whose source is a URL, and nothing else', () => {
    const url = 'https://example.com/a.png';
    expect(partUrl({ type: 'image', source: { type: 'url', url } })).toEqual({
      fields: ['source', 'url'],
      url,
    });
    expect(partUrl({ type: 'document', source: { type: 'base64', data: 'AA==' } })).toBeUndefined();
    expect(partUrl({ type: 'image', source: [url] })).toBeUndefined();
  });

  it('requires messages and a positive integer max_tokens', () => {
    const holds = (field: string, value: unknown): boolean | undefined =>
      requiredFields.find((required) => required.field === field)?.holds(value);
    expect([holds('messages', []), holds('messages', {})]).toEqual([true, false]);
    expect([holds('max_tokens', 1), holds('max_tokens', 0), holds('max_tokens', 1.5)]).toEqual([true, false, false]);
  });

  it('finds an empty signature however JSON.stringify or a pretty encoder writes it', () => {
    const compact = JSON.stringify({ type: 'thinking', thinking: 'x', signature: '' });
    const pretty = JSON.stringify({ type: 'thinking', signature: '' }, null, 1).replace(/\n\s*/g, ' ');
    for (const body of [compact, pretty])
      expect(ANTHROPIC_EMPTY_SIGNATURE_NEEDLES.some((needle) => body.includes(needle))).toBe(true);
  });
});
