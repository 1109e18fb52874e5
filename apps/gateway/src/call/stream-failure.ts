import type { IrErrorData } from '@interlingua/ir';
import type { CallOps } from '../context/call-ops.js';
import type { CallOutcome } from '../context/generation-call.js';

/** Records a failure reported in-band after the commit point: for the log line and the upstream error metric. */
export function noteStreamFailure(outcome: CallOutcome, metrics: CallOps['metrics'], error: IrErrorData): void {
  outcome.failed(error);
  const provider = outcome.target?.settings.id;
  if (error.source === 'upstream' && provider) metrics?.upstreamErrors.inc({ provider, kind: error.kind });
}
