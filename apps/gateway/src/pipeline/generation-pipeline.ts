import { IrError, type IrErrorKind } from '@interlingua/ir';
import { codecFor } from '@interlingua/provider-adapters';
import { runFastPath } from './fast-path.js';
import type { GenerationCall } from './generation-call.js';
import { runLocalPath } from './local-path.js';
import { runTranslatedPath } from './translated-path.js';

/** Upstream failures after which the next target may be tried (before the commit point only). */
const FALLBACK_KINDS = new Set<IrErrorKind>(['rate-limit', 'quota-exceeded', 'overloaded', 'timeout', 'upstream-unavailable', 'upstream-error']);

/**
 * Runs a generation call against its route's targets in order. A target that fails before the
 * first byte reached the caller with an upstream failure hands over to the next; anything else
 * ends the call. Errors the gateway raised itself are never failed over.
 */
export async function runGeneration(call: GenerationCall): Promise<void> {
  let lastError: IrError | undefined;
  for (const target of call.route.targets) {
    call.outcome.attempts++;
    call.outcome.target = target;
    try {
      await runTarget(call);
      return;
    } catch (error) {
      const irError = asIrError(error);
      if (call.sink.committed || call.signal.aborted) {
        call.sink.end();
        return;
      }
      if (irError.data.source !== 'upstream' || !FALLBACK_KINDS.has(irError.data.kind)) throw irError;
      lastError = irError;
    }
  }
  throw lastError ?? new IrError({ kind: 'upstream-unavailable', message: `No provider is configured for model "${call.model}"`, source: 'gateway' });
}

async function runTarget(call: GenerationCall): Promise<void> {
  const target = call.outcome.target;
  if (!target) return;
  const adapter = target.adapter;
  if (adapter.kind === 'local') return runLocalPath(call, adapter);
  const wire = adapter.wire(target.settings);
  const sameFraming = call.framer.contentType === 'text/event-stream' || !call.stream;
  if (wire === call.inbound.wire && sameFraming && !call.forceTranslation) return runFastPath(call, adapter, codecFor(wire));
  return runTranslatedPath(call, adapter);
}

/** Any thrown value as an `IrError`; unexpected ones are the gateway's own internal errors. */
export function asIrError(error: unknown): IrError {
  if (error instanceof IrError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new IrError({ kind: 'internal', message: `Internal gateway error: ${message}`, source: 'gateway' });
}
