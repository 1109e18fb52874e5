import type { IrErrorKind } from '@interlingua/ir';
import { ERROR_KIND_STATUS } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import {
  geminiCodec,
  geminiStrictErrorBodySchema,
  GOOGLE_RPC_STATUS_TABLE,
  IR_ERROR_KIND_TO_GOOGLE_RPC,
} from './index.js';

const apiKeyInvalid = {
  error: {
    code: 400,
    message: 'API key not valid. Please pass a valid API key.',
    status: 'INVALID_ARGUMENT',
    details: [
      { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' },
    ],
  },
};

describe('gemini error.toIr', () => {
  it('reads a bad API key (400 INVALID_ARGUMENT + API_KEY_INVALID) as authentication, answered 401 elsewhere', () => {
    const error = geminiCodec.error.toIr(400, apiKeyInvalid);
    expect(error).toMatchObject({ kind: 'authentication', status: 401, code: 'API_KEY_INVALID', source: 'upstream' });
    expect(geminiCodec.error.fromIr(error)).toEqual({ status: 400, body: apiKeyInvalid });
  });

  it('maps every google.rpc status by name, whatever the HTTP status says', () => {
    for (const [status, { kind }] of Object.entries(GOOGLE_RPC_STATUS_TABLE)) {
      expect(geminiCodec.error.toIr(500, { error: { code: 500, message: 'm', status } }).kind).toBe(kind);
    }
  });

  it('falls back to the HTTP status, reads array bodies and non-JSON bodies', () => {
    expect(geminiCodec.error.toIr(503, 'upstream connect error')).toMatchObject({
      kind: 'overloaded',
      message: 'upstream connect error',
      status: 503,
    });
    expect(
      geminiCodec.error.toIr(0, [{ error: { code: 403, message: 'no', status: 'PERMISSION_DENIED' } }]),
    ).toMatchObject({ kind: 'permission', status: 403 });
    expect(geminiCodec.error.toIr(401, { error: { message: 'x' } })).toMatchObject({
      kind: 'authentication',
      status: 401,
      code: null,
    });
    expect(geminiCodec.error.toIr(500, null)).toMatchObject({
      kind: 'upstream-error',
      message: 'Gemini upstream error (HTTP 500)',
    });
  });
});

describe('gemini error.fromIr', () => {
  it.each(Object.keys(ERROR_KIND_STATUS) as IrErrorKind[])(
    '%s becomes a strict Gemini error body with its google.rpc status',
    (kind) => {
      const { status, body } = geminiCodec.error.fromIr({ kind, message: `a ${kind} error` });
      expect(geminiStrictErrorBodySchema.safeParse(body).success).toBe(true);
      const expected = IR_ERROR_KIND_TO_GOOGLE_RPC[kind];
      expect(body).toEqual({ error: { code: status, message: `a ${kind} error`, status: expected.status } });
      expect(status).toBe(kind === 'overloaded' ? 503 : ERROR_KIND_STATUS[kind]);
    },
  );

  it('keeps the error code and retry hint as google.rpc details', () => {
    const { status, body } = geminiCodec.error.fromIr({
      kind: 'rate-limit',
      message: 'slow down',
      code: 'rate_limit_exceeded',
      retryAfterSeconds: 20,
      source: 'upstream',
      raw: { error: { type: 'rate_limit_error' } },
    });
    expect(status).toBe(429);
    expect(body).toEqual({
      error: {
        code: 429,
        message: 'slow down',
        status: 'RESOURCE_EXHAUSTED',
        details: [
          { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'rate_limit_exceeded', domain: 'interlingua' },
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '20s' },
        ],
      },
    });
  });

  it('answers an explicit status and never 529', () => {
    expect(geminiCodec.error.fromIr({ kind: 'invalid-request', message: 'big', status: 413 }).status).toBe(413);
    expect(geminiCodec.error.fromIr({ kind: 'overloaded', message: 'busy', status: 529 }).status).toBe(503);
  });
});
