import { AggregatorRegistry, type Registry } from 'prom-client';
import { CONTROL_CHANNEL, isControlMessage, type PrimaryMessage, type WorkerMessage } from './control-protocol.js';

/**
 * `/metrics` in a worker: asks the primary for every worker's metrics, summed by prom-client's
 * aggregator, and answers this worker's part when the primary asks for it.
 */
export function workerMetricsText(registry: Registry): () => Promise<string> {
  // Constructing one makes prom-client answer the primary's requests, from these registries.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  const pending = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();
  let nextId = 1;
  process.on('message', (message: unknown) => {
    if (!isControlMessage(message) || message.type !== 'metrics') return;
    const answer = message as Extract<PrimaryMessage, { type: 'metrics' }>;
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (answer.text !== undefined) waiting?.resolve(answer.text);
    else waiting?.reject(new Error(`metrics from the other workers: ${answer.error ?? 'no answer'}`));
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      const request: WorkerMessage = { channel: CONTROL_CHANNEL, type: 'metrics', id };
      process.send?.(request);
    });
}

/** The primary's side: every worker's metrics, summed (counters and histograms added up). */
export function primaryMetrics(): () => Promise<string> {
  const aggregator = new AggregatorRegistry();
  return () => aggregator.clusterMetrics();
}
