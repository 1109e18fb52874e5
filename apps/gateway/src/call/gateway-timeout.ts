import { IrError } from '@interlingua/ir';

/** The gateway stopped the call for taking too long (total timeout, stream duration). */
export function gatewayTimeout(message: string): IrError {
  return new IrError({ kind: 'timeout', message, source: 'gateway' });
}
