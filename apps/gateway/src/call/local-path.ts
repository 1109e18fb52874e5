import type { LocalProviderAdapter } from '@interlingua/provider-adapters';
import type { GenerationRequest } from '../context/generation-call.js';
import type { RequestStop } from '../context/request-stop.js';
import { irRequestForTarget, type DecodableRequest } from './ir-request-for-target.js';
import { writeIrEvents, type WrittenRequest, type WrittenRun } from './ir-stream-writer.js';

/** What the local path reads of the request, and touches of the run. */
type LocalRequest = DecodableRequest & WrittenRequest & Pick<GenerationRequest, 'stream' | 'ops'>;

/** Answers from a provider that runs inside the gateway (the mock): its IR events go to the answer writer. */
export async function runLocalPath(
  request: LocalRequest,
  run: WrittenRun,
  adapter: LocalProviderAdapter,
  signal: RequestStop,
): Promise<void> {
  const target = run.outcome.target;
  if (!target) return;
  const ir = irRequestForTarget(request, run);
  const events = adapter.generate(ir, { settings: target.settings, signal: signal.asAbortSignal() });
  await writeIrEvents(request, run, events, signal);
}
