import { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import type { GatewayRuntime } from '../operations/gateway-ops.js';
import { requireOperator } from './operator-state.js';

describe('requireOperator', () => {
  it('answers 404 no_database naming what needs the database, on a gateway without one', () => {
    const runtime = {} as GatewayRuntime;
    let thrown: unknown;
    try {
      requireOperator(runtime, 'Keys at runtime need');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(IrError);
    expect((thrown as IrError).data).toMatchObject({
      kind: 'unsupported',
      status: 404,
      code: 'no_database',
      message: 'Keys at runtime need a database: add a database section to the config',
    });
  });
});
