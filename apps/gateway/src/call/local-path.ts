import type { IrStreamEvent } from '@interlingua/ir';
import { createResponseAccumulator } from '@interlingua/ir-utils';
import type { LocalProviderAdapter } from '@interlingua/provider-adapters';
import { stopReason } from './call-control.js';
import type { GenerationContext } from '../context/generation-call.js';
import type { RequestStop } from '../context/request-stop.js';
import { irRequestForTarget } from './ir-request-for-target.js';
import { IrStreamWriter } from './ir-stream-writer.js';
import { sendTranslatedResponse } from './translated-response.js';

/** Answers from a provider that runs inside the gateway (the mock). */
export async function runLocalPath(
  call: GenerationContext,
  adapter: LocalProviderAdapter,
  signal: RequestStop,
): Promise<void> {
  const target = call.outcome.target;
  if (!target) return;
  call.outcome.path = 'local';
  const ir = irRequestForTarget(call);
  const events = adapter.generate(ir, { settings: target.settings, signal: signal.asAbortSignal() });
  if (!call.stream) {
    const accumulator = createResponseAccumulator();
    for await (const event of events) accumulator.push(event);
    const stopped = stopReason(signal);
    if (stopped) throw stopped;
    await sendTranslatedResponse(call, accumulator.result());
    return;
  }
  const writer = new IrStreamWriter(call);
  let batch: IrStreamEvent[] = [];
  for await (const event of events) {
    batch.push(event);
    if (event.type === 'response-start') continue;
    await writer.push(batch);
    batch = [];
  }
  const stopped = stopReason(signal);
  if (stopped) return writer.fail(stopped.data);
  await writer.push(batch);
  await writer.finish();
}
