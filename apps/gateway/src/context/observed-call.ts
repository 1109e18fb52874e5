import type { CallOps } from './call-ops.js';
import type { CallOutcome } from './generation-call.js';
import type { CarrierCounts } from './carrier-counts.js';

/**
 * What the request observer (log line, metrics, usage charge) reads from a call: the shape a
 * service call (`ServiceCall`: embeddings, rerank, images, audio) has, and the route makes of a
 * generation call's request and run, so both are tracked by the same code. A count-tokens call
 * is one too (without usage: counting is never charged tokens).
 */
export interface ObservedCall {
  /** The model name the caller asked for. */
  model: string;
  /** Target (provider, upstream model), attempts, path, usage, warnings, first byte, last error. */
  outcome: CallOutcome;
  /** Prices for the cost; the defaults (no prices) when absent. */
  ops?: CallOps;
  /** The caller's request style (generation calls). */
  inbound?: { wire: string };
  /** The service of a non-generation call (`embeddings`, `rerank`, `images.generations`, …). */
  service?: string;
  /** Whether the caller asked for a streamed answer, when the call knows it. */
  stream?: boolean;
  /** The reasoning carriers the call sealed, opened and dropped (generation calls). */
  reasoning?: { carriers: CarrierCounts } | undefined;
  /** The inbound body, for the log when body logging is on. */
  rawBody?: Buffer;
}
