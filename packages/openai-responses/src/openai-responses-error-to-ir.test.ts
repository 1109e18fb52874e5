import type { IrErrorKind } from '@interlingua/ir';
import { ERROR_KIND_STATUS } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { listRecordings, recordingJson } from '@interlingua/testkit';
import { irToOpenAiResponsesError } from './ir-to-openai-responses-error.js';
import { openAiResponsesErrorToIr } from './openai-responses-error-to-ir.js';

const errors = listRecordings('openai-responses', (row) => row.http_status >= 400);

describe('openAiResponsesErrorToIr', () => {
  const expectedKind: Record<string, IrErrorKind> = {
    invalid_api_key: 'authentication',
    model_not_found: 'not-found',
    decimal_below_min_value: 'invalid-request',
  };

  it.each(errors.map((r) => [r.file, r] as const))('%s maps as its sidecar says', (_file, recording) => {
    const expected = recording.expect.error as { type: string; code: string; message: string; param: string | null };
    const body = recordingJson(recording);
    const ir = openAiResponsesErrorToIr(recording.http_status, body);
    expect(ir).toEqual({
      kind: expectedKind[expected.code],
      message: expected.message,
      code: expected.code,
      param: expected.param,
      status: recording.http_status,
      source: 'upstream',
      raw: body,
    });
    const back = irToOpenAiResponsesError(ir);
    expect(back.status).toBe(recording.http_status);
    expect(back.body.error).toMatchObject({ message: expected.message, code: expected.code, param: expected.param });
  });

  it('uses the type, then the status, when the code says nothing', () => {
    expect(
      openAiResponsesErrorToIr(429, { error: { message: 'm', type: 'insufficient_quota', code: null } }).kind,
    ).toBe('quota-exceeded');
    expect(
      openAiResponsesErrorToIr(429, { error: { message: 'm', type: 'tokens', code: 'rate_limit_exceeded' } }).kind,
    ).toBe('rate-limit');
    expect(openAiResponsesErrorToIr(503, { error: { message: 'm', type: 'weird', code: null } }).kind).toBe(
      'overloaded',
    );
    expect(openAiResponsesErrorToIr(500, 'Internal Server Error')).toMatchObject({
      kind: 'upstream-error',
      message: 'Internal Server Error',
      status: 500,
    });
    expect(openAiResponsesErrorToIr(0, { error: { message: 'in-band' } })).toMatchObject({
      kind: 'upstream-error',
      message: 'in-band',
    });
  });
});

describe('irToOpenAiResponsesError', () => {
  it('writes the OpenAI envelope with all four keys and the kind status', () => {
    const kinds = Object.keys(ERROR_KIND_STATUS) as IrErrorKind[];
    for (const kind of kinds) {
      const { status, body } = irToOpenAiResponsesError({ kind, message: 'x' });
      // OpenAI clients know no 529: an overload is a 503.
      expect(status).toBe(ERROR_KIND_STATUS[kind] === 529 ? 503 : ERROR_KIND_STATUS[kind]);
      expect(Object.keys(body.error).sort()).toEqual(['code', 'message', 'param', 'type']);
    }
    expect(irToOpenAiResponsesError({ kind: 'authentication', message: 'bad key' }).body.error).toEqual({
      message: 'bad key',
      type: 'invalid_request_error',
      param: null,
      code: 'invalid_api_key',
    });
    expect(irToOpenAiResponsesError({ kind: 'quota-exceeded', message: 'q' }).body.error).toMatchObject({
      type: 'insufficient_quota',
      code: 'insufficient_quota',
    });
    expect(
      irToOpenAiResponsesError({ kind: 'invalid-request', message: 'bad', param: 'input[0].role', status: 422 }),
    ).toEqual({
      status: 422,
      body: { error: { message: 'bad', type: 'invalid_request_error', param: 'input[0].role', code: null } },
    });
  });
});
