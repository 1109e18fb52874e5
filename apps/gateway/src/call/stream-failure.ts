import type { IrErrorData } from '@interlingua/ir';
import type { GenerationContext } from '../context/generation-call.js';

/** Records a failure reported in-band after the commit point: for the log line and the upstream error metric. */
export function noteStreamFailure(call: GenerationContext, error: IrErrorData): void {
  call.outcome.lastError = error;
  const provider = call.outcome.target?.settings.id;
  if (error.source === 'upstream' && provider) call.ops?.metrics?.upstreamErrors.inc({ provider, kind: error.kind });
}
