import type { IrErrorKind } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { anthropicMessagesCodec as codec } from './anthropic-messages-codec.js';
import { anthropicStrictErrorBodySchema } from './anthropic-messages-strict-error-schema.js';

describe('errors', () => {
  it.each([
    ['invalid_request_error', 400, 'invalid-request'],
    ['authentication_error', 401, 'authentication'],
    ['billing_error', 402, 'quota-exceeded'],
    ['permission_error', 403, 'permission'],
    ['not_found_error', 404, 'not-found'],
    ['request_too_large', 413, 'request-too-large'],
    ['rate_limit_error', 429, 'rate-limit'],
    ['api_error', 500, 'upstream-error'],
    ['timeout_error', 504, 'timeout'],
    ['overloaded_error', 529, 'overloaded'],
  ] as const)('%s (%i) <-> %s and back to the same type and status', (type, status, kind) => {
    const body = { type: 'error', error: { type, message: 'something' }, request_id: 'req_1' };
    const error = codec.error.toIr(status, body);
    expect(error).toMatchObject({ kind, status, message: 'something', source: 'upstream', raw: body });
    expect(error.code).toBeUndefined();
    expect(codec.error.fromIr(error)).toEqual({ status, body });
  });

  it.each([
    ['invalid-request', 400, 'invalid_request_error'],
    ['authentication', 401, 'authentication_error'],
    ['permission', 403, 'permission_error'],
    ['not-found', 404, 'not_found_error'],
    ['request-too-large', 413, 'request_too_large'],
    ['rate-limit', 429, 'rate_limit_error'],
    ['quota-exceeded', 429, 'rate_limit_error'],
    ['overloaded', 529, 'overloaded_error'],
    ['timeout', 504, 'timeout_error'],
    ['upstream-unavailable', 502, 'api_error'],
    ['upstream-error', 502, 'api_error'],
    ['unsupported', 400, 'invalid_request_error'],
    ['internal', 500, 'api_error'],
  ] as const)('gateway error %s -> %i %s', (kind: IrErrorKind, status, type) => {
    const out = codec.error.fromIr({ kind, message: 'm', source: 'gateway' });
    expect(out).toEqual({ status, body: { type: 'error', error: { type, message: 'm' } } });
    expect(anthropicStrictErrorBodySchema.safeParse(out.body).success).toBe(true);
  });

  it('keeps the status an error carries', () => {
    expect(codec.error.fromIr({ kind: 'invalid-request', message: 'bad', status: 422 }).status).toBe(422);
  });

  it('answers an overload from any upstream (OpenAI or Gemini 503) as Anthropic does: 529 overloaded_error', () => {
    expect(codec.error.fromIr({ kind: 'overloaded', message: 'busy', status: 503, source: 'upstream' })).toEqual({
      status: 529,
      body: { type: 'error', error: { type: 'overloaded_error', message: 'busy' } },
    });
  });

  it('reads the field a message names, error codes in details, and bodies that are not Anthropic errors', () => {
    expect(
      codec.error.toIr(400, {
        type: 'error',
        error: { type: 'invalid_request_error', message: 'messages.0.content: bad' },
      }).param,
    ).toBe('messages.0.content');
    expect(
      codec.error.toIr(400, {
        type: 'error',
        error: { type: 'invalid_request_error', message: 'x', details: { error_code: 'tool_name_conflict' } },
      }).code,
    ).toBe('tool_name_conflict');
    expect(codec.error.toIr(503, '<html>Service Unavailable</html>')).toMatchObject({
      kind: 'overloaded',
      status: 503,
      message: '<html>Service Unavailable</html>',
    });
    expect(
      codec.error.toIr(500, { type: 'error', error: { type: 'brand_new_error', message: { nested: true } } }),
    ).toMatchObject({ kind: 'upstream-error', message: '{"nested":true}' });
    expect(codec.error.toIr(418, undefined)).toMatchObject({
      kind: 'invalid-request',
      message: 'Upstream error (HTTP 418)',
    });
  });
});
