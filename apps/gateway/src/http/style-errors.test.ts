import { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { asIrError, errorText, gatewayError, upstreamError } from './style-errors.js';

describe("the gateway's own errors", () => {
  it('are raised by the gateway, with only the fields given beside kind and message', () => {
    expect(
      gatewayError('not-found', 'No team with id "t1"', { code: 'team_not_found', param: 'id' }).data,
    ).toStrictEqual({
      kind: 'not-found',
      message: 'No team with id "t1"',
      code: 'team_not_found',
      param: 'id',
      source: 'gateway',
    });
    const bare = gatewayError('overloaded', 'shutting down', { status: 503 });
    expect(bare.data).toStrictEqual({ kind: 'overloaded', message: 'shutting down', status: 503, source: 'gateway' });
    expect(bare.status).toBe(503);
  });

  it('name the upstream when its answer cannot be used', () => {
    expect(upstreamError('empty body').data).toStrictEqual({
      kind: 'upstream-error',
      message: 'empty body',
      source: 'upstream',
    });
  });

  it('say what any thrown value says', () => {
    expect(errorText(new Error('boom'))).toBe('boom');
    expect(errorText('plain')).toBe('plain');
    expect(asIrError(42).data).toStrictEqual({
      kind: 'internal',
      message: 'Internal gateway error: 42',
      source: 'gateway',
    });
    const known = new IrError({ kind: 'timeout', message: 'late' });
    expect(asIrError(known)).toBe(known);
  });
});
