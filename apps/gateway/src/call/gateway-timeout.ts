import type { IrError } from '@interlingua/ir';
import { gatewayError } from '../http/style-errors.js';

/** The gateway stopped the call for taking too long (total timeout, stream duration). */
export function gatewayTimeout(message: string): IrError {
  return gatewayError('timeout', message);
}
