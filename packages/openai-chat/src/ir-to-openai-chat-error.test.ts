import type { IrErrorKind } from '@interlingua/ir';
import { ERROR_KIND_STATUS } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { irErrorToOpenAiChat } from './ir-to-openai-chat-error.js';
import { openAiChatErrorToIr } from './openai-chat-error-to-ir.js';
import { openAiChatStrictErrorSchema } from './openai-chat-strict-schema.js';

const expected: Record<IrErrorKind, { type: string; code: string | null }> = {
  'invalid-request': { type: 'invalid_request_error', code: null },
  authentication: { type: 'invalid_request_error', code: 'invalid_api_key' },
  permission: { type: 'invalid_request_error', code: null },
  'not-found': { type: 'invalid_request_error', code: null },
  'request-too-large': { type: 'invalid_request_error', code: 'request_too_large' },
  'rate-limit': { type: 'requests', code: 'rate_limit_exceeded' },
  'quota-exceeded': { type: 'insufficient_quota', code: 'insufficient_quota' },
  overloaded: { type: 'server_error', code: null },
  timeout: { type: 'server_error', code: 'timeout' },
  'upstream-unavailable': { type: 'server_error', code: 'upstream_unavailable' },
  'upstream-error': { type: 'server_error', code: null },
  unsupported: { type: 'invalid_request_error', code: 'unsupported_value' },
  internal: { type: 'server_error', code: 'internal_error' },
};

describe('irErrorToOpenAiChat', () => {
  it.each(Object.entries(expected) as Array<[IrErrorKind, { type: string; code: string | null }]>)(
    '%s',
    (kind, wire) => {
      const { status, body } = irErrorToOpenAiChat({ kind, message: 'Something failed' });
      expect(status).toBe(kind === 'overloaded' ? 503 : ERROR_KIND_STATUS[kind]);
      expect(openAiChatStrictErrorSchema.safeParse(body).success).toBe(true);
      expect(body).toEqual({ error: { message: 'Something failed', type: wire.type, param: null, code: wire.code } });
      expect(openAiChatErrorToIr(status, body).kind).toBe(kind);
    },
  );

  it("answers Anthropic's 529 overload as 503, which OpenAI clients know", () => {
    expect(
      irErrorToOpenAiChat({ kind: 'overloaded', message: 'Overloaded', status: 529, source: 'upstream' }).status,
    ).toBe(503);
  });

  it('names model_not_found when a not-found error is about a model', () => {
    expect(irErrorToOpenAiChat({ kind: 'not-found', message: 'The model `x` does not exist' }).body.error.code).toBe(
      'model_not_found',
    );
  });

  it('keeps an upstream code, param and status', () => {
    const { status, body } = irErrorToOpenAiChat({
      kind: 'invalid-request',
      message: 'Too long',
      code: 'context_length_exceeded',
      param: 'messages',
      status: 422,
    });
    expect(status).toBe(422);
    expect(body.error).toEqual({
      message: 'Too long',
      type: 'invalid_request_error',
      param: 'messages',
      code: 'context_length_exceeded',
    });
  });
});

describe('openAiChatErrorToIr', () => {
  const cases: Array<[string, number, unknown, IrErrorKind]> = [
    [
      '401 invalid_api_key',
      401,
      { error: { message: 'bad key', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } },
      'authentication',
    ],
    [
      '404 model_not_found',
      404,
      { error: { message: 'no model', type: 'invalid_request_error', param: null, code: 'model_not_found' } },
      'not-found',
    ],
    [
      '429 rate_limit_exceeded',
      429,
      { error: { message: 'slow', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
      'rate-limit',
    ],
    [
      '429 insufficient_quota',
      429,
      { error: { message: 'pay', type: 'insufficient_quota', param: null, code: 'insufficient_quota' } },
      'quota-exceeded',
    ],
    [
      '403 permission',
      403,
      { error: { message: 'no', type: 'invalid_request_error', param: null, code: null } },
      'permission',
    ],
    [
      '403 region',
      400,
      {
        error: { message: 'no', type: 'request_forbidden', param: null, code: 'unsupported_country_region_territory' },
      },
      'permission',
    ],
    [
      '500 server_error',
      500,
      { error: { message: 'oops', type: 'server_error', param: null, code: null } },
      'upstream-error',
    ],
    [
      '503 overloaded',
      503,
      { error: { message: 'busy', type: 'server_error', param: null, code: null } },
      'overloaded',
    ],
    [
      '400 unsupported_parameter',
      400,
      { error: { message: 'nope', type: 'invalid_request_error', param: 'max_tokens', code: 'unsupported_parameter' } },
      'unsupported',
    ],
    [
      'vLLM flat body',
      400,
      { object: 'error', message: 'bad', type: 'BadRequestError', param: null, code: 400 },
      'invalid-request',
    ],
    ['string body', 502, '<html>Bad gateway</html>', 'upstream-error'],
    [
      'in-stream invalid_request_error',
      0,
      { error: { message: 'bad', type: 'invalid_request_error' } },
      'invalid-request',
    ],
  ];
  it.each(cases)('%s', (_name, status, body, kind) => {
    const error = openAiChatErrorToIr(status, body);
    expect(error.kind).toBe(kind);
    expect(error.source).toBe('upstream');
    expect(error.raw).toBe(body);
  });

  it('keeps the retry hint from a rate-limit message', () => {
    const error = openAiChatErrorToIr(429, {
      error: {
        message: 'Rate limit reached. Please try again in 1.5s.',
        type: 'tokens',
        code: 'rate_limit_exceeded',
        param: null,
      },
    });
    expect(error).toMatchObject({ kind: 'rate-limit', retryAfterSeconds: 2, status: 429, code: 'rate_limit_exceeded' });
  });
});
