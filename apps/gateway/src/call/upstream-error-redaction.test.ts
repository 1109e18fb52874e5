import type { ProviderSettings } from '@interlingua/provider-adapters';
import { describe, expect, it } from 'vitest';
import {
  MAX_UPSTREAM_MESSAGE_CHARS,
  redactCredentials,
  safeUpstreamError,
  safeUpstreamErrorBody,
} from './upstream-error-redaction.js';

const settings: ProviderSettings = {
  id: 'p',
  type: 'openai',
  baseUrl: 'https://api.example',
  apiKey: 'plain-provider-secret',
  headers: { 'x-custom-auth': 'header-secret-value', 'x-short': 'abc' },
  forwardHeaders: [],
  api: 'chat',
  options: { secretAccessKey: 'aws-secret-value-1', region: 'eu-west-1-region' },
};

describe('redactCredentials', () => {
  it.each([
    ['Authorization: Bearer abcdef123456', 'Authorization: Bearer [redacted]'],
    ['basic dXNlcjpwYXNzd29yZA==', 'basic [redacted]'],
    ['key sk-ant-api03-abcdefgh was refused', 'key sk-[redacted] was refused'],
    ['google AIzaSyA1234567890abcdefghijklmnop', 'google [redacted]'],
    ['{"x-api-key": "whatever-it-is"}', '{"x-api-key": "[redacted]"}'],
    ['x-goog-api-key=abc123;', 'x-goog-api-key=[redacted];'],
    ['GET /v1/models?alt=json&key=abc123&x=1', 'GET /v1/models?alt=json&key=[redacted]&x=1'],
    ['access_token=ya29.token', 'access_token=[redacted]'],
    ['model not found: gpt-4o', 'model not found: gpt-4o'],
  ])('%s', (text, redacted) => {
    expect(redactCredentials(text)).toBe(redacted);
  });

  it("replaces the provider's configured secrets wherever they appear, short values aside", () => {
    const text =
      'sent plain-provider-secret, header-secret-value and aws-secret-value-1; abc and eu-west-1-region stay';
    expect(redactCredentials(text, settings)).toBe(
      'sent [redacted], [redacted] and [redacted]; abc and eu-west-1-region stay',
    );
  });
});

describe('safeUpstreamError', () => {
  it('redacts and bounds the message and every string of the body', () => {
    const long = `${'y'.repeat(5_000)} plain-provider-secret`;
    const safe = safeUpstreamError(
      {
        kind: 'upstream-error',
        message: long,
        raw: { error: { message: long, details: [{ reason: 'Bearer abcdefghij' }] } },
      },
      settings,
    );
    expect(safe.message.length).toBeLessThan(MAX_UPSTREAM_MESSAGE_CHARS + 50);
    expect(safe.message).toContain('more characters');
    expect(JSON.stringify(safe.raw)).not.toContain('abcdefghij');
    expect(JSON.stringify(safe.raw).length).toBeLessThan(2_200);
  });

  it('keeps an error without credentials as it is', () => {
    const data = { kind: 'rate-limit' as const, message: 'slow down' };
    expect(safeUpstreamError(data, settings)).toBe(data);
  });
});

describe('safeUpstreamErrorBody', () => {
  it('parses JSON after redacting, and bounds nesting', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 40; i++) deep = { inner: deep };
    const body = safeUpstreamErrorBody(
      JSON.stringify({ error: { message: 'bad key plain-provider-secret' }, deep }),
      settings,
    ) as Record<string, unknown>;
    expect(body.error).toEqual({ message: 'bad key [redacted]' });
    expect(JSON.stringify(body.deep)).not.toContain('bottom');
  });

  it('gives text that is not JSON back redacted and bounded', () => {
    const body = safeUpstreamErrorBody(`<html>Bearer abcdefghijkl ${'z'.repeat(10_000)}</html>`);
    expect(typeof body).toBe('string');
    expect(body).toContain('Bearer [redacted]');
    expect((body as string).length).toBeLessThan(2_100);
  });
});
