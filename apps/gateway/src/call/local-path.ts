import type { IrStreamEvent } from '@interlingua/ir';
import { createResponseAccumulator } from '@interlingua/ir-utils';
import type { LocalProviderAdapter } from '@interlingua/provider-adapters';
import type { GenerationRequest } from '../context/generation-call.js';
import type { RequestStop } from '../context/request-stop.js';
import { irRequestForTarget, type DecodableRequest } from './ir-request-for-target.js';
import { IrStreamWriter, type WrittenRequest, type WrittenRun } from './ir-stream-writer.js';
import { sendTranslatedResponse } from './translated-response.js';

/** What the local path reads of the request, and touches of the run. */
type LocalRequest = DecodableRequest & WrittenRequest & Pick<GenerationRequest, 'stream' | 'ops'>;

/** Answers from a provider that runs inside the gateway (the mock). */
export async function runLocalPath(
  request: LocalRequest,
  run: WrittenRun,
  adapter: LocalProviderAdapter,
  signal: RequestStop,
): Promise<void> {
  const target = run.outcome.target;
  if (!target) return;
  run.outcome.took('local');
  const ir = irRequestForTarget(request, run);
  const events = adapter.generate(ir, { settings: target.settings, signal: signal.asAbortSignal() });
  if (!request.stream) {
    const accumulator = createResponseAccumulator();
    for await (const event of events) accumulator.push(event);
    const stopped = signal.stopReason();
    if (stopped) throw stopped;
    await sendTranslatedResponse(request, run, accumulator.result());
    return;
  }
  const writer = new IrStreamWriter(request, run);
  let batch: IrStreamEvent[] = [];
  for await (const event of events) {
    batch.push(event);
    if (event.type === 'response-start') continue;
    await writer.push(batch);
    batch = [];
  }
  const stopped = signal.stopReason();
  if (stopped) return writer.fail(stopped.data);
  await writer.push(batch);
  await writer.finish();
}
